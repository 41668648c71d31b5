import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';

// `oauth-lab mcp`'s command line, in-process: bad input is refused with exit 2 naming what is wrong, and a server
// that never asks for a token is not a success (exit 0 means the server answered with the token).
describe('oauth-lab mcp: the command line', () => {
  it.each([
    [[], /the MCP server URL is required/],
    [['a', 'b'], /expected one MCP server URL; got "a", "b"/],
    [['ftp://x/mcp'], /URL: .*scheme "ftp" is not supported/],
    [['https://x/mcp', '--client-id', 'a', '--client-metadata-url', 'https://c/d.json'], /both name the client/],
    [['https://x/mcp', '--client-metadata-url', 'http://example.com/c.json'], /must be an https URL with a path/],
    [
      ['https://x/mcp', '--client-auth', 'jwt'],
      /--client-auth must be one of none, body, basic, client_secret_jwt, private_key_jwt, tls_client_auth, self_signed_tls_client_auth; got "jwt"/,
    ],
    [
      ['https://x/mcp', '--grant', 'implicit'],
      /--grant must be authorization-code, client-credentials, jwt-bearer or id-jag; got "implicit"/,
    ],
    [['https://x/mcp', '--grant', 'client-credentials'], /--grant client-credentials needs --client-id/],
    [['https://x/mcp', '--grant', 'jwt-bearer', '--client-id', 'a'], /--grant jwt-bearer needs --assertion-file FILE/],
    [['https://x/mcp', '--assertion-file', '/nonexistent'], /--assertion goes with --grant jwt-bearer/],
    [['https://x/mcp', '--id-token-file', '/nonexistent'], /--id-token goes with --grant id-jag/],
    [
      ['https://x/mcp', '--grant', 'id-jag', '--client-id', 'a', '--idp-token-endpoint', 'idp/token'],
      /--idp-token-endpoint: /,
    ],
    [
      ['https://x/mcp', '--grant', 'id-jag', '--client-id', 'a', '--idp-token-endpoint', 'https://idp/token'],
      /--grant id-jag needs --idp-client-id ID/,
    ],
    [['https://x/mcp', '--client-id', 'a', '--client-auth', 'private_key_jwt'], /needs --private-key FILE/],
    [['https://x/mcp', '--client-auth', 'private_key_jwt'], /--client-auth private_key_jwt needs --client-id/],
    [
      ['https://x/mcp', '--client-id', 'a', '--client-auth', 'tls_client_auth'],
      /needs --client-cert FILE and --client-key FILE/,
    ],
    [
      ['https://x/mcp', '--client-id', 'a', '--assertion-aud', 'rs'],
      /--assertion-aud must be token_endpoint or issuer/,
    ],
    [['https://x/mcp', '--dpop-key', 'k.jwk'], /--dpop-key goes with --dpop/],
    [
      ['https://x/mcp', '--dpop', '--dpop-mistake', 'htm-wrong'],
      /--dpop-mistake belongs to oauth-lab flow \(and oauth-lab call\), not to oauth-lab mcp/,
    ],
    [['https://x/mcp', '--arguments', '{}'], /--arguments goes with --call TOOL/],
    [['https://x/mcp', '--call', 't', '--arguments', '[1]'], /--arguments must be a JSON object/],
    [['https://x/mcp', '--call', 't', '--arguments', '{'], /--arguments is not JSON/],
    [['https://x/mcp', '--bogus'], /Unknown option '--bogus'/],
  ])('refuses %j', async (args, why) => {
    const r = await runCli(['mcp', ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(why);
  });
  it('--help names the flags, and the URL may come last (as the conformance suite appends it)', async () => {
    const help = await runCli(['mcp', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--client-metadata-url HTTPS-URL');
    expect(help.out).toContain('Exit code 0 only when the server answered with the token');
  });

  describe('against a server that asks for no token', () => {
    let server: Server;
    let url = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (d) => (body += d));
        req.on('end', () => {
          const m = JSON.parse(body) as { id?: number; method: string };
          if (m.id === undefined) return res.writeHead(202).end();
          const result = m.method === 'tools/list' ? { tools: [{ name: 'open' }] } : { protocolVersion: '2025-11-25' };
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: m.id, result })}\n\n`);
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    it('lists the tools but exits 1: nothing was authorized', async () => {
      const r = await runCli(['mcp', '--no-open', url]);
      expect(r.out).toBe('open\n');
      expect(r.err).toContain('The server answered without asking for a token: nothing was authorized.');
      expect(r.code).toBe(1);
    });
  });
});

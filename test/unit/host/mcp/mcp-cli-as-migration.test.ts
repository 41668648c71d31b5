import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// An MCP server that moves to another authorization server mid-run (SEP-2352), over sockets: two mocks are the two
// authorization servers; the MCP server's protected resource metadata names the first until a token of it has been
// used once, then the second, and refuses the first's tokens from then on. The client must register at the second
// and never send it the first's client.
const as1 = new Harness({ autoLoginUser: 'demo' });
const as2 = new Harness({ autoLoginUser: 'demo' });
let mcp: Server;
let url = '';
let moved = false;
const before = new Set<string>();

function answer(method: string, token: string | null): { status: number; body: unknown } {
  if (token && !moved) {
    before.add(token);
    moved = true;
  } else if (!token || before.has(token)) return { status: 401, body: { error: 'invalid_token' } };
  const result = method === 'server/discover' ? { supportedVersions: ['2026-07-28'] } : { tools: [{ name: 'moved' }] };
  return { status: 200, body: { jsonrpc: '2.0', id: 1, result } };
}

beforeAll(async () => {
  await Promise.all([as1.start(), as2.start()]);
  mcp = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const json = (status: number, value: unknown, headers = {}) =>
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (req.url === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: url, authorization_servers: [moved ? as2.base : as1.base] });
      const { method, id } = JSON.parse(body) as { method: string; id: number };
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const { status, body: reply } = answer(method, token);
      const challenge = `Bearer resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`;
      json(status, status === 200 ? { ...(reply as object), id } : reply, { 'WWW-Authenticate': challenge });
    });
  });
  await new Promise<void>((r) => mcp.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(mcp.address() as { port: number }).port}/mcp`;
});
afterAll(async () => {
  await Promise.all([as1.stop(), as2.stop(), new Promise((r) => mcp.close(r))]);
});

describe('oauth-lab mcp when the authorization server moves', () => {
  it('registers anew at the new authorization server and never sends it the old one’s client', async () => {
    const r = await runMcpCli([url, '--no-open', '--allow-private-targets', '--protocol-version', '2026-07-28']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^moved$/m);
    const registered = [...r.stderr.matchAll(/^Registered client_id ([^\s,.]+)/gm)].map((m) => m[1]!);
    expect(registered).toHaveLength(2);
    expect(r.stderr).toContain(`The authorization server is now ${as2.base}, not ${as1.base}`);
    expect(r.opened.map((u) => new URL(u).origin)).toEqual([as1.base, as2.base]);
    const seenAtAs2 = (await as2.send({ path: '/_mock/events.json' })).body;
    expect(seenAtAs2).toContain(registered[1]);
    expect(seenAtAs2).not.toContain(registered[0]);
  });
});

import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// `oauth-lab mcp` against the mock's MCP endpoint, over sockets: the mock approves as demo (auto-login), each
// fault of the mcpFault switch breaks one link, and the client must refuse it before (or instead of) using a token.
const h = new Harness({ autoLoginUser: 'demo' });
let documents: Server;
let documentBase = '';
/** Client ID metadata documents served on loopback, by path. */
const served = new Map<string, unknown>();
beforeAll(async () => {
  await h.start();
  documents = createServer((req, res) => {
    const doc = served.get(req.url ?? '');
    res.writeHead(doc ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(doc ?? {}));
  });
  await new Promise<void>((r) => documents.listen(0, '127.0.0.1', r));
  documentBase = `http://127.0.0.1:${(documents.address() as { port: number }).port}`;
});
afterAll(async () => {
  await h.stop();
  await new Promise((r) => documents.close(r));
});
afterEach(() => h.settings({ switches: { mcpFault: 'off' } }));

const preRegistered = ['--client-id', C.client.id, '--client-secret', C.client.secret, '--no-open'];

describe('oauth-lab mcp against the mock', () => {
  it('walks the chain, lists the tools, and steps up to scope write for write_note (--json)', async () => {
    const r = await runMcpCli([
      `${h.base}/mcp`,
      ...preRegistered,
      '--json',
      '--call',
      'write_note',
      '--arguments',
      '{"text":"hello"}',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { name: string }[]; result: { content: { text: string }[] } };
    expect(out.tools.map((t) => t.name)).toEqual(['whoami', 'write_note']);
    expect(out.result.content[0]!.text).toBe('note saved for demo: hello');
    expect(r.opened).toHaveLength(2);
    const [first, second] = r.opened.map((u) => new URL(u).searchParams);
    expect(first!.get('resource')).toBe(`${h.base}/mcp`);
    expect(first!.get('code_challenge_method')).toBe('S256');
    expect(first!.get('scope')).toBe('read');
    expect(second!.get('scope')).toBe('read write');
    expect(r.stderr).toContain(`resource_metadata="${h.base}/.well-known/oauth-protected-resource/mcp"`);
    expect(r.stderr).toMatch(/ok {3}PKCE S256/);
    expect(r.stderr).toContain('insufficient_scope: step-up authorization with scope read write');
    expect(r.stderr).not.toContain(C.client.secret);
  });
  it('a client ID metadata document on loopback is the client_id; the mock fetches and checks it', async () => {
    const url = `${documentBase}/client.json`;
    served.set('/client.json', { client_id: url, client_name: 'test', redirect_uris: ['http://127.0.0.1/callback'] });
    const r = await runMcpCli([`${h.base}/mcp`, '--client-metadata-url', url, '--no-open', '--call', 'whoami']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`client_id is the document's URL ${url}`);
    expect(r.stdout).toMatch(/^whoami {2}Who the access token speaks for/m);
    expect(r.stdout).toContain(`"text": "user demo, client ${url}, scope \\"read\\", resource ${h.base}/mcp"`);
  });
  it.each([
    ['wrong-resource', 'resource metadata', /does not name the MCP server/],
    ['no-pkce', 'authorization server metadata', /code_challenge_methods_supported is absent.*refuse to proceed/],
    ['no-authorization-endpoint', 'authorization server metadata', /authorization_endpoint is absent.*RFC 8414 §2/],
  ])('mcpFault %s: refused at %s, before any authorization request', async (fault, step, why) => {
    await h.settings({ switches: { mcpFault: fault } });
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed at ${step}:`);
    expect(r.stderr).toMatch(why);
    expect(r.opened).toEqual([]);
  });
  it('mcpFault audience-mismatch: the token issued for another resource is refused by the endpoint, and the client stops', async () => {
    await h.settings({ switches: { mcpFault: 'audience-mismatch' } });
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered]);
    expect(r.code).toBe(1);
    expect(r.opened).toHaveLength(1);
    expect(r.stderr).toContain(
      'failed at server/discover: The MCP server refused the access token its authorization server just issued'
    );
    expect(r.stderr).toContain(`issued for resource ${h.base}/another-resource`);
  });
  it("mcpFault dcr-refused: registration refused in the server's words, the client names its other ways in and opens nothing", async () => {
    await h.settings({ switches: { mcpFault: 'dcr-refused' } });
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'failed at registration: Dynamic client registration was refused with HTTP 400: invalid_client_metadata (This authorization server does not register clients dynamically'
    );
    expect(r.stderr).toContain('Give a pre-registered client ID (and its secret), or a client ID metadata document');
    expect(r.opened).toEqual([]);
  });
  it('mcpFault dcr-refused: a pre-registered client still gets in (the fallback the refusal names)', async () => {
    await h.settings({ switches: { mcpFault: 'dcr-refused' } });
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered]);
    expect(r.code).toBe(0);
    expect(r.opened).toHaveLength(1);
  });
});

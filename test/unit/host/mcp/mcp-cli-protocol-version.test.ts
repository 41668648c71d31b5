import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// `oauth-lab mcp --protocol-version`, over sockets against the mock: 2026-07-28 is the stateless wire
// (server/discover, per-request _meta, Mcp-Method/Mcp-Name headers, no initialize), 2025-11-25 the initialize
// handshake; without the flag, the newest the server speaks, said in the output.
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => h.settings({ switches: { mcpFault: 'off' } }));

const preRegistered = ['--client-id', C.client.id, '--client-secret', C.client.secret, '--no-open'];
interface McpEvent {
  readonly id: number;
  readonly endpoint: string;
  readonly exchange: { readonly request: { readonly headers: [string, string][]; readonly body: string | null } };
}
const events = async () => JSON.parse((await h.send({ path: '/_mock/events.json' })).body).events as McpEvent[];
let since = 0;
const mark = async () => void (since = Math.max(0, ...(await events()).map((e) => e.id)));
/** The MCP requests the mock answered since mark(): each one's method, _meta and headers. */
const mcpRequests = async () =>
  (await events())
    .filter((e) => e.id > since && e.endpoint === 'mcp.endpoint')
    .map((e) => ({
      ...(JSON.parse(e.exchange.request.body || '{}') as { method?: string; params?: { _meta?: object } }),
      headers: Object.fromEntries(e.exchange.request.headers.map(([n, v]) => [n.toLowerCase(), v])),
    }));

describe('oauth-lab mcp --protocol-version', () => {
  it('without it, 2026-07-28 (the newest the mock speaks): server/discover, no initialize, _meta on each request', async () => {
    await mark();
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered, '--call', 'whoami']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('MCP protocol version 2026-07-28 (the newest the server speaks)');
    expect(r.stdout).toMatch(/^whoami {2}Who the access token speaks for/m);
    const sent = await mcpRequests();
    expect([...new Set(sent.map((m) => m.method))]).toEqual(['server/discover', 'tools/list', 'tools/call']);
    for (const m of sent) {
      expect(m.params?._meta).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
      expect(m.headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': m.method });
    }
    expect(sent.find((m) => m.method === 'tools/call')!.headers['mcp-name']).toBe('whoami');
  });
  it('2025-11-25: the initialize handshake, as before', async () => {
    await mark();
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered, '--protocol-version', '2025-11-25']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('MCP protocol version 2025-11-25 (asked for)');
    const methods = (await mcpRequests()).map((m) => m.method);
    expect(methods).toContain('initialize');
    expect(methods).not.toContain('server/discover');
  });
  it('mcpFault only-2025-11-25: without the flag, the client falls back to 2025-11-25 and says why', async () => {
    await h.settings({ switches: { mcpFault: 'only-2025-11-25' } });
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('The server does not speak 2026-07-28');
    expect(r.stderr).toContain('MCP protocol version 2025-11-25 (the newest the server speaks)');
    expect(r.stdout).toMatch(/^whoami /m);
  });
  it('mcpFault only-2025-11-25: --protocol-version 2026-07-28 stops, naming what the server said', async () => {
    await h.settings({ switches: { mcpFault: 'only-2025-11-25' } });
    const r = await runMcpCli([`${h.base}/mcp`, ...preRegistered, '--protocol-version', '2026-07-28']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at server/discover: The server does not speak 2026-07-28');
  });
  it('refuses another value, naming the two', async () => {
    const r = await runCli(['mcp', 'https://x/mcp', '--protocol-version', '2025-06-18']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--protocol-version must be 2026-07-28 or 2025-11-25; got "2025-06-18".');
  });
});

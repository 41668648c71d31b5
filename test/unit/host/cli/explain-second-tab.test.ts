import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../mock-provider/load-config';
import { MockProvider } from '../../../../mock-provider/server';
import { causeIds, HarRecorder } from './explain-recorder';

/**
 * A second tab: the client keeps one state per session, so starting a second authorization request replaces the
 * first one's state; the user then logs in on the first tab and the client's callback refuses the redirect
 * (RFC 6749 §10.12). Recorded over real sockets: the mock's login page and a client's callback that checks state.
 */
let mock: MockProvider;
let client: Server;
let redirectUri = '';
let sessionState = '';

beforeAll(async () => {
  client = createServer((req, res) => {
    const state = new URL(req.url ?? '/', 'http://x').searchParams.get('state');
    res.statusCode = state === sessionState ? 200 : 400;
    res.end(state === sessionState ? 'signed in' : 'state does not match this session');
  });
  await new Promise<void>((r) => client.listen(0, '127.0.0.1', r));
  redirectUri = `http://127.0.0.1:${(client.address() as { port: number }).port}/callback`;
  const config = configSchema.parse({
    oauth2: { clients: [{ id: 'tab-client', secret: 'tab-client-secret', redirectUris: [redirectUri] }] },
  });
  mock = new MockProvider({ config });
  await mock.start({ port: 0 });
});
afterAll(async () => {
  await mock.stop();
  await new Promise<void>((r) => client.close(() => r()));
});

/** Opens the authorization request in a tab: the client remembers its state, the mock shows its login page. */
async function open(rec: HarRecorder, state: string): Promise<string> {
  sessionState = state;
  const q = new URLSearchParams({ response_type: 'code', client_id: 'tab-client', redirect_uri: redirectUri, state });
  const page = await rec.get(`${mock.baseUrl}/oauth/v2/authorize?${q}`);
  return /name="csrf" value="([^"]+)"/.exec(page.response.bodyText)![1]!;
}

/** Logs in on that tab's page and follows the redirect to the client's callback. */
async function logIn(rec: HarRecorder, csrf: string): Promise<number> {
  const x = await rec.post(`${mock.baseUrl}/oauth/v2/authorize`, {
    csrf,
    username: 'demo',
    password: 'demo',
    decision: 'approve',
  });
  const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
  return (await rec.get(location)).response.status;
}

describe('explain: two authorization requests in flight', () => {
  it('the callback of the first tab, refused by the client, is state_mismatch', async () => {
    const rec = new HarRecorder();
    const first = await open(rec, 'state-tab-1');
    await open(rec, 'state-tab-2');
    expect(await logIn(rec, first)).toBe(400);
    const e = await rec.explain();
    // The redirect answers the first tab's request, whose state it carries; the second tab's was never answered.
    expect(e.legs.map((l) => [l.kind, l.entries, l.ok])).toEqual([
      ['authorization', [0, 2, 3], false],
      ['authorization', [1], true],
    ]);
    expect(causeIds(e, 0)[0]).toBe('state_mismatch');
    expect(e.causes[0]!.evidence).toMatch(
      // The state is fingerprinted (docs/security.md): the same value, the same fingerprint.
      /entry 1 started a second authorization request \(state "\[secret [0-9a-f]{12}\]"\)/
    );
    expect(e.causes[0]!.evidence).toContain('callback answered HTTP 400');
  });

  it("a callback the client refuses is a failed leg, with the client's words", async () => {
    const rec = new HarRecorder();
    const csrf = await open(rec, 'state-only');
    sessionState = 'state-lost';
    expect(await logIn(rec, csrf)).toBe(400);
    const e = await rec.explain();
    expect(e.legs).toEqual([{ kind: 'authorization', entries: [0, 1, 2], ok: false }]);
    expect(causeIds(e, 0)).toEqual(['unknown']);
    expect(e.causes[0]!.evidence).toContain('entry 2 answered HTTP 400 saying "state does not match this session"');
  });

  it('the second tab completed: its redirect is accepted and no leg failed', async () => {
    const rec = new HarRecorder();
    await open(rec, 'state-tab-1');
    const second = await open(rec, 'state-tab-2');
    expect(await logIn(rec, second)).toBe(200);
    const e = await rec.explain();
    expect(e.legs.map((l) => [l.entries, l.ok])).toEqual([
      [[0], true],
      [[1, 2, 3], true],
    ]);
    expect(e.causes).toEqual([]);
  });
});

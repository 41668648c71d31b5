import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { causeIds, HarRecorder } from '../unit/host/cli/explain-recorder';

/**
 * Two tabs against node-oidc-provider (its login, consent and resume redirects): the client keeps one state per
 * session, the second tab replaces it, the user finishes in the first tab and the client's callback refuses the
 * redirect. Every hop recorded over real sockets and explained.
 */
let op: RunningOidcProvider;
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
  op = await startOidcProvider([
    {
      client_id: 'tabs',
      client_secret: 'tabs-secret-long-enough-for-anything-0123456789',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
});
afterAll(async () => {
  await op.close();
  await new Promise<void>((r) => client.close(() => r()));
});

/** A browser tab: its own cookies (node-oidc-provider scopes its interaction cookies to the tab's paths). */
class Tab {
  private readonly jar = new Map<string, string>();
  constructor(private readonly rec: HarRecorder) {}

  /** Requests `url` and returns where it redirects, or null. */
  async hop(url: string): Promise<{ next: string | null; status: number }> {
    const cookie = [...this.jar].map(([n, v]) => `${n}=${v}`).join('; ');
    const x = await this.rec.get(url, cookie ? [['Cookie', cookie]] : []);
    for (const [n, v] of x.response.headers) {
      if (n.toLowerCase() !== 'set-cookie') continue;
      const pair = v.split(';')[0]!;
      this.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')?.[1];
    return { next: location ? new URL(location, url).href : null, status: x.response.status };
  }

  /** Follows redirects from `url` up to and including the client's callback; its status. */
  async follow(url: string): Promise<number> {
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      const { next: to, status } = await this.hop(next);
      if (next.startsWith(redirectUri)) return status;
      if (!to) throw new Error(`no redirect from ${next}: ${status}`);
      next = to;
    }
    throw new Error('too many redirects');
  }
}

const authorizeUrl = (state: string) =>
  `${op.issuer}/auth?${new URLSearchParams({ response_type: 'code', client_id: 'tabs', redirect_uri: redirectUri, scope: 'openid', state })}`;

it('the first tab finishes after a second one started: state_mismatch, on the first request', async () => {
  const rec = new HarRecorder();
  const first = new Tab(rec);
  sessionState = 'state-tab-1';
  const login1 = (await first.hop(authorizeUrl('state-tab-1'))).next!;
  sessionState = 'state-tab-2';
  await new Tab(rec).hop(authorizeUrl('state-tab-2'));
  expect(await first.follow(login1)).toBe(400);

  const e = await rec.explain();
  const authorizations = e.legs.filter((l) => l.kind === 'authorization');
  expect(authorizations.map((l) => [l.entries[0], l.ok])).toEqual([
    [0, false],
    [1, true],
  ]);
  expect(causeIds(e, 0)[0]).toBe('state_mismatch');
  expect(e.causes[0]!.evidence).toMatch(
    // The state is fingerprinted (docs/security.md): the same value, the same fingerprint.
    /entry 1 started a second authorization request \(state "\[secret [0-9a-f]{12}\]"\)/
  );
});

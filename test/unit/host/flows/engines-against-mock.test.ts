import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauth1Flow, oauth2Flow } from '../../../../shared/flows';
import { startCatcher, type Catcher } from '../../../../host/catcher';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { MockProvider, DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { send } from '../../../../platform/node/transport';
import { actAsBrowser } from './browser';

// The flow engines driven over real sockets: transport → embedded mock, browser → mock → loopback catcher.
let mock: MockProvider;
let catcher: Catcher;
let base: string;
// Timestamps from a client's clock: the mock judges them by real time, however far its own clock is moved.
const signing = () => ({
  nonce: nodeRandom.bytes(8).reduce((s, b) => s + b.toString(16).padStart(2, '0'), ''),
  timestamp: String(mock.clock.clientNowSeconds()),
  crypto: nodeCrypto,
});
const admin = (path: string, body: unknown = {}) =>
  fetch(`${base}/_mock/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const consumer = DEFAULT_CREDENTIALS.consumer;
const client = DEFAULT_CREDENTIALS.client;

beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
  base = mock.baseUrl;
  catcher = await startCatcher({ port: 0, timeoutMs: 10_000 });
});
afterAll(async () => {
  await catcher.close();
  await mock.stop();
});

async function oauth1UpToAuthorize(decision: 'approve' | 'deny' = 'approve') {
  let s = oauth1Flow.startOAuth1({
    baseUrl: base,
    consumerKey: consumer.key,
    consumerSecret: consumer.secret,
    callback: catcher.redirectUri,
    service: true,
  });
  const rt = oauth1Flow.buildRequestTokenRequest(s, signing());
  const r = oauth1Flow.interpretRequestToken(s, await send(rt.request), mock.clock.now());
  expect(r.checks.filter((c) => !c.ok)).toEqual([]);
  s = r.state;
  const waiting = catcher.wait({ kind: 'oauth1', requestToken: s.requestToken!.token });
  await actAsBrowser(oauth1Flow.buildAuthorizeUrl(s), { username: 'demo', password: 'demo', decision });
  return { s, callback: await waiting };
}

describe('OAuth 1.0a engine against the embedded mock', () => {
  it('three legs, a signed API call, then deauthorization gives 401 and says why', async () => {
    const { s: afterRt, callback } = await oauth1UpToAuthorize();
    const cb = oauth1Flow.interpretCallback(afterRt, callback.params);
    expect(cb.ok).toBe(true);
    const at = oauth1Flow.buildAccessTokenRequest(cb.state, signing());
    const atResult = oauth1Flow.interpretAccessToken(cb.state, await send(at.request), mock.clock.now());
    expect(atResult.ok).toBe(true);
    let s = atResult.state;
    const me = oauth1Flow.buildApiRequest(s, { method: 'GET', path: '/api/v1/me?fields=name' }, signing());
    const ok = oauth1Flow.interpretApiResponse(s, await send(me.request));
    expect(ok.ok).toBe(true);
    expect((await admin(`oauth1/access-tokens/${encodeURIComponent(s.accessToken!.token)}/deauthorize`)).status).toBe(
      200
    );
    const again = oauth1Flow.buildApiRequest(s, { method: 'POST', path: '/api/v1/me', form: [['a', 'b']] }, signing());
    const denied = oauth1Flow.interpretApiResponse(s, await send(again.request));
    expect(denied.ok).toBe(false);
    expect(denied.state.accessToken!.deauthorized).toBe(true);
    expect(denied.summary).toMatch(
      /^HTTP 401, the provider says: token_revoked: The user deauthorized this access token .*Obtain a new one with the three legs\.$/
    );
    expect(denied.summary).not.toMatch(/%20|\.\./);
    s = denied.state;
    expect(s.legs.api).toBe('failed');
  });
  it("a request token used after oauth_expires_in (mock clock advanced) is refused with the server's reason", async () => {
    const { s, callback } = await oauth1UpToAuthorize();
    const cb = oauth1Flow.interpretCallback(s, callback.params);
    await admin('clock/advance', { seconds: 601 });
    const at = oauth1Flow.buildAccessTokenRequest(cb.state, signing());
    const r = oauth1Flow.interpretAccessToken(cb.state, await send(at.request), mock.clock.now());
    expect(r.ok).toBe(false);
    expect(r.summary).toMatch(/^No access token: HTTP 401, the provider says: token_expired: /);
    expect(r.checks.find((c) => c.name === 'request token lifetime')?.ok).toBe(false);
  });
  it('a denied authorization is recognised in the callback', async () => {
    const { s, callback } = await oauth1UpToAuthorize('deny');
    const cb = oauth1Flow.interpretCallback(s, callback.params);
    expect(cb.ok).toBe(false);
    expect(cb.checks.find((c) => c.name === 'no-denial')!.ok).toBe(false);
  });
  it("a wrong consumer secret is rejected at step one with the provider's explanation", async () => {
    const s = oauth1Flow.startOAuth1({
      baseUrl: base,
      consumerKey: consumer.key,
      consumerSecret: 'wrong',
      callback: catcher.redirectUri,
      service: true,
    });
    const r = oauth1Flow.interpretRequestToken(
      s,
      await send(oauth1Flow.buildRequestTokenRequest(s, signing()).request),
      0
    );
    expect(r.ok).toBe(false);
    expect(r.summary).toMatch(/^No request token: HTTP 401, the provider says: signature_invalid: \S/);
  });
});

describe('OAuth 2 engine against the embedded mock', () => {
  it('PKCE authorization, exchange, bearer call, code reuse refused, refresh', async () => {
    let s = oauth2Flow.startOAuth2(
      {
        baseUrl: base,
        clientId: client.id,
        clientSecret: client.secret,
        redirectUri: catcher.redirectUri,
        scope: 'read',
        service: true,
      },
      nodeRandom,
      nodeCrypto
    );
    const waiting = catcher.wait({ kind: 'oauth2', state: s.state });
    await actAsBrowser(oauth2Flow.buildAuthorizeRequest(s).url, {
      username: 'demo',
      password: 'demo',
      decision: 'approve',
    });
    const cb = oauth2Flow.interpretCallback(s, (await waiting).query);
    expect(cb.ok).toBe(true);
    s = cb.state;
    const exchangeReq = oauth2Flow.buildTokenExchange(s);
    const t = oauth2Flow.interpretTokenResponse(s, await send(exchangeReq), mock.clock.now(), 'token');
    expect(t.checks.filter((c) => !c.ok)).toEqual([]);
    s = t.state;
    const me = () => send(oauth2Flow.buildBearerRequest(s, { method: 'GET', path: '/api/v2/me' }));
    expect(oauth2Flow.interpretBearerResponse(s, await me(), mock.clock.now()).ok).toBe(true);
    await admin('clock/advance', { seconds: 3601 });
    const expired = oauth2Flow.interpretBearerResponse(s, await me(), mock.clock.now());
    expect(expired.summary).toMatch(/invalid_token.*refresh it/);
    const refreshed = oauth2Flow.interpretTokenResponse(
      s,
      await send(oauth2Flow.buildRefreshRequest(s)),
      mock.clock.now(),
      'refresh'
    );
    expect(refreshed.ok).toBe(true);
    s = refreshed.state;
    expect(oauth2Flow.interpretBearerResponse(s, await me(), mock.clock.now()).ok).toBe(true);
    // Replaying the code is refused, and the provider revokes what the code gave (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2)).
    const reuse = oauth2Flow.interpretTokenResponse(s, await send(exchangeReq), mock.clock.now(), 'token');
    expect(reuse.summary).toMatch(/^HTTP 400, the provider says: invalid_grant/);
    expect((await me()).response.status).toBe(401);
  });
  it('a callback with another state is refused while the flow waits on; the engine fails it too; a denial is explained', async () => {
    const s = oauth2Flow.startOAuth2(
      {
        baseUrl: base,
        clientId: client.id,
        clientSecret: client.secret,
        redirectUri: catcher.redirectUri,
        service: true,
      },
      nodeRandom,
      nodeCrypto
    );
    const waiting = catcher.wait({ kind: 'oauth2', state: s.state });
    expect((await fetch(`${catcher.redirectUri}?code=stolen&state=forged`)).status).toBe(400);
    const forged = oauth2Flow.interpretCallback(s, 'code=stolen&state=forged');
    expect(forged.ok).toBe(false);
    expect(forged.checks[0]!.message).toMatch(/may be forged/);
    await actAsBrowser(oauth2Flow.buildAuthorizeRequest(s).url, {
      username: 'demo',
      password: 'demo',
      decision: 'deny',
    });
    expect(oauth2Flow.interpretCallback(s, (await waiting).query).summary).toMatch(/access_denied/);
  });
});

import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createOAuth1Store } from '../../../../renderer/state/oauth1/oauth1-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { fakeBridge } from './fake-bridge';

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
});
const response = (status: number, body: string) => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9/x', headers: [] },
  response: {
    status,
    statusText: status === 200 ? 'OK' : 'Unauthorized',
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    bodyText: body,
    bodySize: body.length,
  },
  timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
  startedAt: 0,
});

function setup(
  status = 200,
  body = 'oauth_token=rt&oauth_token_secret=rts&oauth_expires_in=600&oauth_callback_confirmed=true'
) {
  let n = 0;
  const fake = fakeBridge({
    catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }),
    catcherWait: () => ({ waitId: 'wait-1', redirectUri: 'http://127.0.0.1:4321/callback' }),
    httpSend: () => response(status, status === 200 ? body : 'oauth_problem=signature_invalid'),
    historyAnnotate: () => ({ annotated: true }),
    tokenSave: (i) => i.token,
  });
  const store = createOAuth1Store({
    bridge: fake.bridge,
    crypto: browserCrypto,
    random: { bytes: (k) => new Uint8Array(k).fill(++n) },
    now: () => 1_700_000_000_000,
  });
  return { ...fake, store };
}

describe('OAuth 1.0a flow store', () => {
  it('judges the built-in mock and a profile marked as the service by its interface, any other server by the RFC', async () => {
    const sparse = 'oauth_token=rt&oauth_token_secret=rts&oauth_callback_confirmed=true';
    const judged = async (p: typeof profile) => {
      const { store } = setup(200, sparse);
      await store.getState().flowStarted(p, 'http://127.0.0.1:9');
      await store.getState().legSent('requestToken');
      return store.getState().runs.requestToken!.outcome!;
    };
    const other = profileSchema.parse({
      id: 'real',
      name: 'Real',
      baseUrl: 'http://127.0.0.1:9',
      oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
    });
    expect(await judged(other)).toMatchObject({ ok: true, summary: 'Request token rt received.' });
    expect((await judged(other)).checks.find((c) => c.name === 'oauth_expires_in')).toMatchObject({
      ok: true,
      kind: 'note',
    });
    for (const service of [profile, { ...other, service: true }]) {
      const outcome = await judged(service);
      expect(outcome.ok).toBe(false);
      expect(outcome.checks.find((c) => c.name === 'oauth_expires_in')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/interface §2\.1/),
      });
    }
  });

  it('prefills step one from the profile and the catcher, and signs exactly what it sends', async () => {
    const { store, calls } = setup();
    await store.getState().flowStarted(profile, 'http://127.0.0.1:9');
    const draft = store.getState().drafts.requestToken!;
    expect(draft).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:9/oauth/v1/request_token',
      callback: 'http://127.0.0.1:4321/callback',
      consumerKey: 'ck',
      timestamp: '1700000000',
    });
    await store.getState().legSent('requestToken');
    const sent = calls.find(([m]) => m === 'httpSend')![1] as { request: { headers: [string, string][] } };
    const auth = sent.request.headers.find(([n]) => n === 'Authorization')![1];
    expect(auth).toContain(`oauth_nonce="${draft.nonce}"`);
    expect(auth).toContain('oauth_callback="http%3A%2F%2F127.0.0.1%3A4321%2Fcallback"');
    const s = store.getState();
    expect(s.runs.requestToken!.outcome!.ok).toBe(true);
    expect(s.flow!.legs).toMatchObject({ requestToken: 'succeeded', authorize: 'ready' });
    expect(s.authorize.url).toBe('http://127.0.0.1:9/oauth/v1/authorize?oauth_token=rt');
    // A nonce is used once: the draft has a new one for the next send.
    expect(s.drafts.requestToken!.nonce).not.toBe(draft.nonce);
    // The host records the exchange (httpSend's record); the leg's own verdict follows by the record's id.
    const { record } = sent as unknown as { record: { id: string } };
    expect(record).toMatchObject({
      profileId: 'mock',
      flow: 'oauth1',
      leg: 'requestToken',
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(calls.filter(([m]) => m === 'historyAnnotate')).toEqual([
      ['historyAnnotate', { id: record.id, outcome: 'succeeded', summary: s.runs.requestToken!.outcome!.summary }],
    ]);
  });

  it('takes the callback of its own wait only, and checks the returned oauth_token', async () => {
    const { store, emit } = setup();
    await store.getState().flowStarted(profile, 'http://127.0.0.1:9');
    await store.getState().legSent('requestToken');
    expect(await store.getState().authorizationStarted()).toBe('http://127.0.0.1:9/oauth/v1/authorize?oauth_token=rt');
    expect(store.getState().flow!.legs.authorize).toBe('waiting');
    const callback = (token: string) => ({
      kind: 'oauth1',
      url: 'u',
      path: '/callback',
      query: `oauth_token=${token}&oauth_verifier=v1`,
      params: [
        ['oauth_token', token],
        ['oauth_verifier', 'v1'],
      ],
      receivedAt: 0,
      matchedBy: 'oauth_token',
      checks: [],
      mayContinue: true,
      providerError: null,
      oauthToken: token,
      oauthVerifier: 'v1',
    });
    emit('catcherCallback', { waitId: 'someone-else', callback: callback('rt') });
    expect(store.getState().flow!.verifier).toBeNull();
    emit('catcherCallback', { waitId: 'wait-1', callback: callback('forged') });
    expect(store.getState().flow!.legs.authorize).toBe('failed');
    expect(store.getState().authorize.outcome!.checks.find((c) => c.name === 'oauth_token matches')!.ok).toBe(false);
  });

  it('judges a caught callback by its query as received: a broken escape fails the leg, as the catcher says', async () => {
    const { store, emit } = setup();
    await store.getState().flowStarted(profile, 'http://127.0.0.1:9');
    await store.getState().legSent('requestToken');
    await store.getState().authorizationStarted();
    const query = 'oauth_token=rt&oauth_verifier=v%ZZ';
    emit('catcherCallback', {
      waitId: 'wait-1',
      callback: {
        kind: 'oauth1',
        url: `http://127.0.0.1:4321/callback?${query}`,
        path: '/callback',
        query,
        params: [
          ['oauth_token', 'rt'],
          ['oauth_verifier', 'v%ZZ'],
        ],
        receivedAt: 0,
        matchedBy: 'oauth_token',
        checks: [],
        mayContinue: false,
        providerError: null,
        oauthToken: 'rt',
        oauthVerifier: 'v%ZZ',
      },
    });
    const outcome = store.getState().authorize.outcome!;
    expect(outcome.ok).toBe(false);
    expect(outcome.checks.find((c) => c.name === 'query well formed')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"oauth_verifier=v%ZZ"'),
    });
    expect(store.getState().flow!.verifier).toBeNull();
  });

  it('shows a refused request as a failed leg with the server problem', async () => {
    const { store } = setup(401);
    await store.getState().flowStarted(profile, 'http://127.0.0.1:9');
    await store.getState().legSent('requestToken');
    const s = store.getState();
    expect(s.flow!.legs.requestToken).toBe('failed');
    expect(s.runs.requestToken!.outcome!.summary).toBe(
      'No request token: HTTP 401, the provider says: signature_invalid. Compare the base strings: paste the request into the Signature debugger, which names the difference.'
    );
  });

  it('names the trace step when the draft cannot be signed, without sending', async () => {
    const { store, calls } = setup();
    await store.getState().flowStarted(profile, 'http://127.0.0.1:9');
    store.getState().draftEdited('requestToken', { url: 'ftp://nowhere/' });
    await store.getState().legSent('requestToken');
    expect(store.getState().runs.requestToken!.error).toMatchObject({ code: 'invalid_url' });
    expect(calls.some(([m]) => m === 'httpSend')).toBe(false);
  });

  it('a real profile: GET legs with the parameters in the query, its extra headers sent, and the redirect override pasted back with the oauth_token check', async () => {
    const { store, calls } = setup();
    const real = profileSchema.parse({
      id: 'p',
      name: 'Flickr-like',
      baseUrl: 'https://api.example.com',
      redirectUri: 'https://app.example.com/landed',
      headers: [['X-Team', 'blue']],
      oauth1: { consumerKey: 'ck', consumerSecret: 'cs', legMethod: 'GET', placement: 'query' },
    });
    await store.getState().flowStarted(real, real.baseUrl);
    expect(store.getState().drafts.requestToken).toMatchObject({
      method: 'GET',
      placement: 'query',
      callback: 'https://app.example.com/landed',
    });
    await store.getState().legSent('requestToken');
    const sent = (
      calls.find(([m]) => m === 'httpSend')![1] as {
        request: { method: string; url: string; headers: [string, string][] };
      }
    ).request;
    expect(sent.method).toBe('GET');
    expect(sent.url).toMatch(
      /^https:\/\/api\.example\.com\/oauth\/v1\/request_token\?oauth_consumer_key=ck&.*&oauth_callback=https%3A%2F%2Fapp\.example\.com%2Flanded&.*&oauth_signature=/
    );
    expect(sent.headers.some(([n]) => n === 'Authorization')).toBe(false);
    expect(sent.headers).toContainEqual(['X-Team', 'blue']);
    expect(sent.headers.find(([n]) => n === 'User-Agent')![1]).toMatch(/^OAuth-Lab\//);
    await store.getState().urlPasted('https://app.example.com/landed?oauth_token=forged&oauth_verifier=v1');
    expect(store.getState().authorize.outcome!.checks.find((c) => c.name === 'oauth_token matches')!.ok).toBe(false);
    await store.getState().urlPasted('not a url');
    expect(store.getState().authorize.outcome!.summary).toMatch(/is not a URL; copy the whole address/);
    await store.getState().urlPasted('https://app.example.com/landed?oauth_token=rt&oauth_verifier=v1#_=_');
    expect(store.getState().flow!.verifier).toBe('v1');
    expect(store.getState().drafts.accessToken).toMatchObject({
      method: 'GET',
      token: 'rt',
      verifier: 'v1',
      callback: null,
    });
  });

  it('after the access token, prefills the API leg: a GET of the API path, or a POST when the parameters travel in the body', async () => {
    for (const [placement, method] of [
      ['header', 'GET'],
      ['body', 'POST'],
    ] as const) {
      const { store } = setup(
        200,
        'oauth_token=tok&oauth_token_secret=sec&oauth_expires_in=600&oauth_callback_confirmed=true'
      );
      const p = profileSchema.parse({
        id: 'p',
        name: 'P',
        baseUrl: 'http://127.0.0.1:9',
        oauth1: { consumerKey: 'ck', consumerSecret: 'cs', placement, apiPath: '/api/v1/me?x=1' },
      });
      await store.getState().flowStarted(p, p.baseUrl);
      await store.getState().legSent('requestToken');
      await store.getState().urlPasted('http://127.0.0.1:4321/callback?oauth_token=tok&oauth_verifier=v1');
      await store.getState().legSent('accessToken');
      expect(store.getState().flow!.legs.api).toBe('ready');
      // RFC 5849 §3.5.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.2): only a form body carries the protocol parameters, so that API request is a POST with one.
      expect(store.getState().drafts.api).toMatchObject({
        method,
        url: 'http://127.0.0.1:9/api/v1/me?x=1',
        token: 'tok',
        tokenSecret: 'sec',
        ...(placement === 'body' ? { body: '', contentType: 'application/x-www-form-urlencoded' } : {}),
      });
    }
  });
});

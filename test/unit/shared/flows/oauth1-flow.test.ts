import { describe, expect, it } from 'vitest';
import { oauth1Flow as f } from '../../../../shared/flows';
import { parseAuthorizationHeader } from '../../../../shared/oauth1';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { exchange, FORM } from './fixtures';

const ctx = { nonce: 'n1', timestamp: '1700000000', crypto: nodeCrypto };
const config = {
  baseUrl: 'http://127.0.0.1:9000/',
  consumerKey: 'ck',
  consumerSecret: 'cs',
  callback: 'http://127.0.0.1:8765/callback',
};
const header = (r: { headers: readonly (readonly [string, string])[] }) =>
  new Map(parseAuthorizationHeader(r.headers.find(([n]) => n === 'Authorization')![1]).params);

describe('OAuth 1.0a flow engine', () => {
  it('walks request token → authorize → access token → API, each leg built before it is sent', () => {
    let s = f.startOAuth1(config);
    expect(s.legs).toEqual({
      requestToken: 'ready',
      authorize: 'not_started',
      accessToken: 'not_started',
      api: 'not_started',
    });
    const rt = f.buildRequestTokenRequest(s, ctx);
    expect(rt.request.url).toBe('http://127.0.0.1:9000/oauth/v1/request_token');
    expect(header(rt.request).get('oauth_callback')).toBe(config.callback);
    expect(header(rt.request).has('oauth_token')).toBe(false);
    expect(rt.trace.signingKey).toBe('cs&');
    let r = f.interpretRequestToken(
      s,
      exchange(
        rt.request,
        200,
        'oauth_token=rt&oauth_token_secret=rts&oauth_expires_in=600&oauth_callback_confirmed=true',
        FORM
      ),
      1_000
    );
    expect(r.ok).toBe(true);
    expect(r.checks.every((c) => c.ok)).toBe(true);
    s = r.state;
    expect(s.requestToken).toEqual({ token: 'rt', secret: 'rts', expiresAt: 601_000, callbackConfirmed: true });
    expect(f.buildAuthorizeUrl(s)).toBe('http://127.0.0.1:9000/oauth/v1/authorize?oauth_token=rt');
    expect(f.buildAuthorizeUrl(s, 'http://127.0.0.1:1/cb')).toBe(
      'http://127.0.0.1:9000/oauth/v1/authorize?oauth_token=rt&oauth_callback=http%3A%2F%2F127.0.0.1%3A1%2Fcb'
    );
    s = f.authorizationOpened(s);
    expect(s.legs.authorize).toBe('waiting');
    r = f.interpretCallback(s, [
      ['oauth_token', 'rt'],
      ['oauth_verifier', 'v1'],
    ]);
    expect(r.ok).toBe(true);
    s = r.state;
    const at = f.buildAccessTokenRequest(s, ctx);
    expect(header(at.request).get('oauth_verifier')).toBe('v1');
    expect(header(at.request).get('oauth_token')).toBe('rt');
    expect(at.trace.signingKey).toBe('cs&rts');
    s = f.interpretAccessToken(
      s,
      exchange(at.request, 200, 'oauth_token=at&oauth_token_secret=ats', FORM),
      2_000
    ).state;
    expect(s.accessToken).toEqual({ token: 'at', secret: 'ats', deauthorized: false, fields: {} });
    const api = f.buildApiRequest(s, { method: 'POST', path: '/api/v1/me?x=1', form: [['a', 'b c']] }, ctx);
    expect(api.request.body).toBe('a=b%20c');
    expect(api.trace.normalizedParameters).toContain('a=b%20c');
    expect(api.trace.signingKey).toBe('cs&ats');
    const denied = f.interpretApiResponse(
      s,
      exchange(api.request, 401, 'oauth_problem=token_revoked', [['WWW-Authenticate', 'OAuth realm="x"']])
    );
    expect(denied.ok).toBe(false);
    expect(denied.state.accessToken!.deauthorized).toBe(true);
    expect(denied.summary).toMatch(/deauthorized/);
    expect(denied.summary).toMatch(/the provider says: token_revoked\./);
    // A 401 for this request only (a nonce an exported copy used first) leaves the token alone and says why.
    const replayed = f.interpretApiResponse(
      s,
      exchange(api.request, 401, 'oauth_problem=nonce_used&oauth_problem_advice=use%20a%20new%20nonce', FORM)
    );
    expect(replayed.state.accessToken!.deauthorized).toBe(false);
    expect(replayed.summary).toBe(
      'HTTP 401, the provider says: nonce_used: use a new nonce. This request was refused; the access token itself may still be good.'
    );
  });
  it('an API answering 200 with an error document (Flickr\'s stat="fail") stays a 200, with the provider\'s words as a note', () => {
    const s = {
      ...f.startOAuth1(config),
      accessToken: { token: 'at', secret: 'ats', deauthorized: false, fields: {} },
    };
    const api = f.buildApiRequest(s, { method: 'GET', path: '/services/rest?method=flickr.test.login' }, ctx);
    const r = f.interpretApiResponse(
      s,
      exchange(
        api.request,
        200,
        '<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="fail">\n\t<err code="98" msg="Invalid auth token" />\n</rsp>',
        [['Content-Type', 'text/xml; charset=utf-8']]
      )
    );
    expect(r.ok).toBe(true);
    expect(r.state.legs.api).toBe('succeeded');
    expect(r.summary).toBe('API call answered 200, but the body says: 98: Invalid auth token.');
    expect(r.checks).toEqual([
      { name: 'status', ok: true, message: 'HTTP 200 OK' },
      { name: 'body', ok: true, kind: 'warning', message: 'HTTP 200, but the body says: 98: Invalid auth token.' },
    ]);
    const fine = f.interpretApiResponse(
      s,
      exchange(api.request, 200, '<rsp stat="ok"><user id="1"/></rsp>', [['Content-Type', 'text/xml']])
    );
    expect([fine.summary, fine.checks.length]).toEqual(['API call answered 200.', 1]);
  });
  it('fails the CSRF check when the returned oauth_token differs, and recognises a denial', () => {
    const s = f.interpretRequestToken(
      f.startOAuth1(config),
      exchange(
        { method: 'POST', url: 'x', headers: [] },
        200,
        'oauth_token=rt&oauth_token_secret=s&oauth_expires_in=5',
        FORM
      ),
      0
    ).state;
    const forged = f.interpretCallback(s, [
      ['oauth_token', 'other'],
      ['oauth_verifier', 'v'],
    ]);
    expect(forged.ok).toBe(false);
    expect(forged.checks.find((c) => c.name === 'oauth_token matches')!.message).toMatch(/may be forged/);
    expect(forged.state.legs.authorize).toBe('failed');
    expect(
      f
        .interpretCallback(s, [
          ['oauth_token', 'rt'],
          ['denied', 'rt'],
        ])
        .checks.find((c) => c.name === 'no-denial')!.ok
    ).toBe(false);
  });
  it("reports request-token expiry, missing fields and the server's oauth_problem", () => {
    const s = f.interpretRequestToken(
      f.startOAuth1(config),
      exchange(
        { method: 'POST', url: 'x', headers: [] },
        200,
        'oauth_token=rt&oauth_token_secret=s&oauth_expires_in=5',
        FORM
      ),
      0
    ).state;
    expect(f.requestTokenExpired(s, 4_999)).toBe(false);
    expect(f.requestTokenExpired(s, 5_000)).toBe(true);
    const withVerifier = f.verifierEntered(s, ' v ');
    const r = f.interpretAccessToken(
      withVerifier,
      exchange(
        { method: 'POST', url: 'x', headers: [] },
        401,
        'oauth_problem=token_expired&oauth_problem_advice=too%20late',
        FORM
      ),
      6_000
    );
    expect(r.ok).toBe(false);
    expect(r.summary).toBe('No access token: HTTP 401, the provider says: token_expired: too late.');
    expect(r.checks.find((c) => c.name === 'request token lifetime')!.message).toMatch(/expired/);
    const lenient = f.interpretAccessToken(
      withVerifier,
      exchange({ method: 'POST', url: 'x', headers: [] }, 200, 'oauth_token=at&oauth_token_secret=ats', FORM),
      6_000
    );
    expect(lenient.ok).toBe(true);
    expect(lenient.checks.find((c) => c.name === 'request token lifetime')).toMatchObject({ ok: true, kind: 'note' });
    // The bare code gets what to do; the provider's own advice, when it gives one, is left to speak.
    expect(
      f.interpretAccessToken(
        withVerifier,
        exchange({ method: 'POST', url: 'x', headers: [] }, 401, 'oauth_problem=token_expired', FORM),
        6_000
      ).summary
    ).toBe(
      'No access token: HTTP 401, the provider says: token_expired. The token has expired: start again from step one.'
    );
    const bad = f.interpretRequestToken(
      f.startOAuth1(config),
      exchange({ method: 'POST', url: 'x', headers: [] }, 200, 'oauth_token=rt', [['Content-Type', 'text/html']]),
      0
    );
    expect(bad.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['oauth_token_secret']);
    expect(bad.checks.find((c) => c.name === 'content-type')).toMatchObject({
      ok: true,
      kind: 'note',
      message: expect.stringMatching(/text\/html.*Read as a form/),
    });
    const atService = f.interpretRequestToken(
      f.startOAuth1({ ...config, service: true }),
      exchange({ method: 'POST', url: 'x', headers: [] }, 200, 'oauth_token=rt', [['Content-Type', 'text/html']]),
      0
    );
    expect(atService.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['content-type', 'oauth_token_secret']);
  });
  it('sends a JSON body unsigned with oauth_body_hash, and can place the parameters in the query', () => {
    let s = f.interpretRequestToken(
      f.startOAuth1({ ...config, placement: 'query' }),
      exchange(
        { method: 'POST', url: 'x', headers: [] },
        200,
        'oauth_token=rt&oauth_token_secret=s&oauth_expires_in=5',
        FORM
      ),
      0
    ).state;
    s = f.interpretAccessToken(
      f.verifierEntered(s, 'v'),
      exchange({ method: 'POST', url: 'x', headers: [] }, 200, 'oauth_token=at&oauth_token_secret=ats', FORM),
      0
    ).state;
    const api = f.buildApiRequest(
      s,
      {
        method: 'POST',
        path: '/api/v1/me',
        rawBody: { contentType: 'application/json', text: '{"a":1}', bodyHash: true },
      },
      ctx
    );
    expect(api.request.body).toBe('{"a":1}');
    expect(api.request.url).toMatch(/\/api\/v1\/me\?oauth_consumer_key=ck&.*oauth_body_hash=.*&oauth_signature=/);
    expect(api.trace.params.some((p) => p.source === 'body')).toBe(false);
    expect(() =>
      f.buildApiRequest(
        s,
        { method: 'POST', path: '/', form: [['a', 'b']], rawBody: { contentType: 'text/plain', text: 'x' } },
        ctx
      )
    ).toThrow(/either form parameters or a raw body/);
  });
  it('refuses to build a leg whose inputs are missing, naming the leg to run first', () => {
    const s = f.startOAuth1(config);
    expect(() => f.buildAuthorizeUrl(s)).toThrow(/run step one/);
    expect(() => f.buildAccessTokenRequest(s, ctx)).toThrow(/run step one first/);
    expect(() => f.buildApiRequest(s, { method: 'GET', path: '/' }, ctx)).toThrow(/finish step three first/);
    expect(() => f.verifierEntered(s, '  ')).toThrow(/verifier is empty/);
  });
});

import { describe, expect, it } from 'vitest';
import { oauth2Flow as f } from '../../../../shared/flows';
import { codeChallenge } from '../../../../shared/oauth2';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { exchange, JSON_NO_STORE } from './fixtures';
import { APP_VERSION } from '../../../../shared/version';

let counter = 0;
const random = { bytes: (n: number) => new Uint8Array(n).fill(++counter) };
const config = {
  baseUrl: 'http://127.0.0.1:9000',
  clientId: 'cid',
  clientSecret: 'cs',
  redirectUri: 'http://127.0.0.1:8765/callback',
  scope: 'read',
};
const tokenBody = (extra = {}) =>
  JSON.stringify({
    access_token: 'at',
    expires_in: 60,
    token_type: 'bearer',
    scope: 'read',
    refresh_token: 'rt',
    ...extra,
  });

describe('OAuth 2 flow engine', () => {
  it('walks authorize → token → bearer call → refresh, PKCE S256 by default', () => {
    let s = f.startOAuth2(config, random, nodeCrypto);
    expect(s.pkce!.method).toBe('S256');
    expect(s.pkce!.challenge).toBe(codeChallenge(s.pkce!.verifier, 'S256', nodeCrypto));
    const auth = f.buildAuthorizeRequest(s);
    expect(
      auth.url.startsWith('http://127.0.0.1:9000/oauth/v2/authorize?client_id=cid&grant_type=authorization_code&')
    ).toBe(true);
    expect(new Map(auth.params).get('code_challenge')).toBe(s.pkce!.challenge);
    s = f.authorizationOpened(s);
    let r = f.interpretCallback(s, `http://127.0.0.1:8765/callback?code=c1&state=${s.state}`);
    expect(r.ok).toBe(true);
    s = r.state;
    const tokenReq = f.buildTokenExchange(s);
    expect(tokenReq.body).toContain(
      `code=c1&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&code_verifier=${s.pkce!.verifier}`
    );
    r = f.interpretTokenResponse(s, exchange(tokenReq, 200, tokenBody(), JSON_NO_STORE), 10_000, 'token');
    expect(r.ok).toBe(true);
    s = r.state;
    expect(s.token).toMatchObject({ accessToken: 'at', expiresAt: 70_000, refreshToken: 'rt' });
    expect(s.legs).toEqual({ authorize: 'succeeded', token: 'succeeded', api: 'ready', refresh: 'ready' });
    const call = f.buildBearerRequest(s, { method: 'get', path: '/api/v2/me' });
    expect(call.headers).toEqual([
      ['Authorization', 'Bearer at'],
      ['User-Agent', `OAuth-Lab/${APP_VERSION}`],
    ]);
    const expired = f.interpretBearerResponse(
      s,
      exchange(call, 401, '', [['WWW-Authenticate', 'Bearer error="invalid_token"']]),
      80_000
    );
    expect(expired.summary).toBe(
      'HTTP 401, the provider says: invalid_token. The token has passed expires_in: refresh it, or authorize again.'
    );
    const refresh = f.buildRefreshRequest(s);
    expect(refresh.body).toBe('client_id=cid&client_secret=cs&grant_type=refresh_token&refresh_token=rt');
    r = f.interpretTokenResponse(
      s,
      exchange(refresh, 200, tokenBody({ access_token: 'at2', refresh_token: undefined }), JSON_NO_STORE),
      90_000,
      'refresh'
    );
    expect(r.state.token).toMatchObject({ accessToken: 'at2', refreshToken: 'rt' });
  });
  it("keeps a query on the authorize path: the provider's own parameters go first (RFC 6749 §3.1)", () => {
    const s = f.startOAuth2(
      { ...config, paths: { authorize: '/o/auth?access_type=offline&prompt=consent' } },
      random,
      nodeCrypto
    );
    expect(
      f
        .buildAuthorizeRequest(s)
        .url.startsWith('http://127.0.0.1:9000/o/auth?access_type=offline&prompt=consent&client_id=cid&')
    ).toBe(true);
  });
  it('a mismatched state is a failed check, never a code', () => {
    const s = f.startOAuth2(config, random, nodeCrypto);
    const r = f.interpretCallback(s, '?code=c1&state=forged');
    expect(r.ok).toBe(false);
    expect(r.state.code).toBe(null);
    expect(r.checks[0]!.message).toMatch(/may be forged/);
  });
  it('explains a denial and an invalid_grant', () => {
    const s = f.startOAuth2({ ...config, pkce: null, authentication: 'basic' }, random, nodeCrypto);
    expect(s.pkce).toBe(null);
    expect(f.interpretCallback(s, `?error=access_denied&state=${s.state}`).summary).toMatch(/access_denied/);
    const withCode = f.interpretCallback(s, `?code=c&state=${s.state}`).state;
    const req = f.buildTokenExchange(withCode);
    expect(req.headers.some(([n, v]) => n === 'Authorization' && v.startsWith('Basic '))).toBe(true);
    expect(req.body).not.toContain('client_secret');
    const r = f.interpretTokenResponse(
      withCode,
      exchange(req, 400, '{"error":"invalid_grant","error_description":"code already used"}', JSON_NO_STORE),
      0,
      'token'
    );
    expect(r.summary).toMatch(
      /^HTTP 400, the provider says: invalid_grant: code already used\. \(RFC 6749 §5\.2: The authorization code is invalid/
    );
    expect(r.state.legs.token).toBe('failed');
  });
});

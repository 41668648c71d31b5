import { describe, expect, it } from 'vitest';
import { buildAuthorizationUrl } from '../../../../shared/oauth2';

const base = {
  authorizeUrl: 'http://127.0.0.1:9000/oauth/v2/authorize',
  clientId: 'app 1',
  redirectUri: 'http://127.0.0.1:8765/callback',
  state: 's-1',
};

describe('buildAuthorizationUrl (RFC 6749 §4.1.1, interface §4.2)', () => {
  it('sends the service parameters, grant_type included, each encoded', () => {
    const r = buildAuthorizationUrl(base);
    expect(r.url).toBe(
      'http://127.0.0.1:9000/oauth/v2/authorize?client_id=app%201&grant_type=authorization_code&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&response_type=code&state=s-1'
    );
    expect(r.params.map(([n]) => n)).toEqual(['client_id', 'grant_type', 'redirect_uri', 'response_type', 'state']);
  });
  it('adds scope and PKCE, keeps an existing query, can leave grant_type out', () => {
    const r = buildAuthorizationUrl({
      ...base,
      authorizeUrl: `${base.authorizeUrl}?tenant=x`,
      scope: 'read write',
      includeGrantType: false,
      pkce: { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', method: 'S256' },
    });
    expect(r.url).toBe(
      'http://127.0.0.1:9000/oauth/v2/authorize?tenant=x&client_id=app%201&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&response_type=code&state=s-1&scope=read%20write&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256'
    );
  });
  it('names what is wrong', () => {
    expect(() => buildAuthorizationUrl({ ...base, state: '' })).toThrow(/state is empty/);
    expect(() => buildAuthorizationUrl({ ...base, clientId: '' })).toThrow(/client_id is empty/);
    expect(() => buildAuthorizationUrl({ ...base, redirectUri: 'http://x/cb#frag' })).toThrow(/fragment/);
    expect(() => buildAuthorizationUrl({ ...base, authorizeUrl: 'ftp://x/' })).toThrow(/scheme "ftp" is not supported/);
    expect(() => buildAuthorizationUrl({ ...base, extraParams: [['state', 'again']] })).toThrow(/already set/);
  });
});

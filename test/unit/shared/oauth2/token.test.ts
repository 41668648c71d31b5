import { describe, expect, it } from 'vitest';
import type { RawResponse } from '../../../../shared/http';
import { b64TokenProblem, basicAuthorization, bearerAuthorization, buildTokenRequest, parseErrorResponse, parseTokenResponse } from '../../../../shared/oauth2';

const tokenUrl = 'http://127.0.0.1:9000/oauth/v2/token';
const json = (status: number, body: unknown, headers: [string, string][] = [['Content-Type', 'application/json'], ['Cache-Control', 'no-store']]): RawResponse => {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, statusText: '', headers, bodyText, bodySize: bodyText.length };
};

describe('buildTokenRequest (RFC 6749 §4.1.3, §6)', () => {
  it('puts the client credentials in the body, as the service documents', () => {
    const { request } = buildTokenRequest({ tokenUrl, clientId: 'c', clientSecret: 's&1', authentication: 'body', grant: { type: 'authorization_code', code: 'k', redirectUri: 'http://127.0.0.1:8765/callback', codeVerifier: 'v'.repeat(43) } });
    expect(request.method).toBe('POST');
    expect(request.body).toBe(`client_id=c&client_secret=s%261&grant_type=authorization_code&code=k&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&code_verifier=${'v'.repeat(43)}`);
    expect(request.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
  });
  it('uses HTTP Basic with form-encoded id and secret (§2.3.1) and a refresh grant', () => {
    const { request } = buildTokenRequest({ tokenUrl, clientId: 'c:1', clientSecret: 'p w', authentication: 'basic', grant: { type: 'refresh_token', refreshToken: 'r', scope: 'a b' } });
    expect(request.body).toBe('grant_type=refresh_token&refresh_token=r&scope=a%20b');
    expect(request.headers).toContainEqual(['Authorization', basicAuthorization('c:1', 'p w')]);
    expect(Buffer.from(basicAuthorization('c:1', 'p w').slice(6), 'base64').toString()).toBe('c%3A1:p%20w');
  });
  it('names a missing code or a bad verifier', () => {
    expect(() => buildTokenRequest({ tokenUrl, clientId: 'c', clientSecret: 's', authentication: 'body', grant: { type: 'authorization_code', code: '', redirectUri: 'http://x/' } })).toThrow(/code is empty/);
    expect(() => buildTokenRequest({ tokenUrl, clientId: 'c', clientSecret: 's', authentication: 'body', grant: { type: 'authorization_code', code: 'k', redirectUri: 'http://x/', codeVerifier: 'short' } })).toThrow(/RFC 7636 §4.1/);
  });
});

describe('parseTokenResponse (seed §2.4, RFC 6749 §5)', () => {
  const ok = { access_token: 'at', expires_in: 3600, token_type: 'Bearer', scope: '', refresh_token: 'rt' };
  it('turns expires_in into an absolute expiry with the injected clock; token_type is case-insensitive', () => {
    const r = parseTokenResponse(json(200, ok), { now: 1_000_000, grant: 'authorization_code' });
    expect(r.kind).toBe('token');
    if (r.kind !== 'token') return;
    expect(r.token).toEqual({ accessToken: 'at', tokenType: 'Bearer', expiresIn: 3600, expiresAt: 4_600_000, scope: '', refreshToken: 'rt' });
    expect(r.checks.every((c) => c.ok)).toBe(true);
  });
  it('reports missing and mistyped fields by name', () => {
    const r = parseTokenResponse(json(200, { access_token: 'at', token_type: 'bearer', expires_in: '3600' }, [['Content-Type', 'text/plain']]), { now: 0, grant: 'authorization_code' });
    const failed = r.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toEqual(['content-type', 'no-store', 'expires_in', 'scope', 'refresh_token']);
    expect(r.checks.find((c) => c.name === 'expires_in')!.message).toMatch(/string "3600"/);
    expect(r.kind === 'token' && r.token.expiresAt).toBe(null);
  });
  it('is malformed without an access token or with another token type', () => {
    expect(parseTokenResponse(json(200, { ...ok, access_token: undefined }), { now: 0, grant: 'authorization_code' }).kind).toBe('malformed');
    expect(parseTokenResponse(json(200, { ...ok, token_type: 'mac' }), { now: 0, grant: 'authorization_code' }).kind).toBe('malformed');
    expect(parseTokenResponse(json(200, 'not json'), { now: 0, grant: 'authorization_code' }).kind).toBe('malformed');
    expect(parseTokenResponse(json(200, '[1]'), { now: 0, grant: 'authorization_code' }).kind).toBe('malformed');
  });
  it('keeps the old refresh token on a refresh without a new one (§6)', () => {
    const r = parseTokenResponse(json(200, { ...ok, refresh_token: undefined }), { now: 0, grant: 'refresh_token' });
    expect(r.checks.find((c) => c.name === 'refresh_token')).toMatchObject({ ok: true });
  });
  it('parses RFC 6749 §5.2 errors and explains the code', () => {
    const r = parseTokenResponse(json(400, { error: 'invalid_grant', error_description: 'code already used' }), { now: 0, grant: 'authorization_code' });
    expect(r).toMatchObject({ kind: 'error', status: 400, error: { error: 'invalid_grant', description: 'code already used', meaning: expect.stringMatching(/already used/) } });
    expect(parseTokenResponse(json(500, '<html>'), { now: 0, grant: 'authorization_code' }).kind).toBe('malformed');
    expect(parseErrorResponse('{"error":1}')).toBe(null);
  });
});

describe('bearerAuthorization (RFC 6750 §2.1)', () => {
  it('formats a b64token and refuses anything else', () => {
    expect(bearerAuthorization('abc.DEF-_~+/==')).toBe('Bearer abc.DEF-_~+/==');
    expect(() => bearerAuthorization('has space')).toThrow(/RFC 6750 §2.1/);
    expect(() => bearerAuthorization('')).toThrow();
  });
  it('names the first character outside the grammar, and sends the token as it is when asked', () => {
    expect(b64TokenProblem('abc.DEF-_~+/==')).toBeNull();
    expect(b64TokenProblem('ab"c')).toMatch(/^The access token the server issued has "\\"" at position 3, so it is not the letters, digits/);
    expect(b64TokenProblem('a=b')).toMatch(/has an = before the end/);
    expect(b64TokenProblem('')).toMatch(/^The access token is empty/);
    expect(bearerAuthorization('ab"c', true)).toBe('Bearer ab"c');
  });
});

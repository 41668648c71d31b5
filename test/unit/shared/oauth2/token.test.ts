import { describe, expect, it } from 'vitest';
import type { RawResponse } from '../../../../shared/http';
import {
  b64TokenProblem,
  basicAuthorization,
  bearerAuthorization,
  buildTokenRequest,
  oauth2ErrorOf,
  parseTokenResponse,
} from '../../../../shared/oauth2';

const tokenUrl = 'http://127.0.0.1:9000/oauth/v2/token';
const json = (
  status: number,
  body: unknown,
  headers: [string, string][] = [
    ['Content-Type', 'application/json'],
    ['Cache-Control', 'no-store'],
  ]
): RawResponse => {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, statusText: '', headers, bodyText, bodySize: bodyText.length };
};

describe('buildTokenRequest (RFC 6749 §4.1.3, §6)', () => {
  it('puts the client credentials in the body, as the service documents', () => {
    const { request } = buildTokenRequest({
      tokenUrl,
      clientId: 'c',
      clientSecret: 's&1',
      authentication: 'body',
      grant: {
        type: 'authorization_code',
        code: 'k',
        redirectUri: 'http://127.0.0.1:8765/callback',
        codeVerifier: 'v'.repeat(43),
      },
    });
    expect(request.method).toBe('POST');
    expect(request.body).toBe(
      `client_id=c&client_secret=s%261&grant_type=authorization_code&code=k&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&code_verifier=${'v'.repeat(43)}`
    );
    expect(request.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
  });
  it('uses HTTP Basic with form-encoded id and secret (§2.3.1) and a refresh grant', () => {
    const { request } = buildTokenRequest({
      tokenUrl,
      clientId: 'c:1',
      clientSecret: 'p w',
      authentication: 'basic',
      grant: { type: 'refresh_token', refreshToken: 'r', scope: 'a b' },
    });
    expect(request.body).toBe('grant_type=refresh_token&refresh_token=r&scope=a%20b');
    expect(request.headers).toContainEqual(['Authorization', basicAuthorization('c:1', 'p w')]);
    expect(Buffer.from(basicAuthorization('c:1', 'p w').slice(6), 'base64').toString()).toBe('c%3A1:p%20w');
  });
  it('names a missing code or a bad verifier', () => {
    expect(() =>
      buildTokenRequest({
        tokenUrl,
        clientId: 'c',
        clientSecret: 's',
        authentication: 'body',
        grant: { type: 'authorization_code', code: '', redirectUri: 'http://x/' },
      })
    ).toThrow(/code is empty/);
    expect(() =>
      buildTokenRequest({
        tokenUrl,
        clientId: 'c',
        clientSecret: 's',
        authentication: 'body',
        grant: { type: 'authorization_code', code: 'k', redirectUri: 'http://x/', codeVerifier: 'short' },
      })
    ).toThrow(/RFC 7636 §4.1/);
  });
});

describe('parseTokenResponse (RFC 6749 §5, interface §2.4 for the service)', () => {
  const ok = { access_token: 'at', expires_in: 3600, token_type: 'Bearer', scope: '', refresh_token: 'rt' };
  it('turns expires_in into an absolute expiry with the injected clock; token_type is case-insensitive', () => {
    const r = parseTokenResponse(json(200, ok), { now: 1_000_000, grant: 'authorization_code', service: true });
    expect(r.kind).toBe('token');
    if (r.kind !== 'token') return;
    expect(r.token).toEqual({
      accessToken: 'at',
      tokenType: 'Bearer',
      expiresIn: 3600,
      expiresAt: 4_600_000,
      scope: '',
      refreshToken: 'rt',
      foundAt: 'access_token',
      fields: ok,
    });
    expect(r.checks.every((c) => c.ok && !c.kind)).toBe(true);
  });
  it('against the service, a field its interface requires is a failed check citing it; elsewhere a note citing the RFC', () => {
    const sparse = json(200, { access_token: 'at', token_type: 'bearer', expires_in: '3600' }, [
      ['Content-Type', 'text/plain'],
    ]);
    const service = parseTokenResponse(sparse, { now: 0, grant: 'authorization_code', service: true });
    expect(service.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'content-type',
      'no-store',
      'expires_in',
      'scope',
      'refresh_token',
    ]);
    expect(service.checks.find((c) => c.name === 'expires_in')!.message).toMatch(/"3600".*interface §2\.4/);
    const other = parseTokenResponse(sparse, { now: 0, grant: 'authorization_code' });
    expect(other.kind).toBe('token');
    expect(other.checks.filter((c) => !c.ok)).toEqual([]);
    expect(other.checks.filter((c) => c.kind === 'note').map((c) => c.name)).toEqual([
      'content-type',
      'no-store',
      'expires_in',
      'scope',
      'refresh_token',
    ]);
    expect(other.checks.find((c) => c.name === 'refresh_token')!.message).toMatch(/RFC 6749 §5\.1/);
    expect(other.kind === 'token' && other.token.expiresAt).toBe(3_600_000);
  });
  it('takes any token_type and none at all, as a note, and keeps every other field', () => {
    for (const tokenType of ['mac', 'bot', undefined]) {
      const r = parseTokenResponse(json(200, { ...ok, token_type: tokenType, id_token: 'h.p.s' }), {
        now: 0,
        grant: 'authorization_code',
      });
      expect(r.kind).toBe('token');
      expect(r.checks.find((c) => c.name === 'token_type')).toMatchObject({ ok: true, kind: 'note' });
      expect(r.checks.find((c) => c.name === 'other fields')!.message).toBe('Kept and shown: id_token.');
      expect(r.kind === 'token' && r.token.fields.id_token).toBe('h.p.s');
    }
    expect(
      parseTokenResponse(json(200, { ...ok, token_type: 'mac' }), {
        now: 0,
        grant: 'authorization_code',
        service: true,
      }).checks.find((c) => c.name === 'token_type')!.ok
    ).toBe(false);
  });
  it('reads a form body, JSON with a byte-order mark, and a token nested under another key', () => {
    const form = parseTokenResponse(
      json(200, 'access_token=gho_1&scope=repo%2Cgist&token_type=bearer', [
        ['Content-Type', 'application/x-www-form-urlencoded; charset=utf-8'],
      ]),
      { now: 0, grant: 'authorization_code' }
    );
    expect(form).toMatchObject({ kind: 'token', token: { accessToken: 'gho_1', scope: 'repo,gist' } });
    const bom = parseTokenResponse(
      json(200, `\uFEFF${JSON.stringify(ok)}`, [
        ['Content-Type', 'application/json; charset=ISO-8859-1'],
        ['Cache-Control', 'no-store'],
      ]),
      { now: 0, grant: 'authorization_code', service: true }
    );
    expect(bom.kind === 'token' && bom.checks.every((c) => c.ok)).toBe(true);
    const nested = parseTokenResponse(
      json(200, {
        ok: true,
        app_id: 'A1',
        authed_user: { id: 'U1', access_token: 'xoxp-1', token_type: 'user', scope: 'chat:write' },
      }),
      { now: 0, grant: 'authorization_code' }
    );
    expect(nested).toMatchObject({
      kind: 'token',
      token: { accessToken: 'xoxp-1', tokenType: 'user', scope: 'chat:write', foundAt: 'authed_user.access_token' },
    });
    expect(nested.checks.find((c) => c.name === 'other fields')!.message).toBe(
      'Kept and shown: ok, app_id, authed_user.id.'
    );
  });
  it("reads Facebook's pre-v2.3 `expires` as the lifetime when there is no expires_in, saying so", () => {
    const legacy = json(200, 'access_token=at&expires=5183999', [['Content-Type', 'text/plain; charset=UTF-8']]);
    const r = parseTokenResponse(legacy, { now: 1_000, grant: 'authorization_code' });
    if (r.kind !== 'token') throw new Error(r.reason);
    expect(r.token.expiresIn).toBe(5183999);
    expect(r.token.expiresAt).toBe(1_000 + 5183999 * 1000);
    const expires = r.checks.find((c) => c.name === 'expires_in')!;
    expect(expires.kind).toBe('note');
    expect(expires.message).toBe(
      "No expires_in; expires=5183999 read as the lifetime in seconds: Facebook's name for expires_in before Graph API v2.3."
    );
    expect(r.checks.find((c) => c.name === 'other fields')).toBeUndefined();
    // expires_in wins when both are sent; `expires` that is not a number of seconds is left alone.
    const both = parseTokenResponse(json(200, { access_token: 'at', expires_in: 60, expires: 99 }), {
      now: 0,
      grant: 'authorization_code',
    });
    expect(both.kind === 'token' && both.token.expiresIn).toBe(60);
    const date = parseTokenResponse(json(200, { access_token: 'at', expires: 'Tue, 01 Dec 2026 00:00:00 GMT' }), {
      now: 0,
      grant: 'authorization_code',
    });
    expect(date.kind === 'token' && date.token.expiresIn).toBe(null);
    expect(date.checks.find((c) => c.name === 'other fields')!.message).toBe('Kept and shown: expires.');
  });
  it('keeps the old refresh token on a refresh without a new one (§6)', () => {
    const r = parseTokenResponse(json(200, { ...ok, refresh_token: undefined }), {
      now: 0,
      grant: 'refresh_token',
      service: true,
    });
    expect(r.checks.find((c) => c.name === 'refresh_token')).toMatchObject({ ok: true });
  });
  it('explains invalid_grant by the grant sent: a code, a refresh token, or the client credentials themselves', () => {
    const refused = json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
    const meaning = (grant: 'authorization_code' | 'refresh_token' | 'client_credentials' | 'device_code') => {
      const r = parseTokenResponse(refused, { now: 0, grant });
      return r.kind === 'error' ? (r.error?.meaning ?? '') : '';
    };
    expect(meaning('client_credentials')).not.toMatch(/code|refresh token/);
    expect(meaning('client_credentials')).toContain("the client's own credentials (RFC 6749 §4.4)");
    expect(meaning('authorization_code')).toMatch(/^The authorization code /);
    expect(meaning('refresh_token')).toMatch(/^The refresh token /);
    expect(meaning('device_code')).toMatch(/^The device code /);
  });
  it("without an access token, gives the provider's words on any status, and explains RFC codes", () => {
    const r = parseTokenResponse(json(400, { error: 'invalid_grant', error_description: 'code already used' }), {
      now: 0,
      grant: 'authorization_code',
    });
    expect(r).toMatchObject({
      kind: 'error',
      status: 400,
      error: {
        error: 'invalid_grant',
        description: 'code already used',
        meaning: expect.stringMatching(/already used/),
      },
    });
    expect(r.kind === 'error' && r.reason).toMatch(
      /^HTTP 400, the provider says: invalid_grant: code already used\. \(RFC 6749 §5\.2: /
    );
    const github = parseTokenResponse(
      json(
        200,
        'error=bad_verification_code&error_description=The+code+passed+is+incorrect+or+expired.&error_uri=https%3A%2F%2Fdocs.github.com',
        [['Content-Type', 'application/x-www-form-urlencoded']]
      ),
      { now: 0, grant: 'authorization_code' }
    );
    expect(github.kind === 'error' && github.reason).toBe(
      'HTTP 200, the provider says: bad_verification_code: The code passed is incorrect or expired.'
    );
    expect(
      parseTokenResponse(
        json(500, '<html><title>Oops</title><body>Down for maintenance</body></html>', [['Content-Type', 'text/html']]),
        { now: 0, grant: 'authorization_code' }
      )
    ).toMatchObject({ kind: 'error', reason: 'HTTP 500, the provider says: Oops: Down for maintenance.' });
    expect(parseTokenResponse(json(200, '[1]'), { now: 0, grant: 'authorization_code' })).toMatchObject({
      kind: 'error',
      reason: expect.stringMatching(/without an access_token; the body is json/),
    });
    expect(parseTokenResponse(json(200, { token: 'x' }), { now: 0, grant: 'authorization_code' })).toMatchObject({
      kind: 'error',
      reason: expect.stringMatching(/the json body has the fields token/),
    });
    expect(oauth2ErrorOf({ error: 1 })).toBe(null);
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
    expect(b64TokenProblem('ab"c')).toMatch(
      /^The access token the server issued has "\\"" at position 3, so it is not the letters, digits/
    );
    expect(b64TokenProblem('a=b')).toMatch(/has an = before the end/);
    expect(b64TokenProblem('')).toMatch(/^The access token is empty/);
    expect(bearerAuthorization('ab"c', true)).toBe('Bearer ab"c');
  });
});

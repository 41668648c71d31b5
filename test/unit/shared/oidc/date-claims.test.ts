import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../../shared/http';
import { describeAccessToken, interpretIntrospection, numericDate, readNumericDate } from '../../../../shared/oidc';

/** NumericDate claims (RFC 7519 §2): in range or a named problem, never a thrown RangeError. */
const CLOCK = { now: 1_700_000_000_000, clockSkewSeconds: 60 };
const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (header: object, claims: object) => `${enc(header)}.${enc(claims)}.sig`;
const introspection = (body: object): Exchange => {
  const text = JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'https://op.example/introspect', headers: [] },
    response: { status: 200, statusText: 'OK', headers: [], bodyText: text, bodySize: text.length },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  };
};

describe('readNumericDate', () => {
  it('accepts 0 up to the last second a Date holds (8.64e12 s), fractions included', () => {
    expect(readNumericDate(0)).toEqual({ seconds: 0, iso: '1970-01-01T00:00:00.000Z' });
    expect(readNumericDate(8.64e12)).toEqual({ seconds: 8.64e12, iso: '+275760-09-13T00:00:00.000Z' });
    expect(readNumericDate(1.5)).toMatchObject({ iso: '1970-01-01T00:00:01.500Z' });
  });

  it.each([
    [8.64e12 + 1, 'beyond the last date a clock can show'],
    [1e13, 'beyond the last date a clock can show'],
    [-1, 'before 1970'],
    [Infinity, 'expected a NumericDate'],
    [Number.NaN, 'expected a NumericDate'],
    ['1700000000', 'is "1700000000"; expected a NumericDate'],
    [null, 'is null; expected a NumericDate'],
  ])('%s is a problem: %s', (value, problem) => {
    expect(readNumericDate(value)).toEqual({ problem: expect.stringContaining(problem) });
    expect(numericDate(value)).toBeNull();
  });
});

describe('a JWT access token', () => {
  it('exp 1e13, iat -1, nbf "soon": each a failed step, nothing thrown; the token is not valid', () => {
    const v = describeAccessToken(
      jwt(
        { alg: 'RS256', typ: 'at+jwt' },
        { iss: 'i', aud: 'a', sub: 's', client_id: 'c', jti: 'j', exp: 1e13, iat: -1, nbf: 'soon' }
      ),
      CLOCK
    );
    if (v.kind !== 'jwt') throw new Error('expected a JWT');
    expect(v.expiresAt).toBeNull();
    expect(v.valid).toBe(false);
    expect(v.steps.filter((s) => s.status === 'failed').map((s) => s.id)).toEqual(['exp', 'iat', 'nbf']);
  });

  it('typ at+jwt with every required claim passes; without typ the profile checks are not applied', () => {
    const claims = { iss: 'i', aud: 'a', sub: 's', client_id: 'c', jti: 'j', exp: 1_700_000_300, iat: 1_700_000_000 };
    const profile = describeAccessToken(jwt({ alg: 'RS256', typ: 'at+jwt' }, claims), CLOCK);
    expect(profile).toMatchObject({ kind: 'jwt', valid: true });
    const plain = describeAccessToken(jwt({ alg: 'RS256' }, { sub: 's' }), CLOCK);
    if (plain.kind !== 'jwt') throw new Error('expected a JWT');
    expect(plain.steps.map((s) => [s.id, s.status])).toEqual([
      ['typ', 'skipped'],
      ['claims', 'skipped'],
      ['exp', 'skipped'],
      ['iat', 'skipped'],
      ['nbf', 'skipped'],
      ['auth_time', 'skipped'],
    ]);
  });
});

describe('an introspection response (RFC 7662 §2.2)', () => {
  it('exp beyond any date fails its check and the answer; a good exp is shown as a time', () => {
    const bad = interpretIntrospection(introspection({ active: true, exp: 1e13, iat: 1_700_000_000 }));
    expect(bad.ok).toBe(false);
    expect(bad.checks.find((c) => c.name === 'exp')).toMatchObject({ ok: false });
    expect(bad.checks.find((c) => c.name === 'iat')).toMatchObject({
      ok: true,
      message: expect.stringContaining('2023-11-14'),
    });
    expect(interpretIntrospection(introspection({ active: true, exp: 1_700_000_300 })).ok).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { dpopIntrospectionChecks, dpopTokenChecks } from '../../../../shared/dpop/token-checks';

/** RFC 9449 §5.1, §6.1: what a DPoP client checks in the token response. */
const jwt = (payload: object) =>
  `${Buffer.from('{"alg":"ES256","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
const failed = (fields: Record<string, unknown>) =>
  dpopTokenChecks(fields, 'thumb')
    .filter((c) => !c.ok)
    .map((c) => c.message);

describe('dpopTokenChecks', () => {
  it('token_type DPoP (any case) and a JWT cnf.jkt equal to the thumbprint pass', () => {
    expect(failed({ token_type: 'dpop', access_token: jwt({ cnf: { jkt: 'thumb' } }) })).toEqual([]);
  });
  it('a bearer answer is named: the server did not bind the token', () => {
    expect(failed({ token_type: 'Bearer', access_token: 'opaque' })).toEqual([
      'token_type is "Bearer", not DPoP: the server did not bind the token to the key, so it is a bearer token (RFC 9449 §5.1, §7.2).',
    ]);
  });
  it('a JWT bound to another key, or to none, is named with both thumbprints', () => {
    expect(failed({ token_type: 'DPoP', access_token: jwt({ cnf: { jkt: 'other' } }) })).toEqual([
      `The JWT access token's cnf.jkt is "other"; the key's thumbprint is thumb (RFC 9449 §6.1).`,
    ]);
    expect(failed({ token_type: 'DPoP', access_token: jwt({ sub: 'a' }) })[0]).toContain('has no cnf.jkt');
  });
});

/** RFC 9449 §6.2: what a DPoP client checks in the introspection answer on its bound access token. */
describe('dpopIntrospectionChecks', () => {
  const failedOf = (claims: Record<string, unknown>) =>
    dpopIntrospectionChecks(claims, 'thumb')
      .filter((c) => !c.ok)
      .map((c) => c.message);
  it("an active token's cnf.jkt equal to the thumbprint passes; an inactive answer has nothing to compare", () => {
    expect(dpopIntrospectionChecks({ active: true, cnf: { jkt: 'thumb' } }, 'thumb')).toMatchObject([{ ok: true }]);
    expect(dpopIntrospectionChecks({ active: false }, 'thumb')).toEqual([]);
  });
  it('another key, or none, is named', () => {
    expect(failedOf({ active: true, cnf: { jkt: 'other' } })).toEqual([
      `The introspection answer's cnf.jkt is "other"; the key's thumbprint is thumb (RFC 9449 §6.2).`,
    ]);
    expect(failedOf({ active: true, cnf: 'x' })[0]).toContain('The introspection answer has no cnf.jkt');
  });
});

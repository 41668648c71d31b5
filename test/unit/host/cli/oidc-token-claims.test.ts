import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulation } from '../../../support/emulations/provider-emulation';
import { HOSTILE_CLIENT, startHostileOp, type HostileTokens } from '../../../support/hostile-op';
import { runFlow } from './run-flow';

/**
 * `oauth-lab flow --scope openid` against a provider on 127.0.0.1 that signs hostile claims: every date claim is
 * read as a NumericDate in range (RFC 7519 §2) and a bad one is a failed step, never a stack trace; sub, nbf,
 * typ at+jwt and c_hash are checked as the page checks them (one shared validation).
 */
let tokens: HostileTokens = {};
let op: Emulation;
beforeAll(async () => {
  op = await startHostileOp(() => tokens);
});
afterAll(() => op.close());

const flow = (extra: string[] = []) =>
  runFlow([
    '--base-url',
    op.base,
    '--authorize-path',
    '/authorize',
    '--token-path',
    '/token',
    '--client-id',
    HOSTILE_CLIENT.id,
    '--client-secret',
    HOSTILE_CLIENT.secret,
    '--scope',
    'openid',
    '--no-open',
    ...extra,
  ]);
const later = Math.floor(Date.now() / 1000) + 3600;

describe('date claims no clock can show', () => {
  it('exp 1e13 in the id_token and iat 1e13 in the JWT access token: failed steps, exit 1, no stack trace', async () => {
    tokens = { idToken: { exp: 1e13 }, accessToken: { iat: 1e13 } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(r.stderr).toMatch(
      /FAIL Expiry \(exp\), 60 s skew allowed \[OIDC Core §3\.1\.3\.7 \(9\)\]: exp is 10000000000000, beyond/
    );
    expect(r.stderr).toMatch(
      /FAIL Issued at \(iat\), 60 s skew allowed \[RFC 9068 §2\.2\]: iat is 10000000000000, beyond/
    );
    expect(r.stderr).toContain('failed at id_token: Expiry (exp)');
  });

  it('a negative, a string and a huge auth_time or nbf are each named', async () => {
    tokens = { idToken: { iat: -5, auth_time: '2024-01-01', nbf: 1e300 } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'FAIL Issued at (iat), 60 s skew allowed [OIDC Core §3.1.3.7 (10)]: iat is -5, before 1970'
    );
    expect(r.stderr).toContain(
      'FAIL Authentication time (auth_time) [OIDC Core §3.1.3.7 (13), §3.1.2.1]: auth_time is "2024-01-01"; expected a NumericDate'
    );
    expect(r.stderr).toContain('FAIL Not before (nbf), 60 s skew allowed [RFC 7519 §4.1.5]: nbf is 1e+300, beyond');
  });
});

describe('the checks the page makes, made by the CLI alike', () => {
  it('an nbf an hour ahead fails the nbf step', async () => {
    tokens = { idToken: { nbf: later } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at id_token: Not before (nbf), 60 s skew allowed [RFC 7519 §4.1.5]: nbf is');
    expect(r.stderr).toContain('not valid yet');
  });

  it('an id_token without sub fails the sub step', async () => {
    tokens = { idToken: { sub: undefined } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at id_token: Subject (sub) [OIDC Core §2]: sub is missing');
  });

  it('an access token (typ at+jwt) presented as the id_token fails the typ step', async () => {
    tokens = { idTokenHeader: { typ: 'at+jwt' } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at id_token: Token type (typ) [RFC 9068 §2.1, §4]: typ is "at+jwt"');
  });

  it("a c_hash that is not the exchanged code's fails the c_hash step; the access token's steps are shown", async () => {
    tokens = { idToken: { c_hash: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    const r = await flow();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at id_token: Code hash (c_hash) [OIDC Core §3.3.2.11]: c_hash is "AAAA');
    expect(r.stderr).toContain('ok   Token type (typ) [RFC 9068 §2.1, §4]: typ is at+jwt');
    expect(r.stderr).toContain('ok   Required claims [RFC 9068 §2.2]');
  });

  it('a correct token passes every step, c_hash included', async () => {
    tokens = { accessToken: null };
    const r = await flow();
    expect(r.stderr).toContain('Flow completed');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/ok {3}Subject \(sub\)/);
    expect(r.stderr).toMatch(/-- {3}Code hash \(c_hash\) \[OIDC Core §3\.3\.2\.11\]: No c_hash/);
  });
});

describe('UserInfo with an access token outside the b64token characters (RFC 6750 §2.1)', () => {
  const userinfoCalls = () => op.seen.filter((r) => r.url === '/userinfo');

  it('without --bearer-as-issued: UserInfo is left out with a warning naming the character; the tokens are kept', async () => {
    tokens = { accessToken: 'tok"en' };
    const before = userinfoCalls().length;
    const r = await flow();
    expect(r.stderr).toContain(
      'warn bearer: The access token the server issued has "\\"" at position 4, so it is not the letters, digits and - . _ ~ + / with optional trailing ='
    );
    expect(r.stderr).toContain('give --bearer-as-issued to send it as issued');
    expect(userinfoCalls().length).toBe(before);
    expect(r.stdout).toContain('access_token=tok"en');
    expect(r.code).toBe(0);
  });

  it('with --bearer-as-issued: sent as issued, said on stderr, and the sub compared', async () => {
    tokens = { accessToken: 'tok"en' };
    const r = await flow(['--bearer-as-issued']);
    expect(r.stderr).toContain('note bearer: The access token the server issued has "\\"" at position 4');
    expect(r.stderr).toContain('Sent as issued, as --bearer-as-issued asks.');
    expect(userinfoCalls().at(-1)!.headers.authorization).toBe('Bearer tok"en');
    expect(r.stderr).toContain('ok   sub matches the id_token');
    expect(r.code).toBe(0);
  });
});

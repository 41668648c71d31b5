import { describe, expect, it } from 'vitest';
import { judge, settledFailure } from '../../../../shared/grade/judge';
import type { Observed } from '../../../../shared/grade/observed';
import { scenarioById, type Scenario } from '../../../../shared/grade/scenarios';

/** The judge's rules on what an issuer observed; the same rules over real sockets are in grade-cli.test.ts. */
const scenario = (id: string): Scenario => scenarioById(id)!;
const seen = (endpoint: Observed['endpoint'], more: Partial<Observed> = {}): Observed => ({
  endpoint,
  grant: null,
  method: endpoint === 'token' ? 'POST' : 'GET',
  path: `/${endpoint}`,
  status: 200,
  bad: false,
  said: 'answered',
  ...more,
});
const codeGrant = (more: Partial<Observed> = {}) =>
  seen('token', { grant: 'authorization_code', clientAuth: 'basic', verifier: 'match', ...more });
const refresh = (more: Partial<Observed> = {}) =>
  seen('token', { grant: 'refresh_token', clientAuth: 'basic', refreshToken: 'current', ...more });

describe('judge', () => {
  it('reject: a call to UserInfo after the bad id_token fails; stopping there passes; never reaching it fails', () => {
    const s = scenario('oidcc-client-test-invalid-iss');
    const upToBad = [seen('discovery'), seen('authorize'), codeGrant({ bad: true })];
    expect(judge(s, [...upToBad, seen('userinfo')]).verdict).toBe('fail');
    expect(judge(s, [...upToBad, seen('jwks')]).verdict).toBe('pass');
    const early = judge(s, [seen('discovery')]);
    expect(early.verdict).toBe('fail');
    expect(early.evidence[0]).toContain("stopped before the scenario's bad response");
  });

  it('names the section and the OpenID Foundation module, and what a specification lets a client skip', () => {
    const j = judge(scenario('oidcc-client-test-invalid-sig-rs256'), [codeGrant({ bad: true })]);
    expect(j.evidence[0]).toBe(
      "pass: the client stopped after the id_token's RS256 signature does not verify; OpenID Connect Core 1.0 §3.1.3.7 item 6 (the OpenID Foundation's oidcc-client-test-invalid-sig-rs256)"
    );
    expect(j.evidence[1]).toContain('§3.1.3.7 item 6 lets a code-flow client skip the signature check');
    expect(j.evidence[2]).toBe("POST /token → 200: answered (the scenario's fault)");
  });

  it('accept: UserInfo after the code grant passes; a refresh scenario also needs a refresh and UserInfo after it', () => {
    expect(judge(scenario('oidcc-client-test'), [codeGrant()]).verdict).toBe('fail');
    expect(judge(scenario('oidcc-client-test'), [codeGrant(), seen('userinfo')]).verdict).toBe('pass');
    const r = scenario('oidcc-client-test-refresh-token');
    expect(judge(r, [codeGrant(), seen('userinfo')]).evidence[0]).toContain('never refreshed');
    expect(judge(r, [codeGrant(), seen('userinfo'), refresh()]).verdict).toBe('fail');
    expect(judge(r, [codeGrant(), seen('userinfo'), refresh(), seen('userinfo')]).verdict).toBe('pass');
  });

  it('either: passes once the scenario answered, whatever the client did next', () => {
    const s = scenario('oidcc-client-test-kid-absent-multiple-jwks');
    expect(judge(s, [codeGrant({ bad: true })]).verdict).toBe('pass');
    expect(judge(s, [codeGrant({ bad: true }), seen('userinfo')]).verdict).toBe('pass');
    expect(judge(s, [seen('discovery')]).verdict).toBe('fail');
  });

  it('wire checks fail a client that completed: PKCE plain, client_secret_post, a rotated-out refresh token', () => {
    const done = [codeGrant(), seen('userinfo')];
    const pkce = judge(scenario('pkce-s256'), [seen('authorize', { pkceMethod: 'plain' }), ...done]);
    expect(pkce.evidence[0]).toContain('PKCE method was plain, not S256 (RFC 9700 §2.1.1)');
    expect(judge(scenario('pkce-s256'), [seen('authorize', { pkceMethod: 'S256' }), ...done]).verdict).toBe('pass');
    const post = judge(scenario('oidcc-client-test-client-secret-basic'), [codeGrant({ clientAuth: 'post' })]);
    expect(post.evidence[0]).toContain('authenticated with post, not client_secret_basic');
    const rotation = scenario('refresh-token-rotation');
    const refreshed = [...done, refresh(), seen('userinfo')];
    expect(judge(rotation, refreshed).verdict).toBe('pass');
    expect(judge(rotation, [...refreshed, refresh({ refreshToken: 'rotated-out', status: 400 })]).verdict).toBe('fail');
  });

  it('settledFailure: only a failure no later request can undo (the app decides it at once)', () => {
    const s = scenario('oidcc-client-test-invalid-iss');
    const upToBad = [seen('discovery'), seen('authorize'), codeGrant({ bad: true })];
    // Before the bad response, or stopped after it: the client may still send more, so nothing is settled.
    expect(settledFailure(s, [seen('discovery')])).toBeNull();
    expect(settledFailure(s, upToBad)).toBeNull();
    expect(settledFailure(s, [...upToBad, seen('userinfo')])).toContain('called the userinfo endpoint');
    // An accept scenario that has not finished yet is not failed; a broken wire rule is.
    expect(settledFailure(scenario('oidcc-client-test'), [codeGrant()])).toBeNull();
    const plain = [seen('authorize', { pkceMethod: 'plain' })];
    expect(settledFailure(scenario('pkce-s256'), plain)).toContain('PKCE method was plain');
  });
});

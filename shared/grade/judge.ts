import type { GradedEndpoint, Observed } from './observed';
import type { Scenario } from './scenarios';

export type Verdict = 'pass' | 'fail' | 'skip';

export interface Judgement {
  readonly verdict: Verdict;
  /** The reason first, then what a specification allows here, then each request the issuer saw. */
  readonly evidence: readonly string[];
}

/** The endpoints a client reaches only by carrying on: calling one after the bad response fails a reject scenario. */
const NEXT: readonly GradedEndpoint[] = ['token', 'userinfo', 'honeypot'];

const line = (o: Observed) =>
  `${o.method} ${o.path || '/'} → ${o.status}: ${o.said}${o.bad ? " (the scenario's fault)" : ''}`;
const ok = (o: Observed) => o.status >= 200 && o.status < 300;

/** Reject (the OpenID Foundation's rule, AbstractOIDCCClientTest): a call to the next endpoint after the bad response fails. */
function judgeReject(s: Scenario, seen: readonly Observed[]): [Verdict, string] {
  const bad = seen.findIndex((o) => o.bad);
  if (bad < 0)
    return ['fail', `the client stopped before the scenario's bad response (${s.what}) was sent, so it was not tested`];
  const after = seen.slice(bad + 1).find((o) => NEXT.includes(o.endpoint));
  if (after)
    return [
      'fail',
      `the client called ${after.endpoint === 'honeypot' ? 'an endpoint of the poisoned document' : `the ${after.endpoint} endpoint`} (${after.method} ${after.path}) after ${s.what}; it must stop`,
    ];
  return ['pass', `the client stopped after ${s.what}`];
}

/** The code grant and UserInfo succeeded, and in a refresh scenario a refresh and UserInfo after it. */
function judgeAccept(s: Scenario, seen: readonly Observed[]): [Verdict, string] {
  const code = seen.findIndex((o) => o.grant === 'authorization_code' && ok(o));
  if (code < 0) return ['fail', `the client never obtained tokens: ${s.what}, and a client must accept it`];
  const info = seen.findIndex((o, i) => i > code && o.endpoint === 'userinfo' && ok(o));
  if (info < 0) return ['fail', `the client stopped before calling UserInfo: ${s.what}, and a client must accept it`];
  if (!s.mustRefresh) return ['pass', `the client carried on to UserInfo: ${s.what}`];
  const refresh = seen.findIndex((o, i) => i > code && o.grant === 'refresh_token' && ok(o));
  if (refresh < 0) return ['fail', 'the client never refreshed: a refresh scenario needs one refresh'];
  if (!seen.some((o, i) => i > refresh && o.endpoint === 'userinfo' && ok(o)))
    return ['fail', 'the client did not call UserInfo with the refreshed access token'];
  return ['pass', `the client refreshed and called UserInfo again: ${s.what}`];
}

/** Wire checks judge the requests themselves; the first broken rule, or null. */
function wireFailure(s: Scenario, seen: readonly Observed[]): string | null {
  if (s.wire === 'pkce-s256') {
    const auth = seen.find((o) => o.endpoint === 'authorize');
    if (auth && auth.pkceMethod !== 'S256')
      return `the authorization request's PKCE method was ${auth.pkceMethod === 'none' ? 'absent' : auth.pkceMethod}, not S256 (RFC 9700 §2.1.1)`;
    const grant = seen.find((o) => o.grant === 'authorization_code' && o.verifier !== undefined);
    if (grant && grant.verifier !== 'match')
      return `the code grant's code_verifier was ${grant.verifier}: it must hash to the challenge (RFC 7636 §4.6)`;
  }
  if (s.wire === 'client-secret-basic') {
    const other = seen.find((o) => o.endpoint === 'token' && o.clientAuth !== 'basic');
    if (other)
      return `a token request authenticated with ${other.clientAuth}, not client_secret_basic (RFC 6749 §2.3.1)`;
  }
  if (s.wire === 'refresh-token-rotation' && seen.some((o) => o.refreshToken === 'rotated-out'))
    return 'the client refreshed with a refresh token that had been rotated out (RFC 9700 §4.14.2)';
  return null;
}

/**
 * A failure no later request can undo, or null: a broken wire rule, or a reject scenario's client that called the
 * next endpoint after the bad response. The app decides such a scenario at once; any other verdict waits for the
 * client to stop (the CLI: its process exits; the app: a quiet wait, or the user moving on).
 */
export function settledFailure(s: Scenario, seen: readonly Observed[]): string | null {
  const wire = wireFailure(s, seen);
  if (wire) return wire;
  if (s.expectation !== 'reject' || !seen.some((o) => o.bad)) return null;
  const [verdict, reason] = judgeReject(s, seen);
  return verdict === 'fail' ? reason : null;
}

/** Where the scenario's verdict comes from: what the issuer observed, never the client's exit code. */
export function judge(s: Scenario, seen: readonly Observed[]): Judgement {
  const [base, reason] =
    s.expectation === 'reject'
      ? judgeReject(s, seen)
      : s.expectation === 'accept'
        ? judgeAccept(s, seen)
        : seen.some((o) => o.bad)
          ? (['pass', `either outcome passes: ${s.what}`] as const)
          : (['fail', `the client stopped before the scenario's bad response (${s.what}) was sent`] as const);
  const wire = wireFailure(s, seen);
  const verdict: Verdict = wire ? 'fail' : base;
  const why = wire ?? reason;
  const mirrors = s.mirrors ? ` (the OpenID Foundation's ${s.mirrors})` : '';
  return {
    verdict,
    evidence: [`${verdict}: ${why}; ${s.section}${mirrors}`, ...(s.note ? [s.note] : []), ...seen.map(line)],
  };
}

import { check, type Check } from '../check';
import { oneLine, sentence } from '../provider-message';
import { constantTimeEqual } from '../oauth1/signing';
import type { Param } from '../url-encoded';
import { single, valuesOf, type CallbackQuery } from './callback-query';

/**
 * The checks a careful client makes on the redirect back to it, one list whoever receives it (the loopback catcher,
 * a pasted address, the command line). A message cites the section it rests on; a refusal is the provider's words.
 */

/** A provider's refusal, recognised in the callback. Shown as text, never as markup. */
export interface ProviderError {
  /** `error` (RFC 6749 §4.1.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)), `oauth_problem` (OAuth Problem Reporting) or `denied` (a common OAuth 1.0a denial). */
  readonly source: 'error' | 'oauth_problem' | 'denied';
  readonly error: string;
  readonly description: string | null;
  readonly uri: string | null;
}

/** What an OAuth 2 flow expects back. `state: null`: it sent none, so a callback carrying one is refused. */
export interface OAuth2CallbackExpectation {
  readonly state: string | null;
  /** RFC 9207 (https://www.rfc-editor.org/rfc/rfc9207): when set, an `iss` in the callback must equal it. */
  readonly issuer?: string;
  /** RFC 9207: the server advertises `authorization_response_iss_parameter_supported`, so `iss` must be present. */
  readonly issuerRequired?: boolean;
}

export interface CallbackChecks {
  readonly checks: Check[];
  readonly error: ProviderError | null;
}

/** The name of the check that fails when the provider refused, per protocol. */
export const REFUSAL_CHECK = { oauth2: 'no error', oauth1: 'no-denial' } as const;

type Params = readonly Param[];

const show = (v: string) => JSON.stringify(v);
const cited = (text: string, reference: string) => `${text.replace(/\.$/, '')} (${reference}).`;
const judged = (name: string, ok: boolean, pass: string, fail: string, reference: string): Check =>
  check(name, ok, cited(pass, reference), cited(fail, reference));

function wellFormed(q: CallbackQuery): Check {
  const bad = q.malformed;
  return judged(
    'query well formed',
    bad.length === 0,
    'Every parameter decodes.',
    `These parts have broken percent-escapes and were kept as written: ${bad.map(show).join(', ')}.`,
    'RFC 3986 §2.1'
  );
}

function notRepeated(params: Params, names: readonly string[], reference: string): Check {
  const repeated = names.filter((n) => valuesOf(params, n).length > 1);
  const list = repeated.map((n) => `${n} (${valuesOf(params, n).length} times)`).join(', ');
  return judged(
    'no repeated parameters',
    repeated.length === 0,
    `Each of ${names.join(', ')} appears at most once.`,
    `Repeated: ${list}. Each must appear once; a repeated value cannot be trusted.`,
    reference
  );
}

function issuerCheck(params: Params, issuer: string | undefined, required: boolean): Check | null {
  if (issuer === undefined && !required) return null;
  const all = valuesOf(params, 'iss');
  const ref = 'RFC 9207 §2.4; RFC 9700 §4.4.2';
  if (all.length === 0) {
    const missing =
      'The server advertises authorization_response_iss_parameter_supported, but the callback has no iss: the response may come from another server, a mix-up attack.';
    return judged('iss matches', !required, 'No iss was sent, and the server does not require it.', missing, ref);
  }
  if (issuer === undefined)
    return judged(
      'iss matches',
      false,
      '',
      `iss ${show(all[0]!)} was received but no expected issuer is configured to compare it with.`,
      ref
    );
  const ok = all.length === 1 && all[0] === issuer;
  return judged(
    'iss matches',
    ok,
    `iss equals ${show(issuer)}.`,
    `iss is ${all.map(show).join(', ')}; expected ${show(issuer)}. The response may come from another server, a mix-up attack.`,
    ref
  );
}

/** RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12): the state ties the response to this flow; compared in constant time, as a secret is. */
function stateCheck(params: Params, expected: string | null): Check {
  const all = valuesOf(params, 'state');
  const ref = 'RFC 6749 §10.12; RFC 8252 §8.9';
  if (expected === null) {
    const sent = `The flow sent no state, yet the callback carries state=${all.map(show).join(', ')}: it was not started by this flow.`;
    return judged(
      'state matches',
      all.length === 0,
      'The flow sent no state and the callback carries none.',
      sent,
      'oauth4webapi expectNoState; RFC 6749 §10.12'
    );
  }
  const forged = 'the callback may be forged (CSRF); do not exchange the code.';
  if (all.length === 0)
    return judged(
      'state matches',
      false,
      '',
      `The callback has no state, so it cannot be tied to this flow: ${forged}`,
      ref
    );
  const ok = all.length === 1 && constantTimeEqual(all[0]!, expected);
  return judged(
    'state matches',
    ok,
    'The returned state equals the state sent.',
    `The returned state ${all.map(show).join(', ')} is not the state sent (${show(expected)}): ${forged}`,
    ref
  );
}

/** RFC 6749 §4.1.2.1: the provider's words, on one line. */
function errorCheck(err: ProviderError | null): Check {
  const said = err
    ? `${sentence(oneLine([err.error, err.description].filter(Boolean).join(': ')))}${err.uri ? ` See ${err.uri}` : ''}`
    : '';
  return check(
    REFUSAL_CHECK.oauth2,
    err === null,
    'The provider reports no error.',
    `The provider refused (RFC 6749 §4.1.2.1): ${said}`
  );
}

/** X sends `denied=<request token>` when the user refuses; others an oauth_problem (Problem Reporting) or an error. */
function denialCheck(params: Params, err: ProviderError | null): Check {
  const denied = valuesOf(params, 'denied')[0];
  const said = !err
    ? ''
    : err.source === 'denied'
      ? `the user denied access (denied=${denied})`
      : [err.error, err.description].filter(Boolean).join(': ');
  return check(
    REFUSAL_CHECK.oauth1,
    err === null,
    'The provider reports no denial.',
    `The provider says: ${sentence(oneLine(said))}`
  );
}

/** After a refusal, a check that fails for want of what the refusal replaced is its consequence, not a second reason. */
const following = (err: ProviderError | null, c: Check): Check => (err && !c.ok ? { ...c, kind: 'consequence' } : c);

/** RFC 6749 §4.1.2.1 error, or an OAuth 1.0a refusal (`oauth_problem` per Problem Reporting, `denied=<token>`). */
function providerError(params: Params, kind: 'oauth1' | 'oauth2'): ProviderError | null {
  const first = (n: string) => valuesOf(params, n)[0] ?? null;
  const error = first('error');
  if (error !== null)
    return { source: 'error', error, description: first('error_description'), uri: first('error_uri') };
  if (kind === 'oauth1') {
    const problem = first('oauth_problem');
    if (problem !== null)
      return { source: 'oauth_problem', error: problem, description: first('oauth_problem_advice'), uri: null };
    const denied = first('denied');
    if (denied !== null)
      return {
        source: 'denied',
        error: 'denied',
        description: 'The user or the provider denied the authorization.',
        uri: null,
      };
  }
  return null;
}

/** An OAuth 2 authorization response (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2), §4.1.2.1; RFC 9207): the state first. */
export function oauth2CallbackChecks(q: CallbackQuery, expected: OAuth2CallbackExpectation): CallbackChecks {
  const p = q.params;
  const error = providerError(p, 'oauth2');
  const checks = [
    stateCheck(p, expected.state),
    wellFormed(q),
    notRepeated(p, ['code', 'state', 'error', 'error_description', 'error_uri', 'iss'], 'RFC 6749 §3.1; oauth4webapi'),
  ];
  const iss = issuerCheck(p, expected.issuer, expected.issuerRequired === true);
  if (iss) checks.push(iss);
  const code = single(p, 'code');
  const noCode = error ? 'No authorization code.' : 'The callback has neither a code nor an error.';
  checks.push(
    errorCheck(error),
    following(
      error,
      judged(
        'code',
        !!code,
        'An authorization code arrived; exchange it now, it is short-lived.',
        noCode,
        'RFC 6749 §4.1.2'
      )
    )
  );
  return { checks, error };
}

/**
 * An OAuth 1.0a callback (RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2), §6.2.3): the returned oauth_token (or X's `denied=<token>`) must be this
 * flow's request token, compared in constant time.
 */
export function oauth1CallbackChecks(q: CallbackQuery, requestToken: string): CallbackChecks {
  const p = q.params;
  const error = providerError(p, 'oauth1');
  const tokens = valuesOf(p, 'oauth_token');
  const denied = valuesOf(p, 'denied');
  const [name, received] = tokens.length > 0 || denied.length === 0 ? ['oauth_token', tokens] : ['denied', denied];
  const ok = received.length === 1 && requestToken !== '' && constantTimeEqual(received[0]!, requestToken);
  const mismatch =
    received.length === 0
      ? 'The callback has no oauth_token, so it cannot be tied to this flow: the callback may be forged; do not exchange the verifier.'
      : `The returned ${name} ${received.map(show).join(', ')} is not the request token ${show(requestToken)}: the callback may be forged (session fixation or CSRF); do not exchange the verifier.`;
  const token = judged(
    'oauth_token matches',
    ok,
    `The returned ${name} equals the request token, the CSRF check.`,
    mismatch,
    'RFC 5849 §2.2, §4.13'
  );
  const verifier = single(p, 'oauth_verifier');
  const checks = [
    denialCheck(p, error),
    following(error, token),
    wellFormed(q),
    notRepeated(p, ['oauth_token', 'oauth_verifier', 'denied', 'oauth_problem'], 'RFC 5849 §3.5'),
    following(
      error,
      judged(
        'oauth_verifier',
        !!verifier,
        'oauth_verifier received.',
        'oauth_verifier is missing from the callback.',
        'RFC 5849 §2.2'
      )
    ),
  ];
  return { checks, error };
}

import { single, valuesOf, type ParsedQuery } from './query';
import type { CallbackCheck, CallbackParam, CheckId, ProviderError, WaitTarget } from './types';

type Params = readonly CallbackParam[];

function check(id: CheckId, label: string, passed: boolean, detail: string, reference: string): CallbackCheck {
  return { id, label, passed, detail, reference };
}

const show = (v: string) => JSON.stringify(v);

function wellFormed(q: ParsedQuery): CallbackCheck {
  return check(
    'query_well_formed',
    'The query string is well formed',
    q.malformed.length === 0,
    q.malformed.length === 0
      ? 'Every parameter decodes.'
      : `These parts have broken percent-escapes and were kept as written: ${q.malformed.map(show).join(', ')}.`,
    'RFC 3986 §2.1',
  );
}

function notRepeated(params: Params, names: readonly string[], reference: string): CallbackCheck {
  const repeated = names.filter((n) => valuesOf(params, n).length > 1);
  return check(
    'no_repeated_parameters',
    'No response parameter is repeated',
    repeated.length === 0,
    repeated.length === 0
      ? `Each of ${names.join(', ')} appears at most once.`
      : `Repeated: ${repeated.map((n) => `${n} (${valuesOf(params, n).length} times)`).join(', ')}. Each must appear once; a repeated value cannot be trusted.`,
    reference,
  );
}

function issuerCheck(params: Params, issuer: string | undefined, required: boolean): CallbackCheck | null {
  if (issuer === undefined && !required) return null;
  const all = valuesOf(params, 'iss');
  const iss = all[0];
  const ref = 'RFC 9207 §2.4; RFC 9700 §4.4.2';
  if (all.length === 0) {
    return required
      ? check('issuer', 'The issuer (iss) is present', false, 'The server advertises authorization_response_iss_parameter_supported, but the callback has no iss: the response may come from another server (mix-up attack).', ref)
      : check('issuer', 'The issuer (iss) matches', true, 'No iss was sent, and the server does not require it.', ref);
  }
  if (issuer === undefined) return check('issuer', 'The issuer (iss) matches', false, `iss ${show(iss!)} was received but no expected issuer is configured to compare it with.`, ref);
  const ok = all.length === 1 && iss === issuer;
  return check('issuer', 'The issuer (iss) matches', ok, ok ? `iss equals ${show(issuer)}.` : `iss is ${all.map(show).join(', ')}; expected ${show(issuer)}. The response may come from another server (mix-up attack).`, ref);
}

function stateCheck(params: Params, expected: string | null): CallbackCheck {
  const all = valuesOf(params, 'state');
  const ref = 'RFC 6749 §10.12; RFC 8252 §8.9';
  const label = 'The state is echoed unchanged';
  if (expected === null) {
    return all.length === 0
      ? check('state_echoed', 'No state came back (none was sent)', true, 'The flow sent no state and the callback carries none.', ref)
      : check('state_echoed', 'No state came back (none was sent)', false, `The flow sent no state, yet the callback carries state=${all.map(show).join(', ')}: it was not started by this flow.`, 'oauth4webapi expectNoState; RFC 6749 §10.12');
  }
  if (all.length === 0) return check('state_echoed', label, false, 'The callback has no state. Without it the response cannot be tied to this flow (possible CSRF); do not exchange the code.', ref);
  const ok = all.length === 1 && all[0] === expected;
  return check('state_echoed', label, ok, ok ? 'state equals the value this flow sent.' : `state is ${all.map(show).join(', ')}; this flow sent ${show(expected)}. Possible CSRF; do not exchange the code.`, ref);
}

function providerErrorCheck(err: ProviderError | null, reference: string): CallbackCheck {
  const text = err ? `${err.source}=${show(err.error)}${err.description ? `, description ${show(err.description)}` : ''}${err.uri ? `, uri ${show(err.uri)}` : ''}` : '';
  return check('no_provider_error', 'The provider did not return an error', err === null, err ? `The provider refused: ${text}. No token request is made.` : 'No error, denial or oauth_problem in the callback.', reference);
}

/** RFC 6749 §4.1.2.1 error, or an OAuth 1.0a refusal (`oauth_problem` per Problem Reporting, `denied=<token>`). */
function providerError(params: Params, kind: WaitTarget['kind']): ProviderError | null {
  const first = (n: string) => valuesOf(params, n)[0] ?? null;
  const error = first('error');
  if (error !== null) return { source: 'error', error, description: first('error_description'), uri: first('error_uri') };
  if (kind === 'oauth1') {
    const problem = first('oauth_problem');
    if (problem !== null) return { source: 'oauth_problem', error: problem, description: first('oauth_problem_advice'), uri: null };
    const denied = first('denied');
    if (denied !== null) return { source: 'denied', error: 'denied', description: 'The user or the provider denied the authorization.', uri: null };
  }
  return null;
}

/** Checks of an OAuth 2 authorization response, in the order of oauth4webapi validateAuthResponse. */
export function oauth2Checks(q: ParsedQuery, target: Extract<WaitTarget, { kind: 'oauth2' }>): { checks: CallbackCheck[]; error: ProviderError | null } {
  const p = q.params;
  const error = providerError(p, 'oauth2');
  const checks: CallbackCheck[] = [wellFormed(q), notRepeated(p, ['code', 'state', 'error', 'error_description', 'error_uri', 'iss'], 'RFC 6749 §3.1; oauth4webapi')];
  const iss = issuerCheck(p, target.issuer, target.issuerRequired === true);
  if (iss) checks.push(iss);
  checks.push(stateCheck(p, target.state), providerErrorCheck(error, 'RFC 6749 §4.1.2.1'));
  if (!error) {
    const code = single(p, 'code');
    checks.push(check('code_present', 'An authorization code is present', !!code, code ? `code received (${code.length} characters).` : 'The callback has neither a code nor an error.', 'RFC 6749 §4.1.2'));
  }
  return { checks, error };
}

/** Checks of an OAuth 1.0a callback (RFC 5849 §2.2, §6.2.3). */
export function oauth1Checks(q: ParsedQuery, requestToken: string): { checks: CallbackCheck[]; error: ProviderError | null } {
  const p = q.params;
  const error = providerError(p, 'oauth1');
  const checks: CallbackCheck[] = [wellFormed(q), notRepeated(p, ['oauth_token', 'oauth_verifier', 'denied', 'oauth_problem'], 'RFC 5849 §3.5')];
  const tokens = valuesOf(p, 'oauth_token');
  const denied = valuesOf(p, 'denied');
  const [name, received] = tokens.length > 0 || denied.length === 0 ? ['oauth_token', tokens] : ['denied', denied];
  const ok = received.length === 1 && received[0] === requestToken;
  checks.push(
    check(
      'oauth_token_matches',
      'oauth_token equals the request token',
      ok,
      ok
        ? `${name} equals the request token of this flow.`
        : received.length === 0
          ? 'The callback has no oauth_token, so it cannot be tied to this flow; do not exchange the verifier.'
          : `${name} is ${received.map(show).join(', ')}; this flow's request token is ${show(requestToken)}. Possible session fixation or CSRF; do not exchange the verifier.`,
      'RFC 5849 §2.2, §4.13',
    ),
    providerErrorCheck(error, 'OAuth Problem Reporting; RFC 5849 §2.2'),
  );
  if (!error) {
    const verifier = single(p, 'oauth_verifier');
    checks.push(check('verifier_present', 'oauth_verifier is present', !!verifier, verifier ? `oauth_verifier received (${verifier.length} characters).` : 'The callback has no oauth_verifier; the token request needs it (OAuth 1.0a).', 'RFC 5849 §2.2'));
  }
  return { checks, error };
}

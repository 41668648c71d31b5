import type { CauseId } from '../explain/cause-ids';
import type { RawRequest } from '../http';
import { formDecode, formEncode } from '../url-encoded';

/**
 * Flow mistakes to make on purpose (the "Make a mistake on purpose" menu on the OAuth 2 legs), each one the mock
 * refuses or the client's own check fails, with the cause the explainer must name for it.
 */
export const FLOW_MISTAKES = {
  'redirect-trailing-slash': {
    title: 'redirect_uri with a trailing slash',
    detail:
      'the token request sends the authorization request’s redirect_uri with "/" appended; RFC 6749 §4.1.3 requires the two to be identical.',
    leg: 'token',
    cause: 'redirect_uri_mismatch',
  },
  'wrong-verifier': {
    title: 'A wrong PKCE verifier',
    detail:
      'code_verifier is another random string, which does not hash to the code_challenge sent with the authorization request (RFC 7636 §4.6).',
    leg: 'token',
    cause: 'pkce_verifier_mismatch',
  },
  'code-twice': {
    title: 'The code sent twice',
    detail:
      'the exchange that just succeeded is sent again with the same code; RFC 6749 §4.1.2 lets a code be used once only.',
    leg: 'token',
    cause: 'code_reused',
  },
  'code-expired': {
    title: 'The code after its lifetime',
    detail:
      'the mock’s clock is moved forward past the code’s lifetime before the exchange (the Mock page puts it back); RFC 6749 §4.1.2 has codes expire shortly after issue.',
    leg: 'token',
    cause: 'code_expired',
  },
  'other-client': {
    title: 'The code exchanged by another client',
    detail:
      'a second client is registered at the mock (RFC 7591) and exchanges the code with its own credentials; RFC 6749 §4.1.3 has the server check the code was issued to the authenticated client.',
    leg: 'token',
    cause: 'grant_for_another_client',
  },
  'old-refresh-token': {
    title: 'The old refresh token after rotation',
    detail:
      'the refresh token the last refresh replaced is sent again; a server that rotates refresh tokens refuses the old one (RFC 9700 §4.14.2).',
    leg: 'refresh',
    cause: 'refresh_token_reused',
  },
  'nonce-left-out': {
    title: 'The nonce left out',
    detail:
      'the mock’s id_token fault is switched to missing-nonce for this one exchange and back; the client must find the nonce its authorization request sent (OIDC Core §3.1.2.1) in the id_token and refuse it otherwise (§3.1.3.7 item 11).',
    leg: 'token',
    cause: 'nonce_mismatch',
  },
  'state-changed': {
    title: 'The state changed',
    detail:
      'the callback is judged as if it came back with another state; RFC 6749 §10.12 has the client refuse a state it did not send.',
    leg: 'authorize',
    cause: 'state_mismatch',
  },
} as const satisfies Record<
  string,
  { title: string; detail: string; leg: 'authorize' | 'token' | 'refresh'; cause: CauseId }
>;

export type FlowMistake = keyof typeof FLOW_MISTAKES;

/** The request with a parameter of its body set: replaced, or added (form or JSON body, as the profile sends it). */
export function withBodyParam(request: RawRequest, name: string, value: string): RawRequest {
  const body = request.body ?? '';
  const json = /^\s*\{/.test(body);
  if (json) {
    const fields = JSON.parse(body) as Record<string, unknown>;
    return { ...request, body: JSON.stringify({ ...fields, [name]: value }) };
  }
  const params = formDecode(body, 'token');
  const set = params.some(([n]) => n === name)
    ? params.map(([n, v]) => [n, n === name ? value : v] as const)
    : [...params, [name, value] as const];
  return { ...request, body: formEncode(set) };
}

/** The request authenticated as another client (RFC 6749 §2.3.1's body parameters), its Authorization header dropped. */
export function asOtherClient(request: RawRequest, clientId: string, clientSecret: string): RawRequest {
  const unauthenticated = { ...request, headers: request.headers.filter(([n]) => n.toLowerCase() !== 'authorization') };
  return withBodyParam(withBodyParam(unauthenticated, 'client_id', clientId), 'client_secret', clientSecret);
}

/** A body parameter's value as sent (form or JSON body), or null. */
export function bodyParam(request: RawRequest, name: string): string | null {
  const body = request.body ?? '';
  if (/^\s*\{/.test(body)) {
    const value = (JSON.parse(body) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  }
  return formDecode(body, 'token').find(([n]) => n === name)?.[1] ?? null;
}

/** The callback's query with another state, as a tampered redirect would bring it. */
export function withChangedState(query: string): string {
  const params = formDecode(query.replace(/^\?/, ''), 'callback');
  const others = params.filter(([n]) => n !== 'state');
  const state = params.find(([n]) => n === 'state')?.[1] ?? '';
  return `?${formEncode([...others, ['state', `${state}-changed`]])}`;
}

import { PROTOCOL_ERROR, ProtocolError } from '../errors';
import type { Param } from '../oauth1/parameters';
import { parseHttpUrl } from '../url';
import { sentence } from '../provider-message';
import { formDecode } from './form';

/** The outcome of the redirect back to the client (RFC 6749 §4.1.2 / §4.1.2.1). */
export type CallbackResult =
  | { readonly kind: 'code'; readonly code: string; readonly state: string; readonly params: readonly Param[] }
  | { readonly kind: 'error'; readonly error: string; readonly description: string | null; readonly uri: string | null; readonly state: string | null; readonly stateMatches: boolean; readonly params: readonly Param[] }
  | { readonly kind: 'state_mismatch'; readonly expected: string; readonly received: string | null; readonly params: readonly Param[] }
  | { readonly kind: 'invalid'; readonly reason: string; readonly params: readonly Param[] };

/**
 * Reads the callback URL (or just its query). The state is compared before anything else is trusted
 * (RFC 6749 §10.12, interface §4.2): a code with the wrong state is a state_mismatch, never a code.
 */
export function parseCallback(urlOrQuery: string, expectedState: string): CallbackResult {
  const query = /^https?:/i.test(urlOrQuery) ? (parseHttpUrl(urlOrQuery, 'callback').query ?? '') : urlOrQuery.replace(/^\?/, '');
  const params = formDecode(query, 'callback');
  const all = (name: string) => params.filter(([n]) => n === name).map(([, v]) => v);
  for (const name of ['code', 'state', 'error']) {
    if (all(name).length > 1) return { kind: 'invalid', reason: `The callback carries "${name}" ${all(name).length} times; each parameter must appear once (RFC 6749 §3.1).`, params };
  }
  const state = all('state')[0] ?? null;
  const error = all('error')[0];
  if (error !== undefined) {
    return { kind: 'error', error, description: all('error_description')[0] ?? null, uri: all('error_uri')[0] ?? null, state, stateMatches: state === expectedState, params };
  }
  if (state !== expectedState) return { kind: 'state_mismatch', expected: expectedState, received: state, params };
  const code = all('code')[0];
  if (!code) return { kind: 'invalid', reason: 'The callback has neither a code nor an error (RFC 6749 §4.1.2).', params };
  return { kind: 'code', code, state, params };
}

/** For callers that want an exception instead of the union (the CLI). */
export function requireCode(result: CallbackResult): string {
  if (result.kind === 'code') return result.code;
  const why =
    result.kind === 'error' ? `the provider returned error "${result.error}"${result.description ? `: ${result.description}` : ''}`
    : result.kind === 'state_mismatch' ? `the returned state ${JSON.stringify(result.received)} is not the state sent (${JSON.stringify(result.expected)}); the callback may be forged (RFC 6749 §10.12)`
    : result.reason;
  const code = result.kind === 'error' ? PROTOCOL_ERROR.CALLBACK_ERROR : result.kind === 'state_mismatch' ? PROTOCOL_ERROR.CALLBACK_STATE_MISMATCH : PROTOCOL_ERROR.CALLBACK_INVALID;
  throw new ProtocolError(code, 'callback', `Authorization failed: ${sentence(why)}`);
}

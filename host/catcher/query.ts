import type { CallbackParam } from './types';

/** Parameters that make a request an authorization response (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2), RFC 5849 §6.2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-6.2.3), denials). */
const RESPONSE_PARAMETERS = [
  'code',
  'state',
  'error',
  'iss',
  'oauth_token',
  'oauth_verifier',
  'denied',
  'oauth_problem',
] as const;

export function looksLikeAuthorizationResponse(params: readonly CallbackParam[]): boolean {
  return params.some(([n]) => (RESPONSE_PARAMETERS as readonly string[]).includes(n));
}

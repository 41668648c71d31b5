import type { TokenGrant } from './token-response-checks';

/** RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error codes of the token endpoint, with what each means in words. */
const TOKEN_ERRORS: Record<string, string> = {
  invalid_request: 'The request is missing a parameter, repeats one, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed: unknown client, wrong secret, or an unsupported authentication method.',
  invalid_grant:
    'The grant sent (a code, a refresh token, the client credentials) is invalid, expired, revoked, already used, or was issued for another redirect URI or client.',
  unauthorized_client: 'This client may not use this grant type.',
  unsupported_grant_type: 'The server does not support this grant type.',
  invalid_scope: 'The requested scope is invalid, unknown, or exceeds what was granted.',
};

/**
 * invalid_grant by the grant the request sent (RFC 6749 §5.2): there is no code or refresh token in a client
 * credentials request, whose grant is the client's own credentials (§4.4).
 */
const INVALID_GRANT: Record<TokenGrant, string> = {
  authorization_code:
    'The authorization code is invalid, expired, revoked, already used, or was issued for another redirect URI or client.',
  refresh_token:
    'The refresh token is invalid, expired, revoked (replaced by rotation, say), or was issued to another client.',
  device_code: 'The device code is invalid, expired, already used, or was issued to another client.',
  client_credentials:
    "The grant is the client's own credentials (RFC 6749 §4.4): the provider refused this client the grant (not allowed for it, or not for the scope, resource or audience asked); its description says which.",
  extension:
    'The grant sent (an assertion, a subject token, RFC 6749 §4.5) is invalid: a claim the server checks (issuer, subject, audience, expiry, signature, RFC 7523 §3.1), expired, already used, or not trusted; its description says which.',
};

export interface OAuth2Error {
  readonly error: string;
  readonly description: string | null;
  readonly uri: string | null;
  /** What the code means, for codes the RFC defines. */
  readonly meaning: string | null;
}

/**
 * The RFC 6749 §5.2 members of a response's fields (JSON or form: GitHub sends them as a form, with HTTP 200);
 * null when there is no string `error`.
 */
export function oauth2ErrorOf(fields: Readonly<Record<string, unknown>>, grant?: TokenGrant): OAuth2Error | null {
  if (typeof fields.error !== 'string' || fields.error === '') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    error: fields.error,
    description: text(fields.error_description),
    uri: text(fields.error_uri),
    meaning: (fields.error === 'invalid_grant' && grant ? INVALID_GRANT[grant] : TOKEN_ERRORS[fields.error]) ?? null,
  };
}

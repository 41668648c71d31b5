/** RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error codes of the token endpoint, with what each means in words. */
const TOKEN_ERRORS: Record<string, string> = {
  invalid_request: 'The request is missing a parameter, repeats one, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed: unknown client, wrong secret, or an unsupported authentication method.',
  invalid_grant:
    'The code or refresh token is invalid, expired, revoked, already used, or was issued for another redirect URI or client.',
  unauthorized_client: 'This client may not use this grant type.',
  unsupported_grant_type: 'The server does not support this grant type.',
  invalid_scope: 'The requested scope is invalid, unknown, or exceeds what was granted.',
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
export function oauth2ErrorOf(fields: Readonly<Record<string, unknown>>): OAuth2Error | null {
  if (typeof fields.error !== 'string' || fields.error === '') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    error: fields.error,
    description: text(fields.error_description),
    uri: text(fields.error_uri),
    meaning: TOKEN_ERRORS[fields.error] ?? null,
  };
}

/** RFC 6749 §5.2 error codes of the token endpoint, with what each means in words. */
export const TOKEN_ERRORS: Record<string, string> = {
  invalid_request: 'The request is missing a parameter, repeats one, or is otherwise malformed.',
  invalid_client: 'Client authentication failed: unknown client, wrong secret, or an unsupported authentication method.',
  invalid_grant: 'The code or refresh token is invalid, expired, revoked, already used, or was issued for another redirect URI or client.',
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

/** Reads an RFC 6749 §5.2 JSON error body; null when the body is not one. */
export function parseErrorResponse(bodyText: string): OAuth2Error | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return null;
  const b = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { error: b.error as string, description: text(b.error_description), uri: text(b.error_uri), meaning: TOKEN_ERRORS[b.error as string] ?? null };
}

/**
 * The client authentication methods the mock's token, revocation and introspection endpoints accept, by their
 * registered names (RFC 7591 §2 (https://www.rfc-editor.org/rfc/rfc7591#section-2), OIDC Core §9, RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)), in the order discovery lists them.
 */
export const CLIENT_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'none',
  'client_secret_jwt',
  'private_key_jwt',
  'tls_client_auth',
  'self_signed_tls_client_auth',
] as const;

export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];

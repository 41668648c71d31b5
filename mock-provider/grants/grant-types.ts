/**
 * The grant types the mock's token endpoint serves, in the order they are named to a client (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)
 * unsupported_grant_type), offered in the discovery document (RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2) grant_types_supported) and allowed in a
 * client's grantTypes. The names live apart from the grant modules because the configuration's schema needs them and
 * each grant's handler reads that configuration; registry.ts fails typecheck unless every name here has its module.
 */
export const GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'urn:ietf:params:oauth:grant-type:token-exchange',
] as const;

export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * The values of the mock provider's OpenID Connect switches, shared by the mock (which validates them) and the
 * page (which offers them). Mock-only: the service has no OpenID Connect.
 */

/** Algorithms the mock signs id_tokens with (OIDC Core §3.1.3.7); both keys are in its JWKS. */
export const ID_TOKEN_ALGS = ['RS256', 'ES256'] as const;

/**
 * The id_token faults, each aimed at one step of OIDC Core §3.1.3.7: an alg the discovery document does not list,
 * alg none, an expired token, another audience, a wrong or missing nonce, a kid never published, a key rotated out of
 * the JWKS, an at_hash of another token, another issuer, a signature that does not verify.
 */
export const ID_TOKEN_FAULTS = [
  'off',
  'wrong-alg',
  'alg-none',
  'expired',
  'wrong-aud',
  'wrong-nonce',
  'missing-nonce',
  'unknown-kid',
  'rotated-key',
  'bad-at-hash',
  'iss-mismatch',
  'bad-signature',
] as const;
export type IdTokenFault = (typeof ID_TOKEN_FAULTS)[number];

import type { Jwk } from '../ports';

/**
 * The registration request (RFC 7591 §2) of a client that authenticates with private_key_jwt (RFC 7523 §2.2, OIDC
 * Core §9): its public key in `jwks` under `kid`, which its assertions name, so the provider checks them with it.
 * Public members only: a private JWK's "d" never goes into it.
 */
export function privateKeyJwtRegistration(redirectUri: string, publicJwk: Jwk, kid: string, alg: string) {
  const { kty, crv, x, y, n, e } = publicJwk;
  const key = Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined));
  return {
    client_name: 'OAuth Lab (private_key_jwt)',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code'],
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: alg,
    jwks: { keys: [{ ...key, kid, alg, use: 'sig' }] },
  };
}

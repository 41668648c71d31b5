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

/**
 * The registration request of a client that authenticates with a certificate from a CA (tls_client_auth, RFC 8705
 * §2.1): the certificate's subject DN as tls_client_auth_subject_dn (§2.1.2), which the provider matches against the
 * certificate of each TLS connection.
 */
export function tlsClientAuthRegistration(redirectUri: string, subjectDn: string) {
  return {
    client_name: 'OAuth Lab (tls_client_auth)',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code'],
    token_endpoint_auth_method: 'tls_client_auth',
    tls_client_auth_subject_dn: subjectDn,
  };
}

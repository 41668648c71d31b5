import { DPOP_ALGS } from '../shared/dpop/dpop-key';
import { SEED } from '../shared/seed';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { ID_TOKEN_ALGS } from '../shared/oidc/mock-switches';
import { ASSERTION_ALGS } from '../shared/oauth2/client-key';
import { CLIENT_AUTH_METHODS } from './client-auth-methods';
import { GRANT_TYPES } from './grants/registry';
import type { Switches } from './config';
import { jsonReply, mediaType, type ProviderRequest } from './http';
import { keyRing } from './oidc-keys';
import { PAR_PATH } from './pushed-authorization';
import { requestObjectAlgs } from './request-object';
import { isLax } from './lax';

/**
 * Mock-only (OpenID Connect, beyond the service's interface): the provider's metadata at both well-known paths
 * (OIDC Discovery 1.0 §4, RFC 8414 §3 (https://www.rfc-editor.org/rfc/rfc8414#section-3)) and its JWK Set, plus an admin action that rotates the signing keys.
 */
export const OIDC_PATHS = {
  openidConfiguration: '/.well-known/openid-configuration',
  authorizationServer: '/.well-known/oauth-authorization-server',
  jwks: '/oidc/jwks',
  userinfo: '/oidc/userinfo',
  revocation: '/oidc/revoke',
  introspection: '/oidc/introspect',
  deviceAuthorization: '/oidc/device_authorization',
  deviceVerification: '/oidc/device',
  registration: '/oidc/register',
  rotateKeys: '/_mock/oidc/rotate-keys',
} as const;

export const ASSUME_OIDC_ENDPOINT =
  'OpenID Connect and token lifecycle endpoints are mock-only: the service documents no endpoint beyond its authorization endpoints (interface §4).';

const methodNotAllowed = (endpoint: string, req: ProviderRequest, allow: string): Handled => {
  const message = `${req.method} is not accepted; ${allow} only.`;
  return {
    endpoint,
    reply: jsonReply(405, { error: 'invalid_request', error_description: message }, [['Allow', allow]]),
    verdict: refused('invalid_request', message),
    assumptions: [ASSUME_OIDC_ENDPOINT],
  };
};

/** What the metadata says of PKCE; lax metadata-no-s256 leaves S256 out (RFC 9700 §2.1.1). */
const pkceMethods = (sw: Switches): string[] =>
  isLax(sw, 'metadata-no-s256') ? ['plain'] : sw.allowPlainPkce ? ['S256', 'plain'] : ['S256'];

/** Lax metadata-http-endpoint: an end-session endpoint on plain http on a host that is not loopback (RFC 9700 §2.6). */
const laxMetadata = (ctx: ProviderContext): Record<string, unknown> =>
  isLax(ctx.settings.switches, 'metadata-http-endpoint')
    ? { end_session_endpoint: 'http://logout.oauth-lab-mock.example/session/end' }
    : {};

/** The metadata; the same members serve both documents (RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2) takes OIDC Discovery's members as they are). */
function providerMetadata(ctx: ProviderContext): Record<string, unknown> {
  const base = ctx.baseUrl();
  const sw = ctx.settings.switches;
  const mtls = ctx.mtlsBaseUrl();
  // The certificate methods only when the mutual-TLS port is open (RFC 8705 §2).
  const auth = CLIENT_AUTH_METHODS.filter((m) => mtls !== null || !m.endsWith('tls_client_auth'));
  // The MCP fault no-authorization-endpoint: a server of machine grants only, which RFC 8414 §2 lets omit the endpoint.
  const machineOnly = sw.mcpFault === 'no-authorization-endpoint';
  const grants = isLax(sw, 'metadata-password-grant-advertised') ? [...GRANT_TYPES, 'password'] : [...GRANT_TYPES];
  return {
    ...laxMetadata(ctx),
    // Lax metadata-issuer-mismatch: an issuer that is not the base URL (a trailing slash), as OIDC Discovery §4.3 forbids.
    issuer: isLax(sw, 'metadata-issuer-mismatch') ? `${base}/` : base,
    ...(machineOnly ? {} : { authorization_endpoint: base + SEED.endpoints.oauth2Authorize.path }),
    token_endpoint: base + SEED.endpoints.oauth2Token.path,
    userinfo_endpoint: base + OIDC_PATHS.userinfo,
    jwks_uri: base + OIDC_PATHS.jwks,
    revocation_endpoint: base + OIDC_PATHS.revocation,
    introspection_endpoint: base + OIDC_PATHS.introspection,
    scopes_supported: ctx.config.oauth2.scopes,
    response_types_supported: isLax(sw, 'metadata-implicit-advertised') ? ['code', 'token'] : ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: machineOnly ? grants.filter((g) => g !== 'authorization_code') : grants,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS],
    token_endpoint_auth_methods_supported: auth,
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGS],
    revocation_endpoint_auth_methods_supported: auth,
    revocation_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGS],
    introspection_endpoint_auth_methods_supported: auth,
    introspection_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGS],
    device_authorization_endpoint: base + OIDC_PATHS.deviceAuthorization,
    registration_endpoint: base + OIDC_PATHS.registration,
    // The MCP fault no-pkce leaves PKCE unadvertised, which an MCP client must refuse (MCP "Authorization Code Protection").
    ...(sw.mcpFault === 'no-pkce' ? {} : { code_challenge_methods_supported: pkceMethods(sw) }),
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'at_hash',
      'name',
      'preferred_username',
    ],
    authorization_response_iss_parameter_supported: sw.issParameter,
    // Mock-only: client IDs that are metadata documents' URLs are fetched (client-metadata-document.ts).
    client_id_metadata_document_supported: true,
    ...(mtls === null
      ? {}
      : {
          // RFC 8705 §5: the endpoints again on the mutual-TLS port, and §3.3: tokens bound to the certificate.
          tls_client_certificate_bound_access_tokens: true,
          mtls_endpoint_aliases: {
            token_endpoint: mtls + SEED.endpoints.oauth2Token.path,
            revocation_endpoint: mtls + OIDC_PATHS.revocation,
            introspection_endpoint: mtls + OIDC_PATHS.introspection,
            device_authorization_endpoint: mtls + OIDC_PATHS.deviceAuthorization,
            userinfo_endpoint: mtls + OIDC_PATHS.userinfo,
            pushed_authorization_request_endpoint: mtls + PAR_PATH,
          },
        }),
    // RFC 9126 §5: the pushed authorization request endpoint, and whether every client must use it.
    pushed_authorization_request_endpoint: base + PAR_PATH,
    require_pushed_authorization_requests: sw.requirePushedAuthorizationRequests,
    // RFC 9101 §9.1: request objects by value; request_uri only as PAR hands it out, never fetched.
    request_parameter_supported: true,
    request_uri_parameter_supported: false,
    request_object_signing_alg_values_supported: requestObjectAlgs(sw),
    // RFC 9449 §5.1: the JWS algorithms the mock accepts in DPoP proofs.
    dpop_signing_alg_values_supported: [...DPOP_ALGS],
  };
}

export function discovery(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = req.path === OIDC_PATHS.openidConfiguration ? 'oidc.discovery' : 'oauth2.metadata';
  if (req.method !== 'GET') return methodNotAllowed(endpoint, req, 'GET');
  // Metadata is public and cacheable (OIDC Discovery §4.2); tokens are not, so the base no-store stays elsewhere.
  return {
    endpoint,
    reply: jsonReply(200, providerMetadata(ctx)),
    verdict: ok('Provider metadata served.'),
    assumptions: [ASSUME_OIDC_ENDPOINT],
  };
}

export function jwks(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method !== 'GET') return methodNotAllowed('oidc.jwks', req, 'GET');
  const published = keyRing(ctx.state).jwks();
  // Lax metadata-jwks-private-key: a symmetric key published with its secret member k (RFC 7518 §6.4.1).
  const set = isLax(ctx.settings.switches, 'metadata-jwks-private-key')
    ? {
        keys: [
          ...published.keys,
          { kty: 'oct', kid: 'lax-shared-secret', alg: 'HS256', k: 'bGF4LW1vY2stc2VjcmV0LWtleS1wdWJsaXNoZWQ' },
        ],
      }
    : published;
  return {
    endpoint: 'oidc.jwks',
    reply: jsonReply(200, set),
    verdict: ok(`JWKS served: ${set.keys.map((k) => k.kid).join(', ')}.`),
    assumptions: [ASSUME_OIDC_ENDPOINT],
  };
}

/** POST /_mock/oidc/rotate-keys: new current keys; the previous ones stay published, older ones are dropped. */
export function rotateKeys(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method !== 'POST') return methodNotAllowed('mock.admin', req, 'POST');
  // As every admin POST: JSON only, which a cross-site form cannot send without a preflight (admin.ts).
  if (mediaType(req) !== 'application/json') {
    const message =
      'Admin requests that change something must be sent as Content-Type: application/json (a body of {} is fine).';
    return {
      endpoint: 'mock.admin',
      reply: jsonReply(415, { error: 'unsupported_media_type', error_description: message }),
      verdict: refused('unsupported_media_type', message),
    };
  }
  const r = keyRing(ctx.state).rotate();
  return {
    endpoint: 'mock.admin',
    reply: jsonReply(200, r),
    verdict: ok(`Signing keys rotated: now ${r.current.join(', ')}; still published ${r.previous.join(', ')}.`),
  };
}

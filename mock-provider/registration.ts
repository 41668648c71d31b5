import { CLIENT_AUTH_METHODS, type ClientAuthMethod } from './client-auth-methods';
import { jwksUriProblem } from './client-jwks';
import type { ClientConfig } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { oauth2Error } from './errors';
import { GRANT_TYPES } from './grants/registry';
import { jsonReply, mediaType, type ProviderRequest } from './http';
import { ASSUME_OIDC_ENDPOINT } from './oidc-discovery';
import { checkRegistrableUri } from './redirect-uri';
import { isLax } from './lax';
import { noteRegistration, registrationRateProblem, registrationSizeProblem } from './registration-limits';

/**
 * Dynamic Client Registration (RFC 7591 §3 (https://www.rfc-editor.org/rfc/rfc7591#section-3)), mock-only and open (no initial access token): the client's metadata
 * checked, the client kept in the mock's state (bounded, like its other tables) and answered 201 with its
 * client_id, a client_secret when its method uses one, and the metadata as registered. Unknown members are
 * ignored (§2). Each refusal names the field: invalid_redirect_uri or invalid_client_metadata (§3.2.2).
 */
const endpoint = 'oauth2.registration';

class MetadataError {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata' | 'invalid_request',
    readonly description: string
  ) {}
}
const invalid = (description: string) => new MetadataError('invalid_client_metadata', description);

const refusal = (status: number, e: MetadataError, headers: [string, string][] = []): Handled => ({
  endpoint,
  reply: oauth2Error(status, e.error, e.description, headers),
  verdict: refused(e.error, e.description),
  assumptions: [ASSUME_OIDC_ENDPOINT],
});

function stringList(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid(`${field} must be an array of strings (RFC 7591 §2); got ${JSON.stringify(value)}.`);
  return value as string[];
}

function authMethod(value: unknown): ClientAuthMethod {
  // RFC 7591 §2: the default is client_secret_basic.
  if (value === undefined) return 'client_secret_basic';
  if (typeof value !== 'string' || !(CLIENT_AUTH_METHODS as readonly string[]).includes(value))
    throw invalid(
      `token_endpoint_auth_method ${JSON.stringify(value)} is not supported; use one of ${CLIENT_AUTH_METHODS.join(', ')}.`
    );
  return value as ClientAuthMethod;
}

function grantTypes(value: unknown): string[] {
  // RFC 7591 §2: the default is authorization_code.
  const list = stringList(value, 'grant_types') ?? ['authorization_code'];
  if (list.length === 0) throw invalid('grant_types must name at least one grant type.');
  const unknown = list.filter((g) => !(GRANT_TYPES as readonly string[]).includes(g));
  if (unknown.length)
    throw invalid(`grant_types ${unknown.join(', ')} not supported; this provider offers ${GRANT_TYPES.join(', ')}.`);
  return [...new Set(list)];
}

function redirectUris(value: unknown, grants: readonly string[], laxHttp: boolean): string[] {
  const list = stringList(value, 'redirect_uris') ?? [];
  list.forEach((uri, i) => {
    const why = checkRegistrableUri(uri);
    // Lax dcr-insecure-redirect-accepted: plain http on any host, which RFC 9700 §2.6 forbids.
    if (why && !(laxHttp && /^http:\/\/[^/?#\s]+/i.test(uri) && !/[#@\s]/.test(uri)))
      throw new MetadataError('invalid_redirect_uri', `redirect_uris[${i}] ${why}.`);
  });
  if (list.length === 0 && grants.includes('authorization_code'))
    throw new MetadataError(
      'invalid_redirect_uri',
      'redirect_uris is required for the authorization_code grant (RFC 7591 §2); send at least one.'
    );
  return list;
}

function scopes(ctx: ProviderContext, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalid(`scope must be a space-separated string (RFC 7591 §2); got ${JSON.stringify(value)}.`);
  const list = [...new Set(value.split(' ').filter(Boolean))];
  const unknown = list.filter((s) => !ctx.config.oauth2.scopes.includes(s));
  if (unknown.length)
    throw invalid(`scope ${unknown.join(' ')} is unknown; this provider knows ${ctx.config.oauth2.scopes.join(' ')}.`);
  return list;
}

/** A JWK's private or secret members (RFC 7518 §6.2.2 EC, §6.3.2 RSA, §6.4.1 oct; RFC 8037 §2 OKP): none may be registered. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** jwks (public keys only) or jwks_uri (loopback only), never both (RFC 7591 §2); private_key_jwt needs one. */
function keys(meta: Record<string, unknown>, method: ClientAuthMethod): Pick<ClientConfig, 'jwks' | 'jwksUri'> {
  const { jwks, jwks_uri: jwksUri } = meta;
  if (jwks !== undefined && jwksUri !== undefined)
    throw invalid('jwks and jwks_uri must not both be sent (RFC 7591 §2).');
  if (jwksUri !== undefined) {
    const why = typeof jwksUri === 'string' ? jwksUriProblem(jwksUri) : 'jwks_uri must be a string.';
    if (why) throw invalid(why);
    return { jwksUri: jwksUri as string };
  }
  if (jwks !== undefined) {
    const list = (jwks as { keys?: unknown } | null)?.keys;
    if (
      !Array.isArray(list) ||
      list.some((k) => !k || typeof k !== 'object' || typeof (k as { kty?: unknown }).kty !== 'string')
    )
      throw invalid('jwks must be a JWK Set: an object with a "keys" array of JWKs, each with a kty (RFC 7517 §5).');
    list.forEach((k, i) => {
      const found = PRIVATE_MEMBERS.filter((m) => m in (k as object));
      if (found.length)
        throw invalid(
          `jwks must hold public keys only: jwks.keys[${i}] has the private or secret members ${found.join(', ')} (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2).`
        );
    });
    return { jwks: { keys: list as { kty: string }[] } };
  }
  if (method === 'private_key_jwt' || method === 'self_signed_tls_client_auth')
    throw invalid(`token_endpoint_auth_method ${method} needs jwks or jwks_uri to check the client with.`);
  return {};
}

/** The registered client, built from validated metadata; throws MetadataError naming the field. */
function registeredClient(ctx: ProviderContext, meta: Record<string, unknown>): ClientConfig {
  const method = authMethod(meta.token_endpoint_auth_method);
  const grants = grantTypes(meta.grant_types);
  const client: ClientConfig = {
    id: ctx.state.newSecret(12, 'dcr-'),
    redirectUris: redirectUris(
      meta.redirect_uris,
      grants,
      isLax(ctx.settings.switches, 'dcr-insecure-redirect-accepted')
    ),
    grantTypes: grants,
    tokenEndpointAuthMethod: method,
    ...keys(meta, method),
  };
  // RFC 8705 §2.1.2: tls_client_auth names the certificate's subject; the mock matches the DN only.
  if (method === 'tls_client_auth') {
    const dn = meta.tls_client_auth_subject_dn;
    if (typeof dn !== 'string' || dn === '')
      throw invalid(
        'tls_client_auth needs tls_client_auth_subject_dn, the subject DN of the client certificate (RFC 8705 §2.1.2), e.g. CN=app,O=OAuth Lab mock.'
      );
    client.tlsClientAuthSubjectDn = dn;
  }
  const scope = scopes(ctx, meta.scope);
  if (scope) client.scopes = scope;
  // RFC 9449 §5.2: dpop_bound_access_tokens true means every token request must carry a DPoP proof.
  const dpopBound = meta.dpop_bound_access_tokens;
  if (dpopBound !== undefined && typeof dpopBound !== 'boolean')
    throw invalid(`dpop_bound_access_tokens must be true or false (RFC 9449 §5.2), not ${JSON.stringify(dpopBound)}.`);
  if (dpopBound) client.dpop = 'required';
  // RFC 9126 §6 and RFC 9101 §10.5: the client asks to be held to PAR, and to signed request objects.
  if (flag(meta, 'require_pushed_authorization_requests', 'RFC 9126 §6'))
    client.requirePushedAuthorizationRequests = true;
  if (flag(meta, 'require_signed_request_object', 'RFC 9101 §10.5')) client.requireSignedRequestObject = true;
  // A secret for the methods that use one (RFC 7591 §3.2.1): 32 random bytes, enough for HS256 (RFC 7518 §3.2).
  if (method.startsWith('client_secret_')) client.secret = ctx.state.newSecret(32);
  return client;
}

/** A boolean member of the metadata, false when absent. */
function flag(meta: Record<string, unknown>, name: string, section: string): boolean {
  const value = meta[name];
  if (value !== undefined && typeof value !== 'boolean')
    throw invalid(`${name} must be true or false (${section}), not ${JSON.stringify(value)}.`);
  return value === true;
}

function metadataOf(client: ClientConfig, issuedAt: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    client_id: client.id,
    client_id_issued_at: issuedAt,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
  };
  if (client.secret !== undefined) {
    body.client_secret = client.secret;
    body.client_secret_expires_at = 0; // RFC 7591 §3.2.1: required with a secret; 0 means it does not expire.
  }
  if (client.scopes) body.scope = client.scopes.join(' ');
  if (client.jwks) body.jwks = client.jwks;
  if (client.jwksUri) body.jwks_uri = client.jwksUri;
  if (client.tlsClientAuthSubjectDn) body.tls_client_auth_subject_dn = client.tlsClientAuthSubjectDn;
  if (client.dpop === 'required') body.dpop_bound_access_tokens = true;
  if (client.requirePushedAuthorizationRequests) body.require_pushed_authorization_requests = true;
  if (client.requireSignedRequestObject) body.require_signed_request_object = true;
  return body;
}

export function register(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method !== 'POST')
    return refusal(
      405,
      new MetadataError('invalid_request', `${req.method} is not accepted; register with POST (RFC 7591 §3.1).`),
      [['Allow', 'POST']]
    );
  if (mediaType(req) !== 'application/json')
    return refusal(
      400,
      new MetadataError('invalid_request', 'The registration request must be application/json (RFC 7591 §3.1).')
    );
  // mcpFault dcr-refused: registration closed, in RFC 7591 §3.2.2's words (there is no code for "closed").
  if (ctx.settings.switches.mcpFault === 'dcr-refused')
    return refusal(
      400,
      invalid(
        "This authorization server does not register clients dynamically (the mock's mcpFault dcr-refused); use a pre-registered client_id or a client ID metadata document."
      )
    );
  const tooLarge = registrationSizeProblem(req.bodyText);
  if (tooLarge) return refusal(400, invalid(tooLarge));
  // RFC 7591 §3.2.2 answers 400 "unless otherwise specified"; RFC 6585 §4 specifies 429 with Retry-After for a rate.
  const tooMany = registrationRateProblem(ctx);
  if (tooMany) return refusal(429, invalid(tooMany.message), [['Retry-After', String(tooMany.retryAfter)]]);
  let meta: unknown;
  try {
    meta = JSON.parse(req.bodyText);
  } catch (e) {
    return refusal(400, new MetadataError('invalid_request', `The body is not JSON: ${(e as Error).message}.`));
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta))
    return refusal(400, invalid('The body must be a JSON object of client metadata (RFC 7591 §3.1).'));
  let client: ClientConfig;
  try {
    client = registeredClient(ctx, meta as Record<string, unknown>);
  } catch (e) {
    if (e instanceof MetadataError) return refusal(400, e);
    throw e;
  }
  ctx.state.registeredClients.set(client.id, client);
  noteRegistration(ctx);
  const issuedAt = ctx.clock.nowSeconds();
  return {
    endpoint,
    reply: jsonReply(201, metadataOf(client, issuedAt)),
    verdict: ok(
      `Client ${client.id} registered (${client.tokenEndpointAuthMethod}; grants ${client.grantTypes.join(', ')}).`
    ),
    assumptions: [ASSUME_OIDC_ENDPOINT],
  };
}

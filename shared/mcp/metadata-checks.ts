import { check, note, warning, type Check } from '../check';
import { parseHttpUrl } from '../url';
import { mtlsAliasesOf, type MtlsEndpointAliases } from '../oidc/mtls-aliases';
import { canonicalResource, expectedResource, sameResource, type MetadataSource } from './resource-url';

/** What a careful MCP client checks in the two metadata documents before it lets a user sign in anywhere. */

export interface ResourceMetadata {
  readonly checks: readonly Check[];
  readonly ok: boolean;
  /** The resource the token is requested for (RFC 8707), when the document names one that matches. */
  readonly resource: string | null;
  readonly authorizationServers: readonly string[];
  readonly scopesSupported: readonly string[] | null;
}

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;

const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    parseHttpUrl(v, 'url');
    return true;
  } catch {
    return false;
  }
};

const SOURCE_WORDS: Record<MetadataSource, string> = {
  challenge: "the URL the challenge's resource_metadata pointed at",
  'path-inserted': "the well-known URL with the server's path inserted",
  root: "the origin's well-known URL",
};

/**
 * RFC 9728 §3.2, §3.3 (https://www.rfc-editor.org/rfc/rfc9728#section-3.3): the document names exactly the resource
 * it was fetched for (a prefix of the server's URL would widen the token's audience past the server, against the MCP
 * specification's "Resource Parameter Implementation"), and its authorization servers.
 */
export function checkResourceMetadata(
  doc: Readonly<Record<string, unknown>>,
  serverUrl: string,
  source: MetadataSource
): ResourceMetadata {
  const resource = typeof doc.resource === 'string' ? doc.resource : null;
  const expected = expectedResource(serverUrl, source);
  const matches = resource !== null && sameResource(resource, expected);
  const prefix = resource !== null && !matches && isPathPrefix(resource, serverUrl);
  const servers = (strings(doc.authorization_servers) ?? []).filter(isHttpUrl);
  const scopes = strings(doc.scopes_supported);
  const checks: Check[] = [
    check(
      'resource',
      matches,
      `resource ${resource} is ${expected}, the resource ${SOURCE_WORDS[source]} is for (RFC 9728 §3.3).`,
      resource === null
        ? 'The document has no "resource" (RFC 9728 §2 requires it); a client cannot tell which server it describes.'
        : `resource ${resource} does not name the MCP server: it is not ${expected}, the resource ${SOURCE_WORDS[source]} is for: RFC 9728 §3.3 says not to use the document (${prefix ? "it names only a prefix of the MCP server's URL, so a token for it would be good beyond the server" : "another server's metadata could send the token elsewhere"}).`
    ),
    ...(matches && source === 'root' && expected !== canonicalResource(serverUrl)
      ? [
          warning(
            'audience',
            `The document at the origin's well-known URL names the whole origin ${expected}: the token asked for is good on every path of it, not only at ${serverUrl}.`
          ),
        ]
      : []),
    check(
      'authorization_servers',
      servers.length > 0,
      `authorization_servers: ${servers.join(', ')}.`,
      'No http(s) URL in "authorization_servers": the MCP specification requires at least one (RFC 9728 §2).'
    ),
    scopes
      ? note('scopes_supported', scopes.length ? scopes.join(' ') : '(empty)')
      : note('scopes_supported', 'not given: the scope comes from the challenge, or none is sent.'),
  ];
  return {
    checks,
    ok: matches && servers.length > 0,
    resource: matches ? resource : null,
    authorizationServers: servers,
    scopesSupported: scopes,
  };
}

/** Whether `resource` names the server's origin, or a path above the server's, in canonical form. */
function isPathPrefix(resource: string, serverUrl: string): boolean {
  try {
    const r = canonicalResource(resource);
    return canonicalResource(serverUrl).startsWith(`${r}/`);
  } catch {
    return false;
  }
}

export interface ServerEndpoints {
  /** Null only for a machine grant: RFC 8414 §2 lets a server without a grant that uses it omit it. */
  readonly authorization: string | null;
  readonly token: string;
  readonly registration: string | null;
}

export interface AuthorizationServerMetadata {
  readonly checks: readonly Check[];
  readonly ok: boolean;
  readonly endpoints: ServerEndpoints | null;
  readonly cimdSupported: boolean;
  /** authorization_response_iss_parameter_supported (RFC 9207 §3): the callback must carry `iss`. */
  readonly issParameterSupported: boolean;
  /** token_endpoint_auth_methods_supported; absent means client_secret_basic (RFC 8414 §2). */
  readonly authMethods: readonly string[];
  /** RFC 8705 §5: the endpoints again where a client that uses mutual TLS sends; null when none are named. */
  readonly mtlsAliases: MtlsEndpointAliases | null;
  /** tls_client_certificate_bound_access_tokens (RFC 8705 §3.3): tokens issued over mutual TLS are bound. */
  readonly certificateBoundTokens: boolean;
}

/** PKCE S256 required for the authorization code grant (MCP "Authorization Code Protection"), a note for another. */
function pkceCheck(methods: readonly string[] | null, grant: string): Check {
  const said = methods ? `code_challenge_methods_supported is [${methods.join(', ')}]` : null;
  if (grant !== 'authorization-code')
    return note(
      'PKCE S256',
      `${said ?? 'code_challenge_methods_supported is absent'}: not needed by the ${grant} grant (no authorization code, no PKCE).`
    );
  return check(
    'PKCE S256',
    !!methods?.includes('S256'),
    'code_challenge_methods_supported lists S256.',
    said
      ? `${said}, without S256: the MCP specification says to refuse to proceed.`
      : 'code_challenge_methods_supported is absent, so the server does not say it supports PKCE: the MCP specification says to refuse to proceed.'
  );
}

/**
 * RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2): token_endpoint is required unless the server offers
 * only the implicit grant, authorization_endpoint unless it offers no grant that uses it; a machine grant never does,
 * so for one a missing authorization_endpoint is a note.
 */
function endpointsCheck(authorization: string | null, token: string | null, grant: string): Check {
  if (grant !== 'authorization-code' && token && !authorization)
    return note(
      'endpoints',
      `token_endpoint ${token}; authorization_endpoint is absent: not needed by the ${grant} grant (RFC 8414 §2 requires it only of a server with a grant that uses it).`
    );
  return check(
    'endpoints',
    !!authorization && !!token,
    `authorization_endpoint ${authorization}, token_endpoint ${token}.`,
    authorization || token
      ? `${authorization ? 'token_endpoint' : 'authorization_endpoint'} is absent or not an http(s) URL: the ${grant} grant needs both authorization_endpoint and token_endpoint (RFC 8414 §2).`
      : 'authorization_endpoint and token_endpoint must both be http(s) URLs (RFC 8414 §2).'
  );
}

/**
 * RFC 8414 §2, §3.3 (https://www.rfc-editor.org/rfc/rfc8414#section-3.3) and the MCP specification's
 * "Authorization Code Protection": the issuer is the one asked for, the endpoints are there, and S256 is among
 * code_challenge_methods_supported; without it the client MUST refuse to proceed. `legacy`: found the 2025-03-26
 * way (at the MCP server's root), where the issuer is only read. `grant`: the one the client will use; only the
 * authorization code grant uses PKCE (RFC 7636 §1) and the authorization endpoint, so for another S256 and
 * authorization_endpoint are notes, not requirements.
 */
export function checkAuthorizationServerMetadata(
  doc: Readonly<Record<string, unknown>>,
  issuer: string,
  { legacy = false, grant = 'authorization-code' }: { readonly legacy?: boolean; readonly grant?: string } = {}
): AuthorizationServerMetadata {
  const issuerOk = doc.issuer === issuer || doc.issuer === `${issuer}/`;
  const methods = strings(doc.code_challenge_methods_supported);
  const s256 = !!methods?.includes('S256');
  const authorization = isHttpUrl(doc.authorization_endpoint) ? doc.authorization_endpoint : null;
  const token = isHttpUrl(doc.token_endpoint) ? doc.token_endpoint : null;
  const registration = isHttpUrl(doc.registration_endpoint) ? doc.registration_endpoint : null;
  const issuerCheck = issuerOk
    ? check('issuer', true, `issuer ${issuer} (RFC 8414 §3.3).`, '')
    : legacy
      ? warning('issuer', `issuer ${String(doc.issuer)} is not ${issuer}; read anyway (2025-03-26 back-compatibility).`)
      : check(
          'issuer',
          false,
          '',
          `issuer ${JSON.stringify(doc.issuer)} is not ${issuer}: RFC 8414 §3.3 says not to use the document.`
        );
  const checks: Check[] = [
    issuerCheck,
    endpointsCheck(authorization, token, grant),
    pkceCheck(methods, grant),
    registration
      ? note('registration_endpoint', `${registration} (RFC 7591 dynamic registration offered).`)
      : note('registration_endpoint', 'none: no dynamic client registration.'),
    note(
      'client_id_metadata_document_supported',
      doc.client_id_metadata_document_supported === true ? 'true' : 'not true'
    ),
  ];
  const code = grant === 'authorization-code';
  const endpointsOk = !!token && (!!authorization || !code);
  const ok = (issuerOk || legacy) && endpointsOk && (s256 || !code);
  return {
    checks,
    ok,
    endpoints: endpointsOk ? { authorization, token, registration } : null,
    cimdSupported: doc.client_id_metadata_document_supported === true,
    issParameterSupported: doc.authorization_response_iss_parameter_supported === true,
    authMethods: strings(doc.token_endpoint_auth_methods_supported) ?? ['client_secret_basic'],
    mtlsAliases: mtlsAliasesOf(doc.mtls_endpoint_aliases, (_name, url) => (isHttpUrl(url) ? url : null)),
    certificateBoundTokens: doc.tls_client_certificate_bound_access_tokens === true,
  };
}

import type { ClientAuthentication } from '../oauth2/token-request';
import { isLoopbackHost, parseHttpUrl } from '../url';

/**
 * How an MCP client gets a client_id (MCP specification 2025-11-25, "Client Registration Approaches"
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#client-registration-approaches)):
 * a pre-registered one, a client ID metadata document's URL where the server says it fetches them, else RFC 7591
 * dynamic registration.
 */
export type Registration =
  | { readonly kind: 'pre-registered'; readonly clientId: string }
  | { readonly kind: 'metadata-document'; readonly clientId: string }
  | { readonly kind: 'dynamic'; readonly endpoint: string }
  | { readonly kind: 'none'; readonly why: string };

export function chooseRegistration(input: {
  readonly clientId: string | null;
  readonly metadataUrl: string | null;
  readonly cimdSupported: boolean;
  readonly registrationEndpoint: string | null;
}): Registration {
  const { clientId, metadataUrl, cimdSupported, registrationEndpoint } = input;
  const documentUrl = metadataUrl ?? (clientId?.startsWith('https://') ? clientId : null);
  if (clientId && !documentUrl) return { kind: 'pre-registered', clientId };
  if (documentUrl && cimdSupported) return { kind: 'metadata-document', clientId: documentUrl };
  if (registrationEndpoint) return { kind: 'dynamic', endpoint: registrationEndpoint };
  if (clientId) return { kind: 'pre-registered', clientId };
  return {
    kind: 'none',
    why: `${documentUrl ? 'The server does not advertise client_id_metadata_document_supported and' : 'The server'} offers no registration_endpoint: give a pre-registered --client-id.`,
  };
}

/** RFC 7591 §2 names and ours: the token endpoint's client authentication. */
const AUTH_OF: Readonly<Record<string, ClientAuthentication>> = {
  none: 'none',
  client_secret_basic: 'basic',
  client_secret_post: 'body',
};

/**
 * What a loopback CLI asks to be registered as (RFC 7591 §2): a public client when the server allows it, and its
 * application_type (OpenID Connect Dynamic Client Registration 1.0 §2, which MCP 2026-07-28 requires, SEP-837):
 * `native` for a redirect to a loopback address, as a desktop app and a command line have, else `web`.
 */
export function registrationRequestBody(redirectUri: string, authMethods: readonly string[], scope: string | null) {
  const method = ['none', 'client_secret_basic', 'client_secret_post'].find((m) => authMethods.includes(m)) ?? 'none';
  return {
    client_name: 'OAuth Lab',
    application_type: isLoopbackRedirect(redirectUri) ? 'native' : 'web',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
    ...(scope ? { scope } : {}),
  };
}

/**
 * The token endpoint's client authentication: the one the registration answered with, else, with a secret, the
 * first of Basic and post the server lists (RFC 8414 §2's default is Basic), else none.
 */
export function clientAuthenticationFor(
  registered: string | null,
  hasSecret: boolean,
  authMethods: readonly string[]
): ClientAuthentication {
  if (registered && AUTH_OF[registered]) return AUTH_OF[registered];
  if (!hasSecret) return 'none';
  return authMethods.includes('client_secret_post') && !authMethods.includes('client_secret_basic') ? 'body' : 'basic';
}

export interface RegisteredClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authMethod: string | null;
}

/**
 * RFC 7591 §3.2.1: the registration's answer; a clear reason when it is not one: a refusal in the server's words
 * (§3.2.2 `error`, `error_description`) and the client's other ways in, since MCP lets a client fall back to a
 * pre-registered client ID or a client ID metadata document (MCP 2025-11-25, "Client Registration Approaches").
 */
export function readRegistrationResponse(status: number, json: unknown): RegisteredClient | string {
  const o = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  if (status !== 201 && status !== 200) {
    const said =
      typeof o?.error === 'string'
        ? `: ${o.error}${typeof o.error_description === 'string' ? ` (${o.error_description})` : ''}`
        : '';
    return `Dynamic client registration was refused with HTTP ${status}${said} (RFC 7591 §3.2.2). Give a pre-registered client ID (and its secret), or a client ID metadata document's URL where the server supports them.`;
  }
  if (!o || typeof o.client_id !== 'string' || o.client_id === '')
    return 'The answer has no client_id (RFC 7591 §3.2.1 requires it).';
  return {
    clientId: o.client_id,
    clientSecret: typeof o.client_secret === 'string' ? o.client_secret : '',
    authMethod: typeof o.token_endpoint_auth_method === 'string' ? o.token_endpoint_auth_method : null,
  };
}

function isLoopbackRedirect(uri: string): boolean {
  try {
    return isLoopbackHost(parseHttpUrl(uri, 'url').host);
  } catch {
    return false;
  }
}

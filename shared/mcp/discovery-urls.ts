import { authorityOf, parseHttpUrl } from '../url';

/**
 * Where an MCP client looks for each document, in the order the MCP authorization specification (2025-11-25,
 * "Authorization Server Discovery" (https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization))
 * gives.
 */

const originAndPath = (url: string): { origin: string; path: string } => {
  const u = parseHttpUrl(url, 'url');
  return { origin: `${u.scheme}://${authorityOf(u)}`, path: u.path.replace(/\/+$/, '') };
};

/**
 * Protected resource metadata without a `resource_metadata` in the challenge: the well-known URI with the server's
 * path inserted (RFC 9728 §3.1 (https://www.rfc-editor.org/rfc/rfc9728#section-3.1)), then at the root.
 */
export function protectedResourceMetadataUrls(serverUrl: string): string[] {
  const { origin, path } = originAndPath(serverUrl);
  const root = `${origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

/**
 * Authorization server metadata for an issuer: with a path, RFC 8414's path insertion
 * (https://www.rfc-editor.org/rfc/rfc8414#section-3.1), OpenID Connect's with the path inserted, then OpenID
 * Connect Discovery §4's path appended; without one, RFC 8414's then OpenID Connect's at the root.
 */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const { origin, path } = originAndPath(issuer);
  if (!path) return [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`];
  return [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}/.well-known/openid-configuration${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The 2025-03-26 revision, for servers without protected resource metadata: the authorization base URL is the MCP
 * server's URL without its path, its RFC 8414 document at the root, and without one these default endpoints.
 */
export function legacyAuthorizationBase(serverUrl: string): {
  issuer: string;
  metadataUrl: string;
  endpoints: { authorization: string; token: string; registration: string };
} {
  const { origin } = originAndPath(serverUrl);
  return {
    issuer: origin,
    metadataUrl: `${origin}/.well-known/oauth-authorization-server`,
    endpoints: { authorization: `${origin}/authorize`, token: `${origin}/token`, registration: `${origin}/register` },
  };
}

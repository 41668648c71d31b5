import { authorityOf, parseHttpUrl } from '../url';

/**
 * The canonical form of a resource's URI (RFC 8707 §2 (https://www.rfc-editor.org/rfc/rfc8707#section-2), as the
 * MCP specification's "Canonical Server URI" asks): scheme and host lowercased, the default port left out, no
 * fragment, no trailing slash unless the path is only "/".
 */
export function canonicalResource(url: string): string {
  const u = parseHttpUrl(url, 'url');
  const path = u.path.replace(/\/+$/, '');
  return `${u.scheme}://${authorityOf(u)}${path}${u.query === null ? '' : `?${u.query}`}`;
}

/**
 * Whether the protected resource metadata's `resource` names this MCP server (RFC 9728 §3.3
 * (https://www.rfc-editor.org/rfc/rfc9728#section-3.3)): the same URI, or, for metadata at the root that names the
 * whole origin, a prefix of the server's URI at a path-segment boundary.
 */
export function resourceCoversServer(resource: string, serverUrl: string): boolean {
  let r: string;
  try {
    r = canonicalResource(resource);
  } catch {
    return false;
  }
  const s = canonicalResource(serverUrl);
  return s === r || s.startsWith(`${r}/`);
}

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

/** Where a protected resource metadata document was fetched, which decides the resource it must name. */
export type MetadataSource = 'challenge' | 'path-inserted' | 'root';

/**
 * The resource a protected resource metadata document must name, by where it was fetched (RFC 9728 §3.3
 * (https://www.rfc-editor.org/rfc/rfc9728#section-3.3)): the URL the client requested when the challenge's
 * resource_metadata pointed at it; the identifier the well-known suffix was inserted into otherwise (the server's
 * URL, or its origin for the document at the root).
 */
export function expectedResource(serverUrl: string, source: MetadataSource): string {
  if (source !== 'root') return canonicalResource(serverUrl);
  const u = parseHttpUrl(serverUrl, 'url');
  return `${u.scheme}://${authorityOf(u)}`;
}

/** Whether two resource URIs are the same in canonical form; a value that is not an http(s) URL is none. */
export function sameResource(resource: string, expected: string): boolean {
  try {
    return canonicalResource(resource) === canonicalResource(expected);
  } catch {
    return false;
  }
}

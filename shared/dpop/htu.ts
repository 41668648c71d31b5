import { authorityOf, parseHttpUrl } from '../url';

/**
 * The `htu` of a request to `url` (RFC 9449 §4.2 (https://www.rfc-editor.org/rfc/rfc9449#section-4.2)): the target
 * URI without query and fragment. Scheme and host in lower case and the default port left out (RFC 3986 §6.2.2,
 * §6.2.3 (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3)), as a server compares them (§4.3 check 9).
 */
export function htuOf(url: string): string {
  const u = parseHttpUrl(url, 'dpop');
  return `${u.scheme}://${authorityOf(u)}${u.path || '/'}`;
}

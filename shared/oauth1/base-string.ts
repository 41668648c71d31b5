import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { authorityOf, parseHttpUrl, type ParsedUrl } from '../url';
import { percentEncode } from '../percent-encoding';

/**
 * RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2): scheme and host in lower case, the port only when it is not the scheme's default, the path
 * (at least `/`), and no query or fragment. `hostHeader`, when given, is what the client addressed (the Host header)
 * and takes the place of the URL's authority, as a server rebuilds it.
 */
export function baseStringUri(url: string | ParsedUrl, hostHeader?: string): string {
  const u = typeof url === 'string' ? parseHttpUrl(url, 'base-string-uri') : url;
  const authority =
    hostHeader === undefined
      ? authorityOf(u)
      : authorityOf(parseHttpUrl(`${u.scheme}://${hostHeader}/`, 'base-string-uri'));
  return `${u.scheme}://${authority}${u.path || '/'}`;
}

/** §3.4.1.1: the HTTP method in upper case, the base string URI and the normalized parameters, each encoded, joined by `&`. */
export function signatureBaseString(method: string, uri: string, normalizedParameters: string): string {
  const m = method.trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9!#$%&'*+\-.^_`|~]*$/.test(m)) {
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_METHOD,
      'signature-base-string',
      `HTTP method ${JSON.stringify(method)} is not a valid method token; expected e.g. GET or POST.`
    );
  }
  return `${percentEncode(m)}&${percentEncode(uri)}&${percentEncode(normalizedParameters)}`;
}

import { isLoopbackHost, parseHttpUrl } from '../url';

/**
 * The metadata-http-endpoint verdict over a document's URL members (RFC 8414 §2 endpoints, RFC 9728 §2 URLs): found
 * when one is plain http on a host other than loopback, each named with its value; `allSecure` says what was seen
 * otherwise. A member that is not a URL string is another finding's business.
 */
export function plainHttpMembers(
  members: readonly (readonly [string, unknown])[],
  allSecure: string
): readonly [found: boolean, evidence: string] {
  const insecure = members.filter(([, v]) => {
    if (typeof v !== 'string') return false;
    try {
      const u = parseHttpUrl(v);
      return u.scheme === 'http' && !isLoopbackHost(u.host);
    } catch {
      return false;
    }
  });
  return insecure.length
    ? [true, `plain http on a non-loopback host: ${insecure.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')}`]
    : [false, allSecure];
}

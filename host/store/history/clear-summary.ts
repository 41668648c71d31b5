/*
 * The summary a history line keeps in clear beside its sealed exchange (history-codec.ts): the History list is built
 * and filtered from it without decrypting. A summary names the request's URL, and a URL may carry a secret: an
 * access token in the query (RFC 6750 §2.3 (https://www.rfc-editor.org/rfc/rfc6750#section-2.3)), a PLAINTEXT
 * signature, which is the secrets themselves (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)),
 * an implicit grant's token in the fragment, or a password in the user information (RFC 3986 §3.2.1
 * (https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1)). The clear copy keeps each URL's scheme, host, path and
 * parameter names and masks the rest; the whole summary is sealed beside it.
 */

/** An absolute URL in running text: scheme, then up to the next whitespace. */
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*@)?([^\s?#]*)([?#]\S*)?/gi;
const MASK = '•••';

/** `a=1&b` → `a=•••&b=•••`: each parameter's name kept, its value (or a bare part) masked. */
function maskParameters(part: string): string {
  if (part === '') return part;
  return part
    .split('&')
    .map((p) => (p.includes('=') ? `${p.slice(0, p.indexOf('='))}=${MASK}` : MASK))
    .join('&');
}

/** `?query#fragment` with every value masked. */
function maskQueryAndFragment(tail: string): string {
  const hash = tail.indexOf('#');
  const query = tail.startsWith('?') ? tail.slice(1, hash === -1 ? undefined : hash) : null;
  const fragment = hash === -1 ? null : tail.slice(hash + 1);
  return `${query === null ? '' : `?${maskParameters(query)}`}${fragment === null ? '' : `#${maskParameters(fragment)}`}`;
}

/** The summary with every URL's user information, query values and fragment values masked. */
export function clearSummary(summary: string): string {
  return summary.replace(
    URL_IN_TEXT,
    (_all, scheme: string, userinfo: string | undefined, rest: string, tail: string | undefined) => {
      // Punctuation after the URL ("… ?a=1: not answered") belongs to the sentence.
      const [, query = '', after = ''] = /^(.*?)([.,:;)\]]*)$/s.exec(tail ?? '') ?? [];
      return `${scheme}${userinfo ? `${MASK}@` : ''}${rest}${query ? maskQueryAndFragment(query) : ''}${after}`;
    }
  );
}

import { parseHttpUrl } from '../../../shared/url';
import type { SnippetTargetId } from './snapshot-clients';
import { shQuote, stringifyObjectLiteral } from './snapshot-fixes';

/**
 * httpsnippet normalizes the URL with Node's legacy url module, which percent-encodes `'` in the path (and the HAR
 * request it is given has `[` and `]` percent-encoded, see harUrl in har.ts). They are reserved characters (RFC 3986 §2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-2.2)), so `%27` is not
 * equivalent to `'` (§6.2.2.2), and an OAuth 1.0a server signs the path as received (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)): the
 * snippet would no longer match its signature. The path the app sends is put back after httpsnippet wrote the
 * code, except where the client itself cannot send a character as it is.
 */

/**
 * Characters a client percent-encodes in a path, or refuses, whatever the code says, found by running each client
 * against a capturing server (test/interop/exports-exact.test.ts). `|` and `^` never reach a snippet raw: the app
 * itself sends them percent-encoded (shared/url.ts), so today only `[` and `]` make a difference. HTTPie is not
 * installed where this was measured; it sends through urllib3 like Python requests.
 */
const ENCODED_BY: Partial<Record<SnippetTargetId, { readonly chars: string; readonly who: string }>> = {
  'python-requests': { chars: '[]|^', who: 'Python requests (urllib3) percent-encodes' },
  httpie: { chars: '[]|^', who: 'HTTPie (through urllib3, as Python requests) percent-encodes' },
  java: { chars: '[]|^', who: "Java's URI.create refuses" },
  ruby: { chars: '[]|^', who: "Ruby's URI() refuses" },
  wget: { chars: '|^', who: 'Wget percent-encodes' },
  go: { chars: '|^', who: "Go's net/url percent-encodes" },
};

const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The path as the app sends (and signs) it: parseHttpUrl's wire form. */
function wirePath(url: string): string | null {
  try {
    return parseHttpUrl(url).path || '/';
  } catch {
    return null;
  }
}

/** The characters of the request's path that this client cannot send as they are. */
const encodedHere = (target: SnippetTargetId, path: string) =>
  [...(ENCODED_BY[target]?.chars ?? '')].filter((c) => path.includes(c));

/** httpsnippet's URL with and without the query, and the request target (node-http's `path`). */
interface UrlForms {
  readonly full: string;
  readonly url: string;
  readonly target: string;
}

/** How each httpsnippet client writes its URL, in its own quoting: the fixes in snapshot-fixes.ts then apply as usual. */
const WRITTEN: Record<SnippetTargetId, (u: UrlForms, method: string) => string> = {
  curl: (u) => `--url ${shQuote(u.full)}`,
  httpie: (u, method) => `http ${method} ${shQuote(u.full)}`,
  wget: (u) => `\n  - ${shQuote(u.full)}`,
  'javascript-fetch': (u) => `const url = '${u.full}';`,
  'node-http': (u) => `path: ${stringifyObjectLiteral(u.target)},`,
  'python-requests': (u) => `url = "${u.url}"`,
  go: (u) => `url := "${u.full}"`,
  java: (u) => `URI.create("${u.full}")`,
  php: (u) => `CURLOPT_URL => ${JSON.stringify(u.full)},`,
  ruby: (u) => `url = URI("${u.full}")`,
  csharp: (u) => `RequestUri = new Uri("${u.full}"),`,
  powershell: (u) => `-Uri '${u.full}'`,
};

/** What httpsnippet prepared (its `Request`): the parts of it that say where the URL is written. */
export interface PreparedUrl {
  readonly method: string;
  readonly url: string;
  readonly fullUrl: string;
  readonly uriObj: { readonly pathname: string | null; readonly path: string | null };
}

/**
 * The code with the request's own path in place of httpsnippet's, and the full URL it now holds. Unchanged when
 * the paths agree. Only the path changes: httpsnippet's query decodes to the same form parameters.
 */
export function restorePath(
  target: SnippetTargetId,
  code: string,
  prepared: PreparedUrl,
  url: string
): { code: string; fullUrl: string } {
  const unchanged = { code, fullUrl: prepared.fullUrl };
  const wire = wirePath(url);
  const theirs = prepared.uriObj.pathname ?? '/';
  if (wire === null) return unchanged;
  const ours = encodedHere(target, wire).reduce((p, c) => p.split(c).join(pct(c)), wire);
  const old: UrlForms = { full: prepared.fullUrl, url: prepared.url, target: prepared.uriObj.path ?? theirs };
  if (ours === theirs || !old.url.endsWith(theirs) || !old.full.startsWith(old.url) || !old.target.startsWith(theirs))
    return unchanged;
  const origin = old.url.slice(0, old.url.length - theirs.length);
  const next: UrlForms = {
    full: origin + ours + old.full.slice(old.url.length),
    url: origin + ours,
    target: ours + old.target.slice(theirs.length),
  };
  const from = WRITTEN[target](old, prepared.method);
  if (!code.includes(from)) return unchanged;
  return { code: code.replace(from, () => WRITTEN[target](next, prepared.method)), fullUrl: next.full };
}

/**
 * The note (none or one) for a client that cannot send some of the path's characters as they are; for an OAuth 1.0a
 * signed request it also says what that does to the signature.
 */
export function pathNotes(target: SnippetTargetId, url: string, oauth1Signed: boolean): string[] {
  const wire = wirePath(url);
  const chars = wire === null ? [] : encodedHere(target, wire);
  if (!chars.length) return [];
  const list = chars.length === 1 ? chars[0]! : `${chars.slice(0, -1).join(', ')} and ${chars.at(-1)!}`;
  const them = chars.length === 1 ? 'it' : 'them';
  const sent = `${ENCODED_BY[target]!.who} ${list} in a URL path, so this code sends ${them} percent-encoded (${chars.map(pct).join(', ')})`;
  if (!oauth1Signed) return [`${sent}.`];
  return [
    `${sent} and a server that signs the path as received (RFC 5849 §3.4.1.2) computes a different OAuth 1.0a signature; to avoid it, percent-encode ${them} in the URL before signing, so the signed and the sent path agree.`,
  ];
}

import { headerValue, type RawRequest } from '../../shared/http';
import { parseAuthorizationHeader } from '../../shared/oauth1';
import { isFormContentType, parseUrlEncoded, type Param } from '../../shared/url-encoded';

/** Lenient form decoding: an export describes what it was given and never fails on a malformed query. */
function lenient(text: string): Param[] {
  try {
    return parseUrlEncoded(text, true, 'export');
  } catch {
    return [];
  }
}

/**
 * `[` and `]` may appear only around an IPv6 host (RFC 3986 §3.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2)), yet servers take them in paths and queries
 * (`a[]=1`). httpsnippet insists on a valid URI, so for it they are percent-encoded after the authority.
 */
export function uriSafe(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is.exec(url);
  return m ? m[1]! + m[2]!.replace(/\[/g, '%5B').replace(/\]/g, '%5D') : url;
}

export const queryOf = (url: string): string => url.replace(/#.*$/s, '').split('?').slice(1).join('?');

/**
 * The `oauth_*` parameters a request carries, wherever they travel (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5): Authorization header, form
 * body or query), decoded, in that order of precedence.
 */
export function oauthParamsOf(r: RawRequest): Param[] {
  const params: Param[] = [];
  const auth = headerValue(r.headers, 'authorization');
  if (auth && /^\s*oauth(\s|$)/i.test(auth)) {
    try {
      params.push(...parseAuthorizationHeader(auth).params);
    } catch {
      // A malformed header is the debugger's business; the other places are still looked at.
    }
  }
  if (r.body !== undefined && isFormContentType(headerValue(r.headers, 'content-type')))
    params.push(...lenient(r.body));
  params.push(...lenient(queryOf(r.url)));
  return params.filter(([n]) => n.startsWith('oauth_'));
}

export const oauthParam = (r: RawRequest, name: string): string | undefined =>
  oauthParamsOf(r).find(([n]) => n === name)?.[1];

/** `get-api-v1-me`: a file name stem from the method and path, so saved exports say what they hold. */
export function slugOf(r: { readonly method: string; readonly url: string }): string {
  const path = r.url.replace(/^[a-z]+:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  const words = `${r.method} ${path}`
    .toLowerCase()
    .replace(/%[0-9a-f]{2}/g, '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (words || 'request').slice(0, 60).replace(/-+$/, '');
}

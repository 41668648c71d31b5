import { parseHttpUrl } from '../url';
import { resolveReference } from '../url-reference';

/**
 * Fetching a JSON document a provider publishes (discovery metadata, a JWKS) with its redirects followed: a
 * provider may move the document (Django OAuth Toolkit answers the well-known path without its trailing slash with
 * a 301). Every hop is kept so the CLI and the page show it; the document's contents are checked as before (the
 * issuer check of OIDC Discovery §4.3 and RFC 8414 §3.3 compares the document's issuer with the one asked, not with
 * where the redirects led).
 */

/** One redirect followed. */
export interface Redirect {
  readonly status: number;
  readonly from: string;
  readonly to: string;
}

export interface FetchedJson {
  readonly body: unknown;
  /** Where the document was finally found. */
  readonly url: string;
  readonly redirects: readonly Redirect[];
}

/** GETs a URL and returns its parsed JSON with the redirects followed; throws an Error saying what went wrong. */
export type JsonGetter = (url: string) => Promise<FetchedJson>;

/** The response to one GET, as the host's transport gives it. */
export interface GetResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly bodyText: string;
}

/** Enough for a moved document and a trailing-slash redirect; a loop or a long chain is refused. */
const MAX_REDIRECTS = 5;
/** RFC 9110 §15.4 (https://www.rfc-editor.org/rfc/rfc9110#section-15.4): the redirects that name a new location for a GET. */
const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308];

/** A hop in words: `HTTP 301 <from> -> <to>`. */
export const redirectLine = (r: Redirect): string => `HTTP ${r.status} ${r.from} -> ${r.to}`;

const after = (redirects: readonly Redirect[]) =>
  redirects.length === 0 ? '' : ` (after ${redirects.map(redirectLine).join(', ')})`;

/**
 * GETs `url` through `get`, following up to MAX_REDIRECTS redirects that keep the scheme or go from http to https
 * (never https to http: the document would then travel in clear and could be changed on the way).
 */
export async function getJsonFollowingRedirects(
  url: string,
  get: (url: string) => Promise<GetResponse>
): Promise<FetchedJson> {
  const redirects: Redirect[] = [];
  let current = url;
  for (;;) {
    const r = await get(current);
    if (REDIRECT_STATUSES.includes(r.status)) {
      const location = r.headers.find(([n]) => n.toLowerCase() === 'location')?.[1];
      if (location === undefined || location.trim() === '')
        throw new Error(`HTTP ${r.status} without a Location header to follow${after(redirects)}`);
      const next = resolveReference(current, location);
      const from = parseHttpUrl(current).scheme;
      let to: string;
      try {
        to = parseHttpUrl(next).scheme;
      } catch (e) {
        throw new Error(
          `HTTP ${r.status} to ${JSON.stringify(location)}, which cannot be followed: ${(e as Error).message}`,
          { cause: e }
        );
      }
      if (from === 'https' && to === 'http')
        throw new Error(
          `HTTP ${r.status} from https to ${next}: a redirect to http is not followed (only the same scheme or http to https)${after(redirects)}`
        );
      redirects.push({ status: r.status, from: current, to: next });
      if (redirects.length > MAX_REDIRECTS)
        throw new Error(`more than ${MAX_REDIRECTS} redirects${after(redirects)}; not followed further`);
      current = next;
      continue;
    }
    if (r.status !== 200) throw new Error(`HTTP ${r.status} ${r.statusText}`.trim() + after(redirects));
    try {
      return { body: JSON.parse(r.bodyText) as unknown, url: current, redirects };
    } catch {
      throw new Error(`the body is not JSON${after(redirects)}`);
    }
  }
}

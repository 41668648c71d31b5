import { headerValue } from '../http';
import { decodeParams, entryView, queryParams, type EntryView } from './entry-view';
import { jwtPayload } from './facts';
import type { HarFileEntry } from './har-read';

/** The kinds of OAuth leg the explainer finds in a HAR, whatever the endpoints' paths. */
export const LEG_KINDS = [
  'pushed',
  'authorization',
  'token',
  'refresh',
  'grant',
  'revocation',
  'introspection',
  'resource',
  'discovery',
  'jwks',
] as const;
export type LegKind = (typeof LEG_KINDS)[number];

/** The redirect back to the client (RFC 6749 §4.1.2): the entry that carried it and its parameters. */
export interface Callback {
  readonly entry: EntryView;
  readonly params: Readonly<Record<string, string>>;
  /** When the client had it: the answer carrying the redirect, or the callback request itself. */
  readonly at: number;
}

export interface Leg {
  readonly kind: LegKind;
  /** The entry that defines the leg (the authorization request, the token request, the API call). */
  readonly main: EntryView;
  /**
   * An authorization leg's request parameters and the entry that sent them: those pushed (RFC 9126 §2.1) for its
   * request_uri, under the ones in its own query (§4), or its query alone; a request object's claims over both
   * (RFC 9101 §5). Other legs: the main entry's query.
   */
  readonly params: Readonly<Record<string, string>>;
  readonly paramsEntry: number;
  readonly callback: Callback | null;
  /** Every entry of the leg, in the file's order. */
  readonly entries: readonly number[];
}

const WELL_KNOWN = /\/\.well-known\/(openid-configuration|oauth-authorization-server)(\/|$)/;
const JWKS_PATH = /\/(jwks(\.json)?|certs|keys)$/i;

/** An authorization request (RFC 6749 §4.1.1), or one that names its pushed parameters (RFC 9126 §4). */
const isAuthorization = (e: EntryView) =>
  e.query.client_id !== undefined && (e.query.response_type !== undefined || e.query.request_uri !== undefined);

function kindOf(e: EntryView, jwksUris: ReadonlySet<string>): LegKind | null {
  if (isAuthorization(e)) return 'authorization';
  const grant = e.form.grant_type;
  if (grant !== undefined)
    return grant === 'authorization_code' ? 'token' : grant === 'refresh_token' ? 'refresh' : 'grant';
  // RFC 9126 §2.1: the authorization request's parameters (or a request object) pushed in a POST body.
  if (e.method === 'POST' && (e.form.response_type !== undefined || e.form.request !== undefined)) return 'pushed';
  if (e.method === 'POST' && e.form.token !== undefined)
    return /introspect/i.test(e.base) || e.response().body.fields?.active !== undefined
      ? 'introspection'
      : 'revocation';
  if (WELL_KNOWN.test(e.base)) return 'discovery';
  if (jwksUris.has(e.base) || (JWKS_PATH.test(e.base) && Array.isArray(e.response().body.fields?.keys))) return 'jwks';
  if (/^\s*(bearer|dpop)\s+\S/i.test(headerValue(e.requestHeaders, 'authorization') ?? '')) return 'resource';
  return null;
}

/** A redirect's parameters: the query's, and the fragment's for the implicit and hybrid flows (RFC 6749 §4.2.2). */
function redirectParams(url: string): Record<string, string> {
  const hash = url.indexOf('#');
  return { ...(hash < 0 ? {} : decodeParams(url.slice(hash + 1))), ...queryParams(url) };
}

const carriesAnswer = (p: Readonly<Record<string, string>>) =>
  p.code !== undefined || p.error !== undefined || p.access_token !== undefined || p.id_token !== undefined;

/** Whether a URL is at the redirect URI (same address before the query) and carries the redirect's parameters. */
function isRedirectTo(url: string, redirectUri: string | undefined, params = redirectParams(url)): boolean {
  if (!carriesAnswer(params)) return false;
  return redirectUri === undefined || url.split(/[?#]/)[0] === redirectUri.split(/[?#]/)[0];
}

/**
 * The redirect back to the client after an authorization request: the first later response that redirects to the
 * redirect URI with `code` or `error` (the authorization request's own 302 when the provider approves at once),
 * and the callback request when the browser followed it. Both end before the next authorization request.
 */
function findCallback(ordered: readonly EntryView[], from: number, redirectUri: string | undefined) {
  const found: number[] = [];
  let callback: Callback | null = null;
  for (let p = from; p < ordered.length; p++) {
    const v = ordered[p]!;
    if (p > from && isAuthorization(v)) break;
    if (!callback && v.location && isRedirectTo(v.location, redirectUri)) {
      callback = { entry: v, params: redirectParams(v.location), at: v.answeredAt };
      if (p !== from) found.push(v.index);
    } else if (
      p !== from &&
      (v.method === 'GET' || v.method === 'POST') &&
      isRedirectTo(v.url, redirectUri, v.method === 'POST' ? v.form : redirectParams(v.url))
    ) {
      // What the client received is the callback request's (a form_post's body); the code was issued before it.
      found.push(v.index);
      callback = {
        entry: v,
        params: v.method === 'POST' ? v.form : redirectParams(v.url),
        at: callback?.at ?? v.sentAt,
      };
      break;
    } else if (callback) break;
  }
  return { callback, found };
}

/**
 * The entries in the order they were sent: HAR 1.2 does not promise the file's order (OAuth Lab's own history
 * export is newest first), so they are sorted by startedDateTime, the file's order breaking ties. A file with an
 * unreadable time keeps its order.
 */
function chronological(views: readonly EntryView[]): readonly EntryView[] {
  if (views.some((v) => !Number.isFinite(v.sentAt))) return views;
  return [...views].sort((a, b) => a.sentAt - b.sentAt || a.index - b.index);
}

/** RFC 9101 §5: a request object's claims are the request's parameters (its string claims; a JWE adds none). */
function withRequestObject(params: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const claims = params.request === undefined ? null : jwtPayload(params.request);
  if (!claims) return params;
  const strings = Object.entries(claims).filter((e): e is [string, string] => typeof e[1] === 'string');
  return { ...params, ...Object.fromEntries(strings) };
}

/** The pushed request's request_uri (RFC 9126 §2.2), under which a later authorization request names it. */
function pushedRequestUri(leg: Leg): string | undefined {
  if (leg.kind !== 'pushed') return undefined;
  const uri = leg.main.response().body.fields?.request_uri;
  return typeof uri === 'string' ? uri : undefined;
}

/**
 * Two authorization requests in flight (a second tab): a redirect carrying the earlier request's state answers that
 * request (RFC 6749 §4.1.2 returns state as the client sent it), not the later one it follows in the file. It moves,
 * with its entries, to the earlier request of the same client that had no redirect of its own.
 */
function callbacksToTheirRequests(legs: Leg[]): void {
  // The authorization requests by client and state, so each stray redirect finds its request without a scan.
  const requestKey = (clientId: string | undefined, state: string | undefined) => JSON.stringify([clientId, state]);
  const requests = new Map<string, number[]>();
  legs.forEach((leg, i) => {
    if (leg.kind !== 'authorization') return;
    const key = requestKey(leg.params.client_id, leg.params.state);
    const list = requests.get(key);
    if (list) list.push(i);
    else requests.set(key, [i]);
  });
  legs.forEach((leg, i) => {
    const state = leg.callback?.params.state;
    if (leg.kind !== 'authorization' || state === undefined || state === leg.params.state) return;
    // The redirect came in an entry of its own, not as the later request's own answer.
    if (leg.entries.length < 2) return;
    const candidates = requests.get(requestKey(leg.params.client_id, state)) ?? [];
    for (let n = candidates.length - 1; n >= 0; n--) {
      const j = candidates[n]!;
      const earlier = legs[j]!;
      if (j >= i || earlier.callback !== null) continue;
      legs[j] = { ...earlier, callback: leg.callback, entries: [...earlier.entries, ...leg.entries.slice(1)] };
      legs[i] = { ...leg, callback: null, entries: [leg.main.index] };
      return;
    }
  });
}

/** Every OAuth leg of a HAR, in the order of their first entry; `views` is indexed as the file's entries. */
export function findLegs(entries: readonly HarFileEntry[]): { legs: Leg[]; views: EntryView[] } {
  const views = entries.map(entryView);
  const ordered = chronological(views);
  const jwksUris = new Set<string>();
  const claimed = new Set<number>();
  const legs: Leg[] = [];
  /** The latest pushed request per request_uri it was given. */
  const pushedByUri = new Map<string, Leg>();
  ordered.forEach((v, position) => {
    if (claimed.has(v.index)) return;
    const kind = kindOf(v, jwksUris);
    if (kind === null) return;
    if (kind === 'discovery') {
      const jwks = v.response().body.fields?.jwks_uri;
      if (typeof jwks === 'string') jwksUris.add(jwks);
    }
    if (kind !== 'authorization') {
      const leg: Leg = { kind, main: v, callback: null, entries: [v.index], params: v.query, paramsEntry: v.index };
      legs.push(leg);
      const uri = pushedRequestUri(leg);
      if (uri !== undefined) pushedByUri.set(uri, leg);
      return;
    }
    const pushed = v.query.request_uri === undefined ? undefined : pushedByUri.get(v.query.request_uri);
    const params = withRequestObject(pushed ? { ...pushed.main.form, ...v.query } : v.query);
    const { callback, found } = findCallback(ordered, position, params.redirect_uri);
    for (const i of found) claimed.add(i);
    const paramsEntry = pushed?.main.index ?? v.index;
    legs.push({ kind, main: v, callback, entries: [v.index, ...found], params, paramsEntry });
  });
  callbacksToTheirRequests(legs);
  return { legs, views };
}

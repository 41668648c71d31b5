/**
 * Redirect and callback URI rules: exact string matching (RFC 9700 §4.1.3 (https://www.rfc-editor.org/rfc/rfc9700#section-4.1.3), RFC 6749 §3.1.2.3 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1.2.3)) with one exception,
 * a registered loopback URI matches at any port (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)). Parsed with the RFC 3986 Appendix B (https://www.rfc-editor.org/rfc/rfc3986#appendix-B) expression,
 * on the raw text, so nothing is normalised behind the user's back.
 */
interface UriParts {
  readonly scheme: string;
  readonly userinfo: string | null;
  readonly host: string;
  readonly port: string | null;
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}

const RFC3986 = /^(?:([A-Za-z][A-Za-z0-9+\-.]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const FORBIDDEN_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'blob', 'file', 'about']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parts(uri: string): UriParts | null {
  const m = RFC3986.exec(uri);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  const authority = m[2];
  const at = authority.lastIndexOf('@');
  const hostPort = at < 0 ? authority : authority.slice(at + 1);
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort);
  if (!hp) return null;
  return {
    scheme: m[1].toLowerCase(),
    userinfo: at < 0 ? null : authority.slice(0, at),
    host: hp[1]!.toLowerCase(),
    port: hp[2] ?? null,
    path: m[3] ?? '',
    query: m[4] ?? null,
    fragment: m[5] ?? null,
  };
}

/**
 * One of the three loopback names the mock accepts for an http redirect URI (RFC 8252 §7.3, §8.3) and in a Host
 * header: 127.0.0.1, [::1], localhost. Stricter than shared/url.ts's isLoopbackHost, which takes all of 127.0.0.0/8
 * for where a client may send.
 */
export const isLoopbackName = (host: string): boolean => LOOPBACK_HOSTS.has(host.toLowerCase());

/** Why `uri` cannot be a redirect target at all, or null when its shape is acceptable. */
function shapeProblem(uri: string): string | null {
  if (/[\u0000-\u0020\u007f]/.test(uri)) return `${JSON.stringify(uri)} contains spaces or control characters`;
  if (/[^\u0021-\u007e]/.test(uri))
    return `${JSON.stringify(uri)} contains characters outside ASCII; percent-encode them (RFC 3986 §2.1)`;
  const p = parts(uri);
  if (!p) return `${JSON.stringify(uri)} is not an absolute URI with a scheme and a host`;
  if (FORBIDDEN_SCHEMES.has(p.scheme)) return `${JSON.stringify(uri)} uses the forbidden scheme "${p.scheme}:"`;
  if (p.scheme !== 'http' && p.scheme !== 'https') return `${JSON.stringify(uri)} must use http or https`;
  if (p.host === '') return `${JSON.stringify(uri)} has no host`;
  if (p.userinfo !== null)
    return `${JSON.stringify(uri)} contains user information ("…@"), which a redirect URI must not have`;
  // A TCP port is 1 to 65535 (RFC 9293 §3.1): 0 or 99999 could never receive the redirect.
  if (p.port !== null && !(/^[0-9]{1,5}$/.test(p.port) && +p.port >= 1 && +p.port <= 65535))
    return `${JSON.stringify(uri)} has ${p.port === '' ? 'an empty port' : `port ${p.port}`}; a port is a number from 1 to 65535`;
  if (p.fragment !== null)
    return `${JSON.stringify(uri)} contains a fragment, which a redirect URI must not have (RFC 6749 §3.1.2)`;
  return null;
}

/** Registration rules: a valid http(s) URI without fragment or user information, and https unless loopback (RFC 9700 §2.6 (https://www.rfc-editor.org/rfc/rfc9700#section-2.6)). */
export function checkRegistrableUri(uri: string): string | null {
  const shape = shapeProblem(uri);
  if (shape) return `must be an absolute http(s) URI: ${shape}`;
  const p = parts(uri)!;
  if (p.scheme === 'http' && !isLoopbackName(p.host))
    return `must use https unless the host is loopback (127.0.0.1, [::1] or localhost), RFC 9700 §2.6; got ${JSON.stringify(uri)}`;
  return null;
}

export type UriMatch = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Does `candidate` match one of `registered`? Exact string comparison, except that a registered loopback URI
 * matches the same URI at any port (RFC 8252 §7.3). Host look-alikes (`localhost` for `127.0.0.1`), other paths,
 * user information and fragments never match.
 */
export function matchRegisteredUri(registered: readonly string[], candidate: string, owner: string): UriMatch {
  if (registered.includes(candidate)) return { ok: true };
  const shape = shapeProblem(candidate);
  if (shape) return { ok: false, reason: shape };
  const c = parts(candidate)!;
  for (const r of registered) {
    const p = parts(r);
    if (!p || !isLoopbackName(p.host)) continue;
    const raw = (u: UriParts) => [u.scheme, u.userinfo, u.host, u.path, u.query].join('\u0000');
    if (raw(p) === raw(c) && candidate.slice(0, candidate.indexOf(':')) === r.slice(0, r.indexOf(':')))
      return { ok: true };
  }
  const list = registered.map((r) => JSON.stringify(r)).join(', ');
  return {
    ok: false,
    reason: `${JSON.stringify(candidate)} is not registered for ${owner}; registered: ${list} (exact match; only the port of a loopback URI may differ, RFC 8252 §7.3)`,
  };
}

/** Checks an OAuth 1.0a callback in "any" mode: `oob`, or any absolute http(s) URI without fragment or user information. */
export function checkAnyCallback(callback: string): string | null {
  if (callback === 'oob') return null;
  return shapeProblem(callback);
}

/** Appends parameters to a URI, after its existing query when it has one (RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2), RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2)). */
export function appendQuery(uri: string, params: readonly (readonly [string, string])[]): string {
  const hash = uri.indexOf('#');
  const base = hash < 0 ? uri : uri.slice(0, hash);
  const encoded = params.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return base + sep + encoded;
}

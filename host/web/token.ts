import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The per-launch secret that stands between the web host and every other program or page on this machine. It
 * travels once in the printed URL, then lives in an HttpOnly cookie (or a header, for programs).
 */
const TOKEN_COOKIE = 'oauth_lab_token';
export const TOKEN_HEADER = 'x-oauth-lab-token';

/** 32 random bytes, base64url: 256 bits, and safe as a cookie value and in a query without escaping. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const COOKIE_SAFE = /^[A-Za-z0-9_-]{16,512}$/;

/** A caller-chosen token must be as safe to put in a cookie as ours, and long enough not to be guessed. */
export function checkToken(token: string): string {
  if (!COOKIE_SAFE.test(token)) {
    throw new Error(
      'The web host token must be 16 to 512 characters from A-Z a-z 0-9 _ - (leave it out to get a random one).'
    );
  }
  return token;
}

/**
 * Constant-time comparison. Hashing both sides first gives equal lengths, so neither the content nor the length
 * of the expected token shows in the time a wrong guess takes.
 */
export function tokensEqual(candidate: string, expected: string): boolean {
  const a = createHash('sha256').update(candidate, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Every value of our cookie in the Cookie header (a browser may hold more than one, e.g. with other paths). */
function cookieTokens(req: IncomingMessage): string[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const found: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === TOKEN_COOKIE) found.push(part.slice(eq + 1).trim());
  }
  return found;
}

/** Whether the request carries the token, in the cookie or in the X-OAuth-Lab-Token header. */
export function hasToken(req: IncomingMessage, expected: string): boolean {
  const header = req.headers[TOKEN_HEADER];
  const candidates = [...cookieTokens(req), ...(typeof header === 'string' ? [header] : [])];
  // Compare every candidate (no early exit) so timing does not say which one matched.
  let ok = false;
  for (const c of candidates) ok = tokensEqual(c, expected) || ok;
  return ok;
}

/**
 * The cookie: HttpOnly (no script reads it), SameSite=Strict (no request another site starts carries it), and no
 * Domain, so it is host-only for the launch's own name (host-name.ts): each launch has its own name, hence its own
 * cookie, and no other listener on this computer is ever sent it.
 */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

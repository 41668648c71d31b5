import { headerValue, type RawResponse } from '../http';
import { parseErrorResponse, type OAuth2Error } from './error-response';

export interface TokenSet {
  readonly accessToken: string;
  readonly tokenType: string;
  readonly expiresIn: number | null;
  /** Absolute expiry in ms since the epoch, from the injected clock at the time the response arrived. */
  readonly expiresAt: number | null;
  readonly scope: string | null;
  readonly refreshToken: string | null;
}

/** One thing a careful client checks, with a one-line reason either way. */
export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly message: string;
}

export type TokenResponseResult =
  | { readonly kind: 'token'; readonly token: TokenSet; readonly checks: readonly Check[] }
  | { readonly kind: 'error'; readonly status: number; readonly error: OAuth2Error; readonly checks: readonly Check[] }
  | { readonly kind: 'malformed'; readonly status: number; readonly checks: readonly Check[] };

const check = (name: string, ok: boolean, pass: string, fail: string): Check => ({ name, ok, message: ok ? pass : fail });

/**
 * Interprets a token endpoint response (RFC 6749 §5.1 / §5.2) against the fields of the seed's §2.4. On a refresh
 * (§6) a missing refresh_token means "keep the old one", so it is not a failure there.
 */
export function parseTokenResponse(response: RawResponse, options: { now: number; grant: 'authorization_code' | 'refresh_token' }): TokenResponseResult {
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  const checks: Check[] = [
    check('content-type', /^application\/json\b/i.test(contentType), 'Content-Type is application/json (RFC 6749 §5.1).', `Content-Type is ${JSON.stringify(contentType)}; RFC 6749 §5.1 requires application/json.`),
  ];
  if (response.status !== 200) {
    const error = parseErrorResponse(response.bodyText);
    if (error) return { kind: 'error', status: response.status, error, checks };
    checks.push(check('error-body', false, '', `Status ${response.status} without an RFC 6749 §5.2 error body ({"error": ...}).`));
    return { kind: 'malformed', status: response.status, checks };
  }
  let body: unknown;
  try {
    body = JSON.parse(response.bodyText);
  } catch {
    checks.push(check('json', false, '', 'The body is not JSON; RFC 6749 §5.1 requires a JSON object.'));
    return { kind: 'malformed', status: response.status, checks };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    checks.push(check('json', false, '', 'The body is JSON but not an object.'));
    return { kind: 'malformed', status: response.status, checks };
  }
  const b = body as Record<string, unknown>;
  const cacheControl = headerValue(response.headers, 'cache-control') ?? '';
  const accessToken = b.access_token;
  const tokenType = b.token_type;
  const expiresIn = b.expires_in;
  const scope = b.scope;
  const refreshToken = b.refresh_token;
  const isInt = typeof expiresIn === 'number' && Number.isInteger(expiresIn) && expiresIn >= 0;
  const typeOf = (v: unknown) => (v === undefined ? 'missing' : `${typeof v} ${JSON.stringify(v)}`.slice(0, 80));
  checks.push(
    check('no-store', /\bno-store\b/i.test(cacheControl), 'Cache-Control: no-store (RFC 6749 §5.1).', 'Cache-Control lacks no-store; RFC 6749 §5.1 requires it on token responses.'),
    check('access_token', typeof accessToken === 'string' && accessToken !== '', 'access_token is a non-empty string.', `access_token is ${typeOf(accessToken)}; expected a non-empty string (seed §2.4).`),
    check('token_type', typeof tokenType === 'string' && tokenType.toLowerCase() === 'bearer', `token_type is "${String(tokenType)}" (compared case-insensitively, RFC 6749 §5.1).`, `token_type is ${typeOf(tokenType)}; expected "bearer" (seed §2.4).`),
    check('expires_in', isInt, `expires_in is ${String(expiresIn)} seconds.`, `expires_in is ${typeOf(expiresIn)}; expected a non-negative integer of seconds (seed §2.4).`),
    check('scope', typeof scope === 'string', `scope is ${JSON.stringify(scope)}.`, `scope is ${typeOf(scope)}; expected a string, possibly empty (seed §2.4).`),
    options.grant === 'refresh_token' && refreshToken === undefined
      ? check('refresh_token', true, 'No new refresh_token: keep the current one (RFC 6749 §6).', '')
      : check('refresh_token', typeof refreshToken === 'string' && refreshToken !== '', 'refresh_token is present.', `refresh_token is ${typeOf(refreshToken)}; expected a string (seed §2.4).`),
  );
  const usable = checks.find((c) => c.name === 'access_token')!.ok && checks.find((c) => c.name === 'token_type')!.ok;
  if (!usable) return { kind: 'malformed', status: response.status, checks };
  const seconds = isInt ? (expiresIn as number) : null;
  return {
    kind: 'token',
    checks,
    token: {
      accessToken: accessToken as string,
      tokenType: tokenType as string,
      expiresIn: seconds,
      expiresAt: seconds === null ? null : options.now + seconds * 1000,
      scope: typeof scope === 'string' ? scope : null,
      refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
    },
  };
}

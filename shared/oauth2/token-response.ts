import { check, type Check } from '../check';
import type { RawResponse } from '../http';
import { providerMessage, sentence } from '../provider-message';
import { readBody, type ReadBody } from '../response-body';
import { oauth2ErrorOf, type OAuth2Error } from './error-response';
import { fieldPaths, tokenHolder } from './token-field';
import { foundTokenChecks, nonEmpty, type TokenGrant } from './token-response-checks';

export type { Check };

export interface TokenSet {
  readonly accessToken: string;
  /** As sent (`Bearer`, `bearer`, Slack's `bot` / `user`, …); null when the provider left it out. */
  readonly tokenType: string | null;
  readonly expiresIn: number | null;
  /** Absolute expiry in ms since the epoch, from the injected clock at the time the response arrived. */
  readonly expiresAt: number | null;
  readonly scope: string | null;
  readonly refreshToken: string | null;
  /** Where the access token was found: `access_token`, or a nested one such as Slack's `authed_user.access_token`. */
  readonly foundAt: string;
  /** Every field of the response as sent (id_token and provider-specific ones included), for display. */
  readonly fields: Readonly<Record<string, unknown>>;
}

export type TokenResponseResult =
  | { readonly kind: 'token'; readonly token: TokenSet; readonly checks: readonly Check[] }
  /** No access token: `reason` is one line, in the provider's own words when it gave any. */
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly reason: string;
      readonly error: OAuth2Error | null;
      readonly checks: readonly Check[];
    };

export interface TokenResponseOptions {
  readonly now: number;
  readonly grant: TokenGrant;
  /** The server is the service (the built-in mock or a profile marked so): its interface's §2.4 fields are required. */
  readonly service?: boolean;
  /** The field the profile names for the access token (a dotted path); null or absent: access_token. */
  readonly accessTokenField?: string | null;
}

/** `expires_in` as an integer of seconds: a JSON number, or digits in a string (form bodies, some JSON ones). */
function secondsOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^[0-9]{1,12}$/.test(v)) return Number(v);
  return null;
}

/** A response without an access token (RFC 6749 §5.2): one line of reason, in the provider's own words when it gave any. */
function tokenErrorResult(
  response: RawResponse,
  body: ReadBody,
  field: string | null,
  grant: TokenGrant
): TokenResponseResult {
  const fields = body.fields ?? {};
  const said = providerMessage(response);
  const error = oauth2ErrorOf(fields, grant);
  const missing = field
    ? `without an access token at ${JSON.stringify(field)} (the profile's access token field)`
    : 'without an access_token';
  const success = response.status >= 200 && response.status < 300;
  const arrived = fieldPaths(fields);
  const reason = said
    ? `HTTP ${response.status}, the provider says: ${sentence(said.text)}${error?.meaning ? ` (RFC 6749 §5.2: ${error.meaning})` : ''}`
    : body.fields
      ? `HTTP ${response.status} ${missing}; the ${body.format} body has ${arrived.length ? `the fields ${arrived.join(', ')}` : 'no fields'} (RFC 6749 §5.1).${success && arrived.length ? ' If one of them is the access token, name it as the access token field (profile setting, --access-token-field PATH).' : ''}`
      : `HTTP ${response.status} ${missing}; the body is ${body.format === 'empty' ? 'empty' : `${body.format}, not JSON or a form`} (RFC 6749 §5.1).`;
  return { kind: 'error', status: response.status, reason, error, checks: [check('access_token', false, '', reason)] };
}

/**
 * Interprets a token endpoint response (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1) / §5.2). Success is a 2xx with a non-empty access_token
 * (§5.1); everything else a client can live without is a note, except against the service, whose interface
 * (interface §2.4) requires expires_in, token_type bearer, scope and refresh_token. On a refresh (§6) a missing
 * refresh_token means "keep the old one".
 */
export function parseTokenResponse(response: RawResponse, options: TokenResponseOptions): TokenResponseResult {
  const service = options.service ?? false;
  const body = readBody(response);
  const fields = body.fields ?? {};
  const field = options.accessTokenField || null;
  const found = response.status >= 200 && response.status < 300 ? tokenHolder(fields, field) : null;
  if (!found) return tokenErrorResult(response, body, field, options.grant);
  const { holder, at, key } = found;
  // Facebook before Graph API v2.3 sent the lifetime as `expires` (a form body without expires_in): read it, and say so.
  const legacyExpires = holder.expires_in === undefined && !service ? secondsOf(holder.expires) : null;
  const seconds = legacyExpires ?? secondsOf(holder.expires_in);
  const { token_type: tokenType, scope, refresh_token: refreshToken } = holder;
  return {
    kind: 'token',
    checks: foundTokenChecks({ response, body, fields, found, seconds, legacyExpires }, options.grant, service),
    token: {
      accessToken: holder[key] as string,
      tokenType: nonEmpty(tokenType) ? tokenType : null,
      expiresIn: seconds,
      expiresAt: seconds === null ? null : options.now + seconds * 1000,
      scope: typeof scope === 'string' ? scope : null,
      refreshToken: nonEmpty(refreshToken) ? refreshToken : null,
      foundAt: `${at}${key}`,
      fields,
    },
  };
}

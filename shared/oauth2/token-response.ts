import { check, note, serviceRequirement, warning, type Check } from '../check';
import { headerValue, type RawResponse } from '../http';
import { providerMessage, sentence } from '../provider-message';
import { readBody } from '../response-body';
import { oauth2ErrorOf, type OAuth2Error } from './error-response';
import { fieldPaths, tokenHolder } from './token-field';

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
  readonly grant: 'authorization_code' | 'refresh_token' | 'client_credentials' | 'device_code';
  /** The server is the service (the built-in mock or a profile marked so): its interface's §2.4 fields are required. */
  readonly service?: boolean;
  /** The field the profile names for the access token (a dotted path); null or absent: access_token. */
  readonly accessTokenField?: string | null;
}

const SEED = 'the service requires it (interface §2.4)';
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** `expires_in` as an integer of seconds: a JSON number, or digits in a string (form bodies, some JSON ones). */
function secondsOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^[0-9]{1,12}$/.test(v)) return Number(v);
  return null;
}

const shown = (v: unknown) => (v === undefined ? 'missing' : (JSON.stringify(v)?.slice(0, 80) ?? String(v)));

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
  const checks: Check[] = [];
  if (!found) {
    const said = providerMessage(response);
    const error = oauth2ErrorOf(fields);
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
    checks.push(check('access_token', false, '', reason));
    return { kind: 'error', status: response.status, reason, error, checks };
  }
  const { holder, at, key } = found;
  const accessToken = holder[key] as string;
  const tokenType = holder.token_type;
  // Facebook before Graph API v2.3 sent the lifetime as `expires` (a form body without expires_in): read it, and say so.
  const legacyExpires = holder.expires_in === undefined && !service ? secondsOf(holder.expires) : null;
  const seconds = legacyExpires ?? secondsOf(holder.expires_in);
  const scope = holder.scope;
  const refreshToken = holder.refresh_token;
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  const cacheControl = headerValue(response.headers, 'cache-control') ?? '';
  checks.push(
    check(
      'access_token',
      true,
      key === 'access_token'
        ? `access_token found${at ? ` at ${at}access_token` : ''}.`
        : `The access token found at ${at}${key}, the profile's access token field (RFC 6749 §5.1 names it access_token).`,
      ''
    ),
    serviceRequirement(
      service,
      'content-type',
      body.format === 'json' && body.mediaType === 'application/json',
      'Content-Type is application/json (RFC 6749 §5.1).',
      {
        service: `Content-Type is ${JSON.stringify(contentType)}; RFC 6749 §5.1 and the service (interface §2.4) use application/json.`,
        rfc: `The body is ${body.format === 'json' ? 'JSON' : 'a form'} with Content-Type ${JSON.stringify(contentType)}; RFC 6749 §5.1 specifies application/json. Read as ${body.format === 'json' ? 'JSON' : 'a form'}.`,
      }
    ),
    serviceRequirement(
      service,
      'no-store',
      /\bno-store\b/i.test(cacheControl),
      'Cache-Control: no-store (RFC 6749 §5.1).',
      {
        service: 'Cache-Control lacks no-store; RFC 6749 §5.1 requires it on token responses.',
        rfc: 'Cache-Control lacks no-store, which RFC 6749 §5.1 asks of token responses; a cache between here and the server could keep the token.',
      }
    )
  );
  if (nonEmpty(tokenType) && tokenType.toLowerCase() === 'bearer')
    checks.push(
      check('token_type', true, `token_type is "${tokenType}" (compared case-insensitively, RFC 6749 §5.1).`, '')
    );
  // A token asked for with a DPoP proof comes back DPoP (RFC 9449 §5.1), the service's too; its binding is checked apart.
  else if (nonEmpty(tokenType) && tokenType.toLowerCase() === 'dpop')
    checks.push(
      note('token_type', 'token_type is DPoP: a token bound to the DPoP key, sent in the DPoP scheme (RFC 9449 §7.1).')
    );
  else if (service)
    checks.push(
      check('token_type', false, '', `token_type is ${shown(tokenType)}; the service sends "bearer" (interface §2.4).`)
    );
  else
    checks.push(
      note(
        'token_type',
        tokenType === undefined
          ? 'No token_type, which RFC 6749 §5.1 requires; the token is sent as a Bearer token (RFC 6750).'
          : `token_type is ${shown(tokenType)}, not bearer; the token is sent as a Bearer token (RFC 6750), as such providers document.`
      )
    );
  const expiresPass =
    typeof holder.expires_in === 'number'
      ? `expires_in is ${seconds} seconds.`
      : `expires_in is the string ${shown(holder.expires_in)}: read as ${seconds} seconds.`;
  checks.push(
    legacyExpires !== null
      ? note(
          'expires_in',
          `No expires_in; expires=${legacyExpires} read as the lifetime in seconds: Facebook's name for expires_in before Graph API v2.3.`
        )
      : seconds !== null && typeof holder.expires_in === 'string' && service
        ? check(
            'expires_in',
            false,
            '',
            `expires_in is ${shown(holder.expires_in)}; the service sends an integer of seconds (interface §2.4).`
          )
        : seconds !== null && typeof holder.expires_in === 'string'
          ? note('expires_in', expiresPass)
          : serviceRequirement(service, 'expires_in', seconds !== null, expiresPass, {
              service: `expires_in is ${shown(holder.expires_in)}; ${SEED}: an integer of seconds.`,
              rfc:
                holder.expires_in === undefined
                  ? 'No expires_in (RECOMMENDED by RFC 6749 §5.1): the lifetime is unknown until the server refuses the token.'
                  : `expires_in is ${shown(holder.expires_in)}, not a number of seconds (RFC 6749 §5.1); the lifetime is unknown.`,
            }),
    serviceRequirement(service, 'scope', typeof scope === 'string', `scope is ${JSON.stringify(scope)}.`, {
      service: `scope is ${shown(scope)}; ${SEED}: a string, possibly empty.`,
      rfc:
        scope === undefined
          ? 'No scope: RFC 6749 §5.1 omits it when the scope granted is the scope requested.'
          : `scope is ${shown(scope)}, not a space-delimited string (RFC 6749 §3.3).`,
    }),
    options.grant === 'refresh_token' && refreshToken === undefined
      ? check('refresh_token', true, 'No new refresh_token: keep the current one (RFC 6749 §6).', '')
      : options.grant === 'client_credentials'
        ? refreshToken === undefined
          ? check(
              'refresh_token',
              true,
              'No refresh_token, as RFC 6749 §4.4.3 says: ask again before this token expires.',
              ''
            )
          : warning(
              'refresh_token',
              'A refresh_token came with a client credentials token; RFC 6749 §4.4.3 says it SHOULD NOT.'
            )
        : serviceRequirement(service, 'refresh_token', nonEmpty(refreshToken), 'refresh_token is present.', {
            service: `refresh_token is ${shown(refreshToken)}; ${SEED}.`,
            rfc: 'No refresh_token (OPTIONAL, RFC 6749 §5.1): when this token expires, authorize again.',
          })
  );
  const known = new Set([
    key,
    'token_type',
    'expires_in',
    'scope',
    'refresh_token',
    ...(legacyExpires !== null ? ['expires'] : []),
  ]);
  const others = at
    ? [
        ...Object.keys(fields).filter((k) => `${k}.` !== at),
        ...Object.keys(holder)
          .filter((k) => !known.has(k))
          .map((k) => `${at}${k}`),
      ]
    : Object.keys(fields).filter((k) => !known.has(k));
  if (others.length) checks.push(note('other fields', `Kept and shown: ${others.join(', ')}.`));
  return {
    kind: 'token',
    checks,
    token: {
      accessToken,
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

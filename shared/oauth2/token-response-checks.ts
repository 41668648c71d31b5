import { check, note, serviceRequirement, warning, type Check } from '../check';
import { headerValue, type RawResponse } from '../http';
import type { ReadBody } from '../response-body';
import type { TokenHolder } from './token-field';

/** The grant a token response answers: it decides what a missing refresh_token means. */
/** The grant a token response answers; `extension`: any RFC 6749 §4.5 grant (RFC 7523's JWT bearer, …). */
export type TokenGrant = 'authorization_code' | 'refresh_token' | 'client_credentials' | 'device_code' | 'extension';

const SEED = 'the service requires it (interface §2.4)';
export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';
const shown = (v: unknown) => (v === undefined ? 'missing' : (JSON.stringify(v)?.slice(0, 80) ?? String(v)));

/** A successful token response as read: where its access token is and the lifetime made of it. */
export interface FoundToken {
  readonly response: RawResponse;
  readonly body: ReadBody;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly found: TokenHolder;
  /** The lifetime in seconds, from expires_in or Facebook's `expires`; null when there is none to read. */
  readonly seconds: number | null;
  /** Facebook's `expires`, read when expires_in is missing; null otherwise. */
  readonly legacyExpires: number | null;
}

function accessTokenCheck({ at, key }: TokenHolder): Check {
  return check(
    'access_token',
    true,
    key === 'access_token'
      ? `access_token found${at ? ` at ${at}access_token` : ''}.`
      : `The access token found at ${at}${key}, the profile's access token field (RFC 6749 §5.1 names it access_token).`,
    ''
  );
}

/** The response's headers: JSON and no caching (RFC 6749 §5.1). */
function headerChecks(response: RawResponse, body: ReadBody, service: boolean): Check[] {
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  const cacheControl = headerValue(response.headers, 'cache-control') ?? '';
  return [
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
    ),
  ];
}

function tokenTypeCheck(tokenType: unknown, service: boolean): Check {
  if (nonEmpty(tokenType) && tokenType.toLowerCase() === 'bearer')
    return check('token_type', true, `token_type is "${tokenType}" (compared case-insensitively, RFC 6749 §5.1).`, '');
  // A token asked for with a DPoP proof comes back DPoP (RFC 9449 §5.1), the service's too; its binding is checked apart.
  if (nonEmpty(tokenType) && tokenType.toLowerCase() === 'dpop')
    return note(
      'token_type',
      'token_type is DPoP: a token bound to the DPoP key, sent in the DPoP scheme (RFC 9449 §7.1).'
    );
  if (service)
    return check(
      'token_type',
      false,
      '',
      `token_type is ${shown(tokenType)}; the service sends "bearer" (interface §2.4).`
    );
  return note(
    'token_type',
    tokenType === undefined
      ? 'No token_type, which RFC 6749 §5.1 requires; the token is sent as a Bearer token (RFC 6750).'
      : `token_type is ${shown(tokenType)}, not bearer; the token is sent as a Bearer token (RFC 6750), as such providers document.`
  );
}

function expiresInCheck(
  expiresIn: unknown,
  seconds: number | null,
  legacyExpires: number | null,
  service: boolean
): Check {
  const expiresPass =
    typeof expiresIn === 'number'
      ? `expires_in is ${seconds} seconds.`
      : `expires_in is the string ${shown(expiresIn)}: read as ${seconds} seconds.`;
  if (legacyExpires !== null)
    return note(
      'expires_in',
      `No expires_in; expires=${legacyExpires} read as the lifetime in seconds: Facebook's name for expires_in before Graph API v2.3.`
    );
  if (seconds !== null && typeof expiresIn === 'string' && service)
    return check(
      'expires_in',
      false,
      '',
      `expires_in is ${shown(expiresIn)}; the service sends an integer of seconds (interface §2.4).`
    );
  if (seconds !== null && typeof expiresIn === 'string') return note('expires_in', expiresPass);
  return serviceRequirement(service, 'expires_in', seconds !== null, expiresPass, {
    service: `expires_in is ${shown(expiresIn)}; ${SEED}: an integer of seconds.`,
    rfc:
      expiresIn === undefined
        ? 'No expires_in (RECOMMENDED by RFC 6749 §5.1): the lifetime is unknown until the server refuses the token.'
        : `expires_in is ${shown(expiresIn)}, not a number of seconds (RFC 6749 §5.1); the lifetime is unknown.`,
  });
}

function scopeCheck(scope: unknown, service: boolean): Check {
  return serviceRequirement(service, 'scope', typeof scope === 'string', `scope is ${JSON.stringify(scope)}.`, {
    service: `scope is ${shown(scope)}; ${SEED}: a string, possibly empty.`,
    rfc:
      scope === undefined
        ? 'No scope: RFC 6749 §5.1 omits it when the scope granted is the scope requested.'
        : `scope is ${shown(scope)}, not a space-delimited string (RFC 6749 §3.3).`,
  });
}

function refreshTokenCheck(refreshToken: unknown, grant: TokenGrant, service: boolean): Check {
  if (grant === 'refresh_token' && refreshToken === undefined)
    return check('refresh_token', true, 'No new refresh_token: keep the current one (RFC 6749 §6).', '');
  // An extension grant (RFC 6749 §4.5) is presented again, as RFC 7521 §4.1's assertions are, rather than refreshed.
  if (grant === 'extension' && refreshToken === undefined)
    return check(
      'refresh_token',
      true,
      'No refresh_token (OPTIONAL, RFC 6749 §5.1): present the grant again before this token expires.',
      ''
    );
  if (grant === 'client_credentials')
    return refreshToken === undefined
      ? check(
          'refresh_token',
          true,
          'No refresh_token, as RFC 6749 §4.4.3 says: ask again before this token expires.',
          ''
        )
      : warning(
          'refresh_token',
          'A refresh_token came with a client credentials token; RFC 6749 §4.4.3 says it SHOULD NOT.'
        );
  return serviceRequirement(service, 'refresh_token', nonEmpty(refreshToken), 'refresh_token is present.', {
    service: `refresh_token is ${shown(refreshToken)}; ${SEED}.`,
    rfc: 'No refresh_token (OPTIONAL, RFC 6749 §5.1): when this token expires, authorize again.',
  });
}

/** The fields the response has beyond the token's own, each by its path: kept and shown. */
function otherFields({ fields, found: { holder, at, key }, legacyExpires }: FoundToken): string[] {
  const known = new Set([
    key,
    'token_type',
    'expires_in',
    'scope',
    'refresh_token',
    ...(legacyExpires !== null ? ['expires'] : []),
  ]);
  if (!at) return Object.keys(fields).filter((k) => !known.has(k));
  return [
    ...Object.keys(fields).filter((k) => `${k}.` !== at),
    ...Object.keys(holder)
      .filter((k) => !known.has(k))
      .map((k) => `${at}${k}`),
  ];
}

/**
 * The checks of a response with an access token (RFC 6749 §5.1): everything a client can live without is a note,
 * except against the service, whose interface (interface §2.4) requires expires_in, token_type bearer, scope and
 * refresh_token.
 */
export function foundTokenChecks(token: FoundToken, grant: TokenGrant, service: boolean): Check[] {
  const { holder } = token.found;
  const checks = [
    accessTokenCheck(token.found),
    ...headerChecks(token.response, token.body, service),
    tokenTypeCheck(holder.token_type, service),
    expiresInCheck(holder.expires_in, token.seconds, token.legacyExpires, service),
    scopeCheck(holder.scope, service),
    refreshTokenCheck(holder.refresh_token, grant, service),
  ];
  const others = otherFields(token);
  if (others.length) checks.push(note('other fields', `Kept and shown: ${others.join(', ')}.`));
  return checks;
}

import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';
import { headerValue, type Exchange, type RawRequest } from '../http';
import { type Param, formEncode } from '../url-encoded';
import { clientAuthentication, type ClientCredentials } from '../oauth2/token-request';
import { check, type Check } from '../flows/common';
import { providerMessage } from '../provider-message';
import { parseHttpUrl } from '../url';
import { readNumericDate } from './date-claims';
import { shown } from './trace-step';

/** Revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)) and introspection (RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)): form POSTs with the client's authentication, like the token request. */
export type { ClientCredentials };

export type TokenTypeHint = 'access_token' | 'refresh_token';

function clientPost(endpoint: string, step: ProtocolStep, c: ClientCredentials, params: Param[]): RawRequest {
  parseHttpUrl(endpoint, step);
  if (!c.clientId)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CLIENT_ID,
      step,
      'client_id is empty; the endpoint authenticates the client (RFC 7009 §2.1, RFC 7662 §2.1).'
    );
  const client = clientAuthentication(c);
  const headers: [string, string][] = [
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['Accept', 'application/json'],
    ...client.headers,
  ];
  return { method: 'POST', url: endpoint, headers, body: formEncode([...client.params, ...params]) };
}

/** RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1): `token` and an optional `token_type_hint`. */
export function buildRevocationRequest(
  endpoint: string,
  c: ClientCredentials,
  token: string,
  hint: TokenTypeHint | null
): RawRequest {
  if (!token) throw new ProtocolError(PROTOCOL_ERROR.MISSING_TOKEN, 'revocation', 'There is no token to revoke.');
  return clientPost(endpoint, 'revocation', c, [
    ['token', token],
    ...(hint ? [['token_type_hint', hint] as Param] : []),
  ]);
}

/** RFC 7662 §2.1 (https://www.rfc-editor.org/rfc/rfc7662#section-2.1): the same parameters. */
export function buildIntrospectionRequest(
  endpoint: string,
  c: ClientCredentials,
  token: string,
  hint: TokenTypeHint | null
): RawRequest {
  if (!token)
    throw new ProtocolError(PROTOCOL_ERROR.MISSING_TOKEN, 'introspection', 'There is no token to introspect.');
  return clientPost(endpoint, 'introspection', c, [
    ['token', token],
    ...(hint ? [['token_type_hint', hint] as Param] : []),
  ]);
}

/** The provider's own words on a refusal (shared/provider-message.ts), or the status when it gave none. */
const errorText = (e: Exchange) => providerMessage(e.response)?.text ?? `HTTP ${e.response.status}`;

/** RFC 7009 §2.2 (https://www.rfc-editor.org/rfc/rfc7009#section-2.2): 200 means revoked, or already invalid (the same answer, on purpose); 503 means try again later. */
export function interpretRevocation(e: Exchange): { readonly ok: boolean; readonly checks: readonly Check[] } {
  const s = e.response.status;
  const checks = [
    check(
      'revocation',
      s === 200,
      'HTTP 200: the token is revoked, or was already invalid; RFC 7009 §2.2 answers both alike so nothing leaks.',
      s === 503
        ? `HTTP 503: the server cannot revoke now; retry after ${headerValue(e.response.headers, 'retry-after') ?? 'a while'} (RFC 7009 §2.2.1).`
        : `The server refused: ${errorText(e)} (RFC 7009 §2.2.1).`
    ),
  ];
  return { ok: checks[0]!.ok, checks };
}

export interface Introspection {
  readonly active: boolean;
  readonly claims: Readonly<Record<string, unknown>>;
}

/** exp, iat and nbf, when present, are NumericDates in range (RFC 7662 §2.2, RFC 7519 §2); a bad one fails its check. */
const introspectionDates = (claims: Record<string, unknown>): Check[] =>
  (['exp', 'iat', 'nbf'] as const)
    .filter((name) => claims[name] !== undefined)
    .map((name) => {
      const d = readNumericDate(claims[name]);
      return 'iso' in d
        ? check(name, true, `${name} is ${d.iso} (RFC 7662 §2.2).`, '')
        : check(name, false, '', `${name} ${d.problem}; RFC 7662 §2.2 gives it as one.`);
    });

/** RFC 7662 §2.2 (https://www.rfc-editor.org/rfc/rfc7662#section-2.2): a JSON object whose `active` is a boolean; an inactive token carries nothing else of use. */
export function interpretIntrospection(e: Exchange): {
  readonly ok: boolean;
  readonly checks: readonly Check[];
  readonly result: Introspection | null;
} {
  if (e.response.status !== 200)
    return {
      ok: false,
      checks: [check('introspection', false, '', `The server refused: ${errorText(e)} (RFC 7662 §2.3).`)],
      result: null,
    };
  let body: unknown;
  try {
    body = JSON.parse(e.response.bodyText);
  } catch {
    return {
      ok: false,
      checks: [check('introspection', false, '', 'The body is not JSON; RFC 7662 §2.2 answers with a JSON object.')],
      result: null,
    };
  }
  const active =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).active : undefined;
  if (typeof active !== 'boolean')
    return {
      ok: false,
      checks: [check('active', false, '', `active is ${shown(active)}; RFC 7662 §2.2 requires a boolean.`)],
      result: null,
    };
  const claims = body as Record<string, unknown>;
  const checks = [
    check(
      'active',
      true,
      active
        ? 'active: true, the token is valid now (RFC 7662 §2.2).'
        : 'active: false, the token is expired, revoked, or unknown; RFC 7662 §2.2 does not say which.',
      ''
    ),
    ...introspectionDates(claims),
  ];
  return { ok: checks.every((c) => c.ok), checks, result: { active, claims } };
}

/** Refresh token rotation (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), shown: the old and the new refresh token, and whether they differ. */
export function refreshRotation(oldToken: string, newToken: string | null): Check {
  if (newToken === null)
    return check('rotation', true, 'No new refresh_token: the old one stays in use (not rotated, RFC 6749 §6).', '');
  return newToken === oldToken
    ? check('rotation', true, 'The same refresh_token came back: not rotated.', '')
    : check(
        'rotation',
        true,
        'Rotated: a new refresh_token replaces the old one, which the provider should refuse from now on; a provider may revoke the whole grant when the old one is presented again (RFC 9700 §4.14.2).',
        ''
      );
}

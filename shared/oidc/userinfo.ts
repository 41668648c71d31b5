import { headerValue, type Exchange, type RawRequest } from '../http';
import { bearerAuthorization } from '../oauth2/bearer';
import { check, type Check } from '../flows/common';
import { parseHttpUrl } from '../url';
import { shown } from './trace-step';

/**
 * OIDC Core §5.3.1: GET with the access token as a bearer token (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)); `outsideGrammar`: send a
 * token that is not a b64token as it was issued (bearerAuthorization).
 */
export function buildUserInfoRequest(endpoint: string, accessToken: string, outsideGrammar = false): RawRequest {
  parseHttpUrl(endpoint, 'userinfo');
  return {
    method: 'GET',
    url: endpoint,
    headers: [
      ['Authorization', bearerAuthorization(accessToken, outsideGrammar)],
      ['Accept', 'application/json'],
    ],
  };
}

/**
 * OIDC Core §5.3.2: a JSON object with `sub`, which must equal the id_token's `sub`; otherwise the response must not
 * be used (a token substitution). A signed UserInfo (application/jwt) is shown as not read here.
 */
export function interpretUserInfo(
  e: Exchange,
  idTokenSub: string | null
): {
  readonly ok: boolean;
  readonly checks: readonly Check[];
  readonly claims: Readonly<Record<string, unknown>> | null;
} {
  const status = e.response.status;
  if (status !== 200) {
    const challenge = headerValue(e.response.headers, 'www-authenticate');
    return {
      ok: false,
      checks: [
        check(
          'status',
          false,
          '',
          `HTTP ${status}${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}: the access token was not accepted (OIDC Core §5.3.3, RFC 6750 §3).`
        ),
      ],
      claims: null,
    };
  }
  const type = headerValue(e.response.headers, 'content-type') ?? '';
  if (/^application\/jwt\b/i.test(type))
    return {
      ok: false,
      checks: [
        check(
          'content-type',
          false,
          '',
          'The UserInfo response is a signed or encrypted JWT (application/jwt, OIDC Core §5.3.2); this client reads the JSON form only.'
        ),
      ],
      claims: null,
    };
  let body: unknown;
  try {
    body = JSON.parse(e.response.bodyText);
  } catch {
    return { ok: false, checks: [check('json', false, '', 'The body is not JSON (OIDC Core §5.3.2).')], claims: null };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return {
      ok: false,
      checks: [check('json', false, '', 'The body is JSON but not an object (OIDC Core §5.3.2).')],
      claims: null,
    };
  const claims = body as Record<string, unknown>;
  const checks = [
    check(
      'sub',
      typeof claims.sub === 'string' && claims.sub !== '',
      `sub is ${shown(claims.sub)}.`,
      `sub is ${shown(claims.sub)}; the UserInfo response always carries sub (OIDC Core §5.3.2).`
    ),
  ];
  if (idTokenSub !== null)
    checks.push(
      check(
        'sub matches the id_token',
        claims.sub === idTokenSub,
        "sub equals the id_token's sub (OIDC Core §5.3.2).",
        `sub ${shown(claims.sub)} differs from the id_token's ${shown(idTokenSub)}: the UserInfo response must not be used (OIDC Core §5.3.2, token substitution).`
      )
    );
  return { ok: checks.every((c) => c.ok), checks, claims };
}

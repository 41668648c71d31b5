import { check, note, type Check } from '../check';

/** RFC 8693 §2.1 (https://www.rfc-editor.org/rfc/rfc8693#section-2.1): the token exchange grant type. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * Token type identifiers (RFC 8693 §3 (https://www.rfc-editor.org/rfc/rfc8693#section-3)), and the identity
 * assertion JWT authorization grant's (draft-ietf-oauth-identity-assertion-authz-grant §4.2 (https://datatracker.ietf.org/doc/draft-ietf-oauth-identity-assertion-authz-grant/)).
 */
export const TOKEN_TYPE = {
  accessToken: 'urn:ietf:params:oauth:token-type:access_token',
  refreshToken: 'urn:ietf:params:oauth:token-type:refresh_token',
  idToken: 'urn:ietf:params:oauth:token-type:id_token',
  jwt: 'urn:ietf:params:oauth:token-type:jwt',
  saml2: 'urn:ietf:params:oauth:token-type:saml2',
  idJag: 'urn:ietf:params:oauth:token-type:id-jag',
} as const;

/**
 * A token exchange response's issued_token_type (RFC 8693 §2.2.1: REQUIRED), shown beside the token; a type other
 * than the one requested is said, and token_type N_A means the token is not an access token (§2.2.1), so it is not
 * for an API call.
 */
export function issuedTokenTypeChecks(fields: Readonly<Record<string, unknown>>, requested: string | null): Check[] {
  const issued = fields.issued_token_type;
  const present = typeof issued === 'string' && issued !== '';
  const checks: Check[] = [
    check(
      'issued_token_type',
      present,
      `issued_token_type is ${String(issued)} (RFC 8693 §2.2.1).`,
      `No issued_token_type in the response; RFC 8693 §2.2.1 requires it, so the kind of token issued is unknown.`
    ),
  ];
  if (present && requested && issued !== requested)
    checks.push(
      note('issued_token_type', `${issued} was issued where ${requested} was requested (RFC 8693 §2.2.1 allows it).`)
    );
  if (fields.token_type === 'N_A')
    checks.push(
      note(
        'token_type',
        'token_type is N_A: the issued token is not an access token (RFC 8693 §2.2.1), not for an API.'
      )
    );
  return checks;
}

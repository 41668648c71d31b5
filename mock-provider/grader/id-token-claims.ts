import type { Fault } from '../../shared/grade/scenarios';

/** The one test user every scenario's issuer approves at once. */
export const GRADE_USER = 'grade-user';

export interface IdTokenInput {
  readonly issuer: string;
  readonly clientId: string;
  /** The nonce of the authorization request; null on a refresh (OpenID Connect Core §12.2 asks for none). */
  readonly nonce: string | null;
  readonly authTime: number;
  readonly now: number;
  readonly refresh: boolean;
}

/**
 * The id_token's claims (OpenID Connect Core §2), with exactly the scenario's fault: one claim wrong or missing, so
 * exactly one step of the client's validation (§3.1.3.7, §12.2 for a refresh) must refuse it.
 */
export function idTokenClaims(fault: Fault, t: IdTokenInput): Record<string, unknown> {
  const initial = !t.refresh;
  const has = (f: Fault) => fault === f && initial;
  const claims: Record<string, unknown> = {
    iss: has('id-token-invalid-iss') || (fault === 'refresh-invalid-iss' && t.refresh) ? `${t.issuer}/other` : t.issuer,
    sub: fault === 'refresh-invalid-sub' && t.refresh ? 'another-user' : GRADE_USER,
    aud: has('id-token-invalid-aud') ? 'another-client' : has('id-token-aud-array') ? [t.clientId] : t.clientId,
    exp: t.now + 600,
    iat: t.now,
    auth_time: t.authTime,
  };
  if (has('id-token-missing-sub')) delete claims.sub;
  if (has('id-token-missing-aud')) delete claims.aud;
  if (has('id-token-missing-iat')) delete claims.iat;
  if (t.nonce !== null) claims.nonce = has('id-token-nonce-invalid') ? `${t.nonce}-not` : t.nonce;
  return claims;
}

/** Which answer carries the scenario's fault: it is marked in what the issuer observed. */
export function faultAnswer(fault: Fault): 'discovery' | 'authorize' | 'code-grant' | 'refresh' | 'userinfo' | null {
  if (fault === 'discovery-issuer-mismatch') return 'discovery';
  if (fault.startsWith('authorize-')) return 'authorize';
  if (fault.startsWith('id-token-') || fault.startsWith('token-')) return 'code-grant';
  if (fault.startsWith('refresh-')) return 'refresh';
  return fault === 'userinfo-invalid-sub' ? 'userinfo' : null;
}

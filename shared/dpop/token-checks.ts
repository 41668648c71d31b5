import { check, note, type Check } from '../check';
import { decodeJwt, looksLikeJwt } from '../oidc/jwt';

/**
 * What a DPoP client checks in a token response (RFC 9449 §5 (https://www.rfc-editor.org/rfc/rfc9449#section-5)):
 * `token_type` DPoP (§5.1; a bearer token means the server did not bind it), and, when the access token is a JWT,
 * its `cnf.jkt` is the thumbprint of the client's key (§6.1). An opaque token's binding is the server's to know.
 */
export function dpopTokenChecks(fields: Readonly<Record<string, unknown>>, thumbprint: string): Check[] {
  const type = fields.token_type;
  const checks = [
    check(
      'DPoP token_type',
      typeof type === 'string' && type.toLowerCase() === 'dpop',
      'token_type is DPoP: the token is bound to the key of the proof (RFC 9449 §5.1).',
      `token_type is ${JSON.stringify(type ?? null)}, not DPoP: the server did not bind the token to the key, so it is a bearer token (RFC 9449 §5.1, §7.2).`
    ),
  ];
  const token = fields.access_token;
  if (typeof token !== 'string' || !looksLikeJwt(token))
    return [
      ...checks,
      note(
        'cnf.jkt',
        'The access token is opaque: its binding (cnf.jkt) is seen only by introspection (RFC 9449 §6.2).'
      ),
    ];
  let jkt: unknown;
  try {
    jkt = jktOf(decodeJwt(token).payload);
  } catch {
    jkt = undefined;
  }
  return [...checks, jktCheck(jkt, thumbprint, 'The JWT access token', 'RFC 9449 §6.1')];
}

/** The cnf.jkt of a JWT's claims or an introspection answer (RFC 7800 §3.1 confirmation), or undefined. */
const jktOf = (claims: Readonly<Record<string, unknown>>): unknown => {
  const cnf = claims.cnf;
  return typeof cnf === 'object' && cnf !== null ? (cnf as { jkt?: unknown }).jkt : undefined;
};

/** The cnf.jkt of `what` (a JWT access token, an introspection answer) is the key's thumbprint. */
function jktCheck(jkt: unknown, thumbprint: string, what: string, section: string): Check {
  return check(
    'cnf.jkt',
    jkt === thumbprint,
    `${what}'s cnf.jkt is the key's thumbprint ${thumbprint} (${section}).`,
    jkt === undefined
      ? `${what} has no cnf.jkt; a DPoP-bound token's carries the key's thumbprint ${thumbprint} (${section}).`
      : `${what}'s cnf.jkt is ${JSON.stringify(jkt)}; the key's thumbprint is ${thumbprint} (${section}).`
  );
}

/**
 * What a DPoP client checks in the introspection answer (RFC 7662) on its DPoP-bound access token (RFC 9449 §6.2
 * (https://www.rfc-editor.org/rfc/rfc9449#section-6.2)): an active token's cnf.jkt is the thumbprint of the
 * client's key. An inactive token's answer has nothing more to say (RFC 7662 §2.2).
 */
export function dpopIntrospectionChecks(claims: Readonly<Record<string, unknown>>, thumbprint: string): Check[] {
  if (claims.active !== true) return [];
  return [jktCheck(jktOf(claims), thumbprint, 'The introspection answer', 'RFC 9449 §6.2')];
}

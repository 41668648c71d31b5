import { ProtocolError } from '../errors';
import { dateClaimSteps, numericDate, type DateClaim, type DateExpectations } from './date-claims';
import { decodeJwt, looksLikeJwt } from './jwt';
import { failed, passed, skipped, type ValidationStep } from './trace-step';

export type AccessTokenStepId = 'typ' | 'claims' | DateClaim;

/**
 * What a client can see in an access token. RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) defines a JWT profile (header typ "at+jwt"); any other token
 * is opaque to the client (RFC 6749 §1.4 (https://www.rfc-editor.org/rfc/rfc6749#section-1.4)), which is the usual case, and only the resource server reads it.
 */
export type AccessTokenView =
  | { readonly kind: 'opaque'; readonly note: string }
  | {
      readonly kind: 'jwt';
      readonly header: Readonly<Record<string, unknown>>;
      readonly claims: Readonly<Record<string, unknown>>;
      /** True when the header says typ "at+jwt" (RFC 9068 §2.1 (https://www.rfc-editor.org/rfc/rfc9068#section-2.1)); other JWTs are shown but are not this profile. */
      readonly profile: boolean;
      readonly expiresAt: string | null;
      readonly audience: readonly string[];
      readonly notes: readonly string[];
      /** The RFC 9068 profile's checks: typ, the required claims, and every date claim as a NumericDate in range. */
      readonly steps: readonly ValidationStep<AccessTokenStepId>[];
      /** True when no step failed. */
      readonly valid: boolean;
    };

const REQUIRED_9068 = ['iss', 'exp', 'aud', 'sub', 'client_id', 'iat', 'jti'];

const S22 = 'RFC 9068 §2.2';

/** typ at+jwt (RFC 9068 §2.1, §4), then the claims §2.2 requires, for a token of the profile; else why not. */
function profileSteps(
  typ: unknown,
  profile: boolean,
  claims: Readonly<Record<string, unknown>>
): ValidationStep<AccessTokenStepId>[] {
  if (!profile) {
    const why = `typ is ${JSON.stringify(typ ?? null)}, not at+jwt: a JWT, but not the RFC 9068 profile`;
    return [
      skipped(
        'typ',
        'Token type (typ)',
        'RFC 9068 §2.1, §4',
        `${why}; a resource server following RFC 9068 §4 refuses it.`
      ),
      skipped('claims', 'Required claims', S22, `${why}, so its required claims do not apply.`),
    ];
  }
  const missing = REQUIRED_9068.filter((c) => claims[c] === undefined);
  return [
    passed('typ', 'Token type (typ)', 'RFC 9068 §2.1, §4', 'typ is at+jwt: a JWT access token (RFC 9068 §2.1).'),
    missing.length
      ? failed('claims', 'Required claims', S22, `Missing claims RFC 9068 §2.2 requires: ${missing.join(', ')}.`)
      : passed('claims', 'Required claims', S22, `${REQUIRED_9068.join(', ')} are all present.`),
  ];
}

/**
 * Decodes (never verifies: that is the resource server's job, RFC 9068 §4 (https://www.rfc-editor.org/rfc/rfc9068#section-4)) and describes an access token,
 * with the profile's checks as steps; the same for the CLI and the page.
 */
export function describeAccessToken(token: string, clock: DateExpectations): AccessTokenView {
  if (!looksLikeJwt(token))
    return {
      kind: 'opaque',
      note: 'The access token is opaque: not a JWT, so only the provider or resource server can read it (RFC 6749 §1.4). Use introspection (RFC 7662) to learn its state.',
    };
  let jwt;
  try {
    jwt = decodeJwt(token, 'access-token');
  } catch (e) {
    if (e instanceof ProtocolError)
      return {
        kind: 'opaque',
        note: `The access token looks like a JWT but is not one (${e.message}); treat it as opaque.`,
      };
    throw e;
  }
  const typ = typeof jwt.header.typ === 'string' ? jwt.header.typ.toLowerCase() : '';
  const profile = typ === 'at+jwt' || typ === 'application/at+jwt';
  const aud =
    typeof jwt.payload.aud === 'string'
      ? [jwt.payload.aud]
      : Array.isArray(jwt.payload.aud)
        ? jwt.payload.aud.filter((a): a is string => typeof a === 'string')
        : [];
  const notes = [
    'Shown decoded, not verified: the client treats the access token as opaque and does not validate it (RFC 9068 §6).',
  ];
  const steps = [
    ...profileSteps(jwt.header.typ, profile, jwt.payload),
    ...dateClaimSteps(
      jwt.payload,
      {
        exp: { required: profile, section: S22 },
        iat: { required: profile, section: S22 },
        nbf: { required: false, section: 'RFC 7519 §4.1.5' },
        auth_time: { required: false, section: 'RFC 9068 §2.2.1' },
      },
      clock
    ),
  ];
  return {
    kind: 'jwt',
    header: jwt.header,
    claims: jwt.payload,
    profile,
    expiresAt: numericDate(jwt.payload.exp),
    audience: aud,
    notes,
    steps,
    valid: steps.every((st) => st.status !== 'failed'),
  };
}

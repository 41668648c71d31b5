import { ProtocolError } from '../errors';
import { decodeJwt, looksLikeJwt, numericDate } from './jwt';

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
    };

const REQUIRED_9068 = ['iss', 'exp', 'aud', 'sub', 'client_id', 'iat', 'jti'];

/** Decodes (never verifies: that is the resource server's job, RFC 9068 §4 (https://www.rfc-editor.org/rfc/rfc9068#section-4)) and describes an access token. */
export function describeAccessToken(token: string): AccessTokenView {
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
  const missing = REQUIRED_9068.filter((c) => jwt.payload[c] === undefined);
  const notes = [
    profile
      ? 'typ is at+jwt: a JWT access token (RFC 9068 §2.1).'
      : `typ is ${JSON.stringify(jwt.header.typ ?? null)}, not at+jwt: a JWT, but not the RFC 9068 profile; a resource server must not take an id_token as an access token (RFC 9068 §4).`,
    ...(profile && missing.length ? [`Missing claims RFC 9068 §2.2 requires: ${missing.join(', ')}.`] : []),
    'Shown decoded, not verified: the client treats the access token as opaque and does not validate it (RFC 9068 §6).',
  ];
  return {
    kind: 'jwt',
    header: jwt.header,
    claims: jwt.payload,
    profile,
    expiresAt: numericDate(jwt.payload.exp),
    audience: aud,
    notes,
  };
}

import { check, note, type Check } from '../check';
import { ProtocolError } from '../errors';
import { decodeJwt } from '../oidc/jwt';

/**
 * The identity assertion JWT authorization grant ("ID-JAG", draft-ietf-oauth-identity-assertion-authz-grant
 * (https://datatracker.ietf.org/doc/draft-ietf-oauth-identity-assertion-authz-grant/)): an enterprise IdP issues the
 * ID-JAG by token exchange (RFC 8693), the resource's authorization server redeems it by the JWT bearer grant (RFC
 * 7523). Its JWT header's typ (the draft's §3.1, the media type application/oauth-id-jag+jwt).
 */
export const ID_JAG_TYP = 'oauth-id-jag+jwt';

/**
 * The mock's switch idJagFault: the ID-JAG it issues as the IdP broken in one way, so that the client's check or the
 * redemption at the resource's authorization server refuses it by name.
 */
export const ID_JAG_FAULTS = [
  'off',
  'wrong-typ',
  'wrong-aud',
  'wrong-resource',
  'wrong-client-id',
  'expired',
  'unknown-kid',
] as const;
export type IdJagFault = (typeof ID_JAG_FAULTS)[number];

/** What the client expects of the ID-JAG it was issued: the resource's authorization server's issuer as aud. */
export interface IdJagExpectation {
  readonly audience: string;
}

const shown = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));

/**
 * The client's checks of the ID-JAG before it redeems it: a JWT, typ oauth-id-jag+jwt, aud the authorization server
 * it is about to present it to (the draft's §3.1: iss, sub, aud, client_id, jti, exp, iat); the other claims shown.
 * The signature is the authorization server's to check: the client holds no key of the IdP's to trust.
 */
export function idJagChecks(jag: string, expected: IdJagExpectation): Check[] {
  let jwt;
  try {
    jwt = decodeJwt(jag);
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    return [check('id-jag', false, '', `The token issued is not a JWT, so not an ID-JAG: ${e.message}`)];
  }
  const { header, payload } = jwt;
  const aud = payload.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  return [
    check(
      'typ',
      header.typ === ID_JAG_TYP,
      `typ is ${ID_JAG_TYP}.`,
      `typ is ${shown(header.typ)}; an ID-JAG's typ is ${ID_JAG_TYP} (draft-ietf-oauth-identity-assertion-authz-grant §3.1), and the authorization server will refuse it.`
    ),
    check(
      'aud',
      audiences.includes(expected.audience),
      `aud is ${expected.audience}, the authorization server it is presented to.`,
      `aud is ${shown(aud)}, not ${expected.audience}, the authorization server it would be presented to (draft-ietf-oauth-identity-assertion-authz-grant §3.1); it would refuse it.`
    ),
    note(
      'claims',
      `ID-JAG for sub ${shown(payload.sub)}, client_id ${shown(payload.client_id)}, resource ${shown(payload.resource)}, scope ${shown(payload.scope)}, issued by ${shown(payload.iss)}.`
    ),
  ];
}

import { ID_JAG_TYP } from '../oauth2/id-jag';
import { TOKEN_EXCHANGE_GRANT, TOKEN_TYPE } from '../oauth2/token-exchange';
import { decodeJwt, looksLikeJwt, type DecodedJwt } from '../oidc/jwt';
import { WEIGHT, type CauseList } from './candidates';
import type { EntryView } from './entry-view';
import type { ExplainContext } from './explain-context';
import { clientCredentials, serverDate } from './facts';

const q = (v: unknown) => JSON.stringify(v);
const DRAFT = 'draft-ietf-oauth-identity-assertion-authz-grant';
/** The token response members a token can have been issued as, with the RFC 8693 §3 type each is. */
const ISSUED_AS = [
  ['access_token', TOKEN_TYPE.accessToken],
  ['refresh_token', TOKEN_TYPE.refreshToken],
  ['id_token', TOKEN_TYPE.idToken],
] as const;

function jwtOf(token: string | undefined): DecodedJwt | null {
  if (token === undefined || !looksLikeJwt(token)) return null;
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** The earlier entry that issued `token`, and as which member (a token response's access_token, id_token, …). */
function issuedBy(ctx: ExplainContext, before: number, token: string) {
  for (let i = before - 1; i >= 0; i--) {
    const fields = ctx.views[i]!.response().body.fields;
    if (!fields) continue;
    for (const [member] of ISSUED_AS) if (fields[member] === token) return { view: ctx.views[i]!, member, fields };
  }
  return null;
}

/** RFC 8693 §2.1: subject_token_type says what subject_token is; a type no §3 names, or another than it is. */
function subjectTypeCauses(ctx: ExplainContext, e: EntryView, list: CauseList): void {
  const type = e.form.subject_token_type;
  const token = e.form.subject_token;
  const known = Object.values(TOKEN_TYPE) as string[];
  if (type === undefined || !known.includes(type)) {
    list.add(
      'subject_token_type_wrong',
      WEIGHT.strong,
      `entry ${e.index} sends subject_token_type ${type === undefined ? '(none)' : q(type)}, which is not a token type of RFC 8693 §3.`
    );
    return;
  }
  if (token === undefined) return;
  const issued = issuedBy(ctx, e.index, token);
  const actual = issued && ISSUED_AS.find(([m]) => m === issued.member)![1];
  if (actual && actual !== type)
    list.add(
      'subject_token_type_wrong',
      WEIGHT.decisive,
      `entry ${e.index} sends subject_token_type ${type}, but its subject_token is the ${issued.member} of entry ${issued.view.index} (${actual}).`
    );
  else if ((type === TOKEN_TYPE.idToken || type === TOKEN_TYPE.jwt) && !jwtOf(token))
    list.add(
      'subject_token_type_wrong',
      WEIGHT.decisive,
      `entry ${e.index} sends subject_token_type ${type}, but its subject_token is not a JWT.`
    );
  const exp = jwtOf(token)?.payload.exp;
  if (typeof exp === 'number' && exp * 1000 <= e.sentAt)
    list.add(
      'subject_token_invalid',
      WEIGHT.decisive,
      `the subject_token of entry ${e.index} expired at ${new Date(exp * 1000).toISOString()}, before it was sent.`
    );
}

/**
 * A subject id_token issued to another client than the one asking (OIDC Core §2: aud names the client, azp the
 * party it was issued to): an IdP issues an ID-JAG only for the asking client's own (the draft's §4.3).
 */
function subjectClientCauses(ctx: ExplainContext, e: EntryView, list: CauseList): void {
  const clientId = clientCredentials(e).clientId;
  const jwt = e.form.subject_token_type === TOKEN_TYPE.idToken ? jwtOf(e.form.subject_token) : null;
  if (clientId === null || !jwt) return;
  const { aud, azp } = jwt.payload;
  const audiences = (Array.isArray(aud) ? aud : [aud]).filter((a): a is string => typeof a === 'string');
  const otherAzp = typeof azp === 'string' && azp !== clientId;
  if (!audiences.length || (audiences.includes(clientId) && !otherAzp)) return;
  const named = otherAzp ? `${q(azp)} (azp)` : `${audiences.map(q).join(', ')} (aud)`;
  const jag = e.form.requested_token_type === TOKEN_TYPE.idJag;
  const issued = issuedBy(ctx, e.index, e.form.subject_token!);
  const from = issued ? ` (it is the ${issued.member} of entry ${issued.view.index})` : '';
  list.add(
    'subject_token_for_another_client',
    WEIGHT.decisive,
    `the subject_token of entry ${e.index} is an id_token issued to ${named}, not to ${q(clientId)}, the client asking for ${jag ? 'the ID-JAG' : 'the exchange'}${from}; send the id_token issued to ${q(clientId)} at its own sign-in, or ask as the client the id_token names.`,
    jag ? `${DRAFT} §4.3` : 'OpenID Connect Core §2'
  );
}

/** RFC 8693 §2.2.2: invalid_target is a server that does not serve the audience or resource asked for. */
function targetCauses(ctx: ExplainContext, at: number, e: EntryView, list: CauseList): void {
  if (ctx.answers[at]!.error !== 'invalid_target') return;
  const asked = [
    ...(e.form.audience !== undefined ? [`audience ${q(e.form.audience)}`] : []),
    ...(e.form.resource !== undefined ? [`resource ${q(e.form.resource)}`] : []),
  ];
  list.add(
    'audience_mismatch',
    WEIGHT.decisive,
    `entry ${e.index} asks for ${asked.join(' and ') || 'a target'}; the provider answers invalid_target: it does not serve it (RFC 8693 §2.2.2).`
  );
}

/** An assertion's exp (RFC 7523 §3 item 4) before the request was sent, by the client's clock or the server's. */
function expiredAssertion(e: EntryView, jwt: DecodedJwt, list: CauseList): void {
  const exp = jwt.payload.exp;
  if (typeof exp !== 'number') return;
  const at = new Date(exp * 1000).toISOString();
  if (exp * 1000 <= e.sentAt)
    list.add(
      'assertion_expired',
      WEIGHT.decisive,
      `the assertion of entry ${e.index} expired at ${at}, before it was sent.`
    );
  else if (exp * 1000 <= serverDate(e))
    list.add(
      'assertion_expired',
      WEIGHT.likely,
      `the assertion of entry ${e.index} expired at ${at} by the server's clock (its Date header).`
    );
}

/**
 * An assertion presented (RFC 7523 §2.1) that is an ID-JAG the file shows issued (issued_token_type id-jag): its
 * typ (the draft's §3.1), and its aud, which names the authorization server it is for (§4.4).
 */
function assertionCauses(ctx: ExplainContext, e: EntryView, list: CauseList): void {
  const jwt = jwtOf(e.form.assertion);
  if (!jwt) return;
  expiredAssertion(e, jwt, list);
  const issued = issuedBy(ctx, e.index, e.form.assertion!);
  const jag = issued?.fields.issued_token_type === TOKEN_TYPE.idJag;
  if (jag && jwt.header.typ !== ID_JAG_TYP)
    list.add(
      'id_jag_typ_wrong',
      WEIGHT.decisive,
      `the ID-JAG entry ${issued.view.index} issued (issued_token_type ${TOKEN_TYPE.idJag}) has typ ${q(jwt.header.typ)}; an ID-JAG's typ is ${ID_JAG_TYP}, and entry ${e.index} presents it.`,
      `${DRAFT} §3.1`
    );
  const aud = jwt.payload.aud;
  const audiences = (Array.isArray(aud) ? aud : [aud]).filter((a): a is string => typeof a === 'string');
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(e.base)?.[0];
  if (audiences.length && !audiences.some((a) => a === e.base || (origin && a.replace(/\/$/, '') === origin)))
    list.add(
      'audience_mismatch',
      jag ? WEIGHT.strong : WEIGHT.likely,
      `the assertion of entry ${e.index} has aud ${q(aud)}, which names neither the token endpoint it is sent to (${e.base}) nor its issuer.`,
      jag ? `${DRAFT} §4.4` : 'RFC 7523 §3'
    );
}

/** The causes of a refused grant leg of the agent grants: a token exchange (RFC 8693) or an assertion (RFC 7523). */
export function grantCauses(ctx: ExplainContext, at: number, list: CauseList): void {
  const e = ctx.legs[at]!.main;
  if (ctx.answers[at]!.ok) return;
  if (e.form.grant_type === TOKEN_EXCHANGE_GRANT) {
    subjectTypeCauses(ctx, e, list);
    subjectClientCauses(ctx, e, list);
    targetCauses(ctx, at, e, list);
  }
  if (e.form.assertion !== undefined) assertionCauses(ctx, e, list);
}

import { headerValue } from '../http';
import { WEIGHT, type CauseList } from './candidates';
import { latestEarlier, type ExplainContext } from './explain-context';
import { clientCredentials, jwtPayload, seconds, serverDate, tokenField } from './facts';
import type { LegKey } from './leg-index';
import type { Leg } from './legs';
import { cannotTell, sameSecret } from './placeholder';

const ISSUING: readonly string[] = ['token', 'refresh', 'grant'];
/** One key per token member, made once so the index builds each group once. */
const issuedKeys = new Map<string, LegKey>();
function issuedKey(field: string): LegKey {
  let key = issuedKeys.get(field);
  if (!key) {
    key = (l) => (ISSUING.includes(l.kind) ? tokenField(l.main, field) : undefined);
    issuedKeys.set(field, key);
  }
  return key;
}
const revokedToken: LegKey = (l) => (l.kind === 'revocation' ? l.main.form.token : undefined);
const spentRefreshToken: LegKey = (l) => (l.kind === 'refresh' ? l.main.form.refresh_token : undefined);

/** The latest successful token response before `at` that returned `value` as the member `field`. */
function issuedBy(ctx: ExplainContext, at: number, field: string, value: string): number | null {
  return (
    latestEarlier(
      ctx,
      at,
      issuedKey(field),
      value,
      (l, i) => ctx.answers[i]!.ok && sameSecret(tokenField(l.main, field), value)
    ) ?? null
  );
}

function revokedBefore(ctx: ExplainContext, at: number, value: string): Leg | null {
  const i = latestEarlier(
    ctx,
    at,
    revokedToken,
    value,
    (l, j) => sameSecret(l.main.form.token, value) && ctx.answers[j]!.ok
  );
  return i === undefined ? null : ctx.legs[i]!;
}

/** RFC 6749 §6 with rotation (RFC 9700 §4.14.2): the refresh token was already spent, revoked, or belongs to another client. */
export function refreshCauses(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const token = leg.main.form.refresh_token;
  const e = leg.main.index;
  if (token === undefined) return;
  const placeholder = cannotTell(e, 'refresh token', token);
  if (placeholder) {
    list.add('unknown', WEIGHT.weak, placeholder);
    return;
  }
  const used = latestEarlier(
    ctx,
    at,
    spentRefreshToken,
    token,
    (l, i) => sameSecret(l.main.form.refresh_token, token) && ctx.answers[i]!.ok
  );
  if (used !== undefined) {
    const next = tokenField(ctx.legs[used]!.main, 'refresh_token');
    const rotated = next !== null && next !== token;
    list.add(
      'refresh_token_reused',
      rotated ? WEIGHT.decisive : WEIGHT.likely,
      `entry ${ctx.legs[used]!.main.index} already used refresh token ${ctx.fp(token)}${rotated ? ` and got ${ctx.fp(next)} in its place (rotation)` : ''}; entry ${e} sends the old one again.`
    );
  }
  const revoked = revokedBefore(ctx, at, token);
  if (revoked)
    list.add(
      'refresh_token_revoked',
      WEIGHT.decisive,
      `entry ${revoked.main.index} revoked refresh token ${ctx.fp(token)} before entry ${e} used it.`
    );
  const issuer = issuedBy(ctx, at, 'refresh_token', token);
  if (issuer === null) {
    if (used === undefined && !revoked)
      list.add(
        'unknown',
        WEIGHT.weak,
        `The leg that issued refresh token ${ctx.fp(token)} is not in the file: with it, rotation, revocation and the client could be checked.`
      );
    return;
  }
  const then = clientCredentials(ctx.legs[issuer]!.main).clientId;
  const now = clientCredentials(leg.main).clientId;
  if (then !== null && now !== null && then !== now)
    list.add(
      'grant_for_another_client',
      WEIGHT.decisive,
      `entry ${ctx.legs[issuer]!.main.index} issued the refresh token to client ${JSON.stringify(then)}; entry ${e} uses it as ${JSON.stringify(now)}.`,
      'RFC 6749 §6'
    );
}

/** The scheme and token of a resource call's Authorization header (RFC 6750 §2.1, RFC 9449 §7.1). */
function presented(leg: Leg): { scheme: string; token: string } | null {
  const m = /^\s*(bearer|dpop)\s+(\S+)/i.exec(headerValue(leg.main.requestHeaders, 'authorization') ?? '');
  return m ? { scheme: m[1]!.toLowerCase(), token: m[2]! } : null;
}

function expiry(ctx: ExplainContext, leg: Leg, issuer: number | null, token: string, list: CauseList): void {
  const e = leg.main;
  const exp = jwtPayload(token)?.exp;
  const expiresIn = issuer === null ? NaN : Number(ctx.legs[issuer]!.main.response().body.fields?.expires_in);
  const expiresAt =
    typeof exp === 'number' ? exp * 1000 : issuer === null ? NaN : ctx.legs[issuer]!.main.answeredAt + expiresIn * 1000;
  if (!Number.isFinite(expiresAt)) return;
  const from =
    typeof exp === 'number' ? 'its exp claim' : `expires_in ${expiresIn} of entry ${ctx.legs[issuer!]!.main.index}`;
  if (e.sentAt >= expiresAt) {
    list.add(
      'token_expired',
      WEIGHT.strong,
      `entry ${e.index} used the access token ${seconds(e.sentAt - expiresAt)} after it expired by ${from}.`
    );
    return;
  }
  const server = serverDate(e);
  if (Number.isFinite(server) && server >= expiresAt)
    list.add(
      'clock_skew',
      WEIGHT.strong,
      `by the client's clock the token had ${seconds(expiresAt - e.sentAt)} left (${from}), but the server's Date header in entry ${e.index} is ${seconds(server - e.sentAt)} ahead: by its clock the token had expired.`
    );
}

/** RFC 6750 §3.1 and RFC 9449 §7.1: why an API refused the access token. */
export function resourceCauses(ctx: ExplainContext, at: number, error: string | null, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const e = leg.main.index;
  const p = presented(leg);
  if (!p) return;
  if (error === 'insufficient_scope') {
    const wanted = /scope\s*=\s*"([^"]*)"/i.exec(headerValue(leg.main.responseHeaders, 'www-authenticate') ?? '')?.[1];
    list.add(
      'insufficient_scope',
      WEIGHT.decisive,
      `entry ${e} answered insufficient_scope${wanted ? `; it wants scope "${wanted}"` : ''}.`
    );
    return;
  }
  const asIdToken = issuedBy(ctx, at, 'id_token', p.token);
  const asRefresh = issuedBy(ctx, at, 'refresh_token', p.token);
  if (asIdToken !== null || asRefresh !== null)
    list.add(
      'wrong_token_type',
      WEIGHT.decisive,
      `entry ${e} presents the ${asIdToken !== null ? 'ID token' : 'refresh token'} ${ctx.fp(p.token)} that entry ${ctx.legs[(asIdToken ?? asRefresh)!]!.main.index} returned; an API takes the access token.`
    );
  const issuer = issuedBy(ctx, at, 'access_token', p.token);
  const type = issuer === null ? null : tokenField(ctx.legs[issuer]!.main, 'token_type');
  if (type?.toLowerCase() === 'dpop' && p.scheme === 'bearer')
    list.add(
      'wrong_token_type',
      WEIGHT.strong,
      `entry ${ctx.legs[issuer!]!.main.index} issued a DPoP-bound token; entry ${e} sends it as Bearer.`,
      'RFC 9449 §7.1'
    );
  if (p.scheme === 'dpop' && headerValue(leg.main.requestHeaders, 'dpop') === undefined)
    list.add(
      'dpop_proof_invalid',
      WEIGHT.strong,
      `entry ${e} uses the DPoP scheme without a DPoP proof header.`,
      'RFC 9449 §7.1'
    );
  const revoked = revokedBefore(ctx, at, p.token);
  if (revoked)
    list.add(
      'token_revoked',
      WEIGHT.decisive,
      `entry ${revoked.main.index} revoked access token ${ctx.fp(p.token)} before entry ${e} used it.`
    );
  expiry(ctx, leg, issuer, p.token, list);
  if (issuer === null && !list.size)
    list.add(
      'unknown',
      WEIGHT.weak,
      cannotTell(e, 'access token', p.token) ??
        `The leg that issued access token ${ctx.fp(p.token)} is not in the file: with it, its expiry, revocation and type could be checked.`
    );
}

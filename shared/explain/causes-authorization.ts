import { WEIGHT, type CauseList } from './candidates';
import type { EntryView } from './entry-view';
import { earliestEarlier, type ExplainContext } from './explain-context';
import { jwtPayload, tokenField } from './facts';
import { countBelow, type LegKey } from './leg-index';
import type { Leg } from './legs';
import { sameSecret } from './placeholder';

const q = (v: string | undefined) => (v === undefined ? '(none)' : JSON.stringify(v));

/** The authorization leg that issued a code: the one whose redirect carried it. */
export function issuingAuthorization(ctx: ExplainContext, code: string | undefined): Leg | null {
  if (code === undefined) return null;
  const at = earliestEarlier(ctx, Infinity, issuedCode, code, (l) => sameSecret(l.callback?.params.code, code));
  return at === undefined ? null : ctx.legs[at]!;
}

const issuedCode: LegKey = (l) => (l.kind === 'authorization' ? l.callback?.params.code : undefined);
const authorizingClient: LegKey = (l) => (l.kind === 'authorization' ? (l.params.client_id ?? null) : undefined);

/**
 * RFC 6749 §10.12: the client compares the redirect's state with the one it sent. A difference fails the leg on
 * the client's side, whatever the servers answered.
 */
export function stateMismatch(leg: Leg): string | null {
  const sent = leg.params.state;
  const cb = leg.callback;
  if (leg.kind !== 'authorization' || sent === undefined || !cb || cb.params.state === sent) return null;
  return `entry ${leg.paramsEntry} sent state ${q(sent)}; the redirect in entry ${cb.entry.index} came back with state ${q(cb.params.state)}.`;
}

/**
 * OpenID Connect Core §3.1.3.7 step 11: the ID token's nonce equals the one of the authorization request. Checked
 * on a token leg whose response carries an id_token, against the authorization leg that issued its code.
 */
export function nonceMismatch(ctx: ExplainContext, leg: Leg): string | null {
  if (leg.kind !== 'token') return null;
  const idToken = tokenField(leg.main, 'id_token');
  const authorization = issuingAuthorization(ctx, leg.main.form.code);
  const sent = authorization?.params.nonce;
  if (!idToken || !authorization || sent === undefined) return null;
  const claims = jwtPayload(idToken);
  if (!claims || claims.nonce === sent) return null;
  const got = typeof claims.nonce === 'string' ? JSON.stringify(claims.nonce) : 'no nonce claim';
  return `entry ${authorization.paramsEntry} sent nonce ${q(sent)}; the ID token from entry ${leg.main.index} carries ${got}.`;
}

/** The client's own callback answering the redirect with an error status: the client refused it, the leg failed. */
export function refusedCallback(leg: Leg): EntryView | null {
  const cb = leg.callback;
  return leg.kind === 'authorization' && cb && cb.params.error === undefined && cb.entry.status >= 400
    ? cb.entry
    : null;
}

/**
 * RFC 6749 §10.12: a client that keeps one state per session replaces it when a second authorization request
 * starts (a second tab); the first request's redirect then carries a state the client no longer expects.
 */
function secondRequestInFlight(ctx: ExplainContext, at: number): string | null {
  const leg = ctx.legs[at]!;
  const cb = leg.callback;
  if (!cb || !refusedCallback(leg)) return null;
  const later = ctx.index.with(authorizingClient, leg.params.client_id ?? null);
  const second = later
    .slice(countBelow(later, at + 1))
    .map((i) => ctx.legs[i]!)
    .find((l) => l.params.state !== cb.params.state && l.main.sentAt <= cb.entry.sentAt);
  if (!second) return null;
  return `entry ${second.paramsEntry} started a second authorization request (state ${q(second.params.state)}) before the redirect answering entry ${leg.paramsEntry} came back in entry ${cb.entry.index} with state ${q(cb.params.state)}; the client's callback answered HTTP ${cb.entry.status}: a client that keeps one state per session expects the second request's.`;
}

/** RFC 6749 §4.1.2.1: an authorization request the provider refused, by redirecting with `error` or by an error page. */
export function authorizationCauses(ctx: ExplainContext, index: number, list: CauseList): void {
  const leg = ctx.legs[index]!;
  const cb = leg.callback;
  const params = cb?.params ?? {};
  const said = params.error_description ? `: ${JSON.stringify(params.error_description)}` : '';
  const at = cb ? `entry ${cb.entry.index} redirected back with error=${params.error ?? ''}${said}` : '';
  const state = stateMismatch(leg);
  if (state) list.add('state_mismatch', WEIGHT.decisive, state);
  const inFlight = secondRequestInFlight(ctx, index);
  if (inFlight) list.add('state_mismatch', WEIGHT.decisive, inFlight);
  if (params.error === 'invalid_request' && /code_challenge|pkce/i.test(params.error_description ?? ''))
    list.add('pkce_missing', WEIGHT.decisive, `${at}; entry ${leg.paramsEntry} sent no code_challenge.`);
  // A pushed request's redirect_uri and client were checked at the push (RFC 9126 §2.1): causes-request-uri.ts.
  if (!cb && leg.main.status >= 400 && leg.main.query.request_uri === undefined) {
    const where = `entry ${leg.main.index} answered HTTP ${leg.main.status} and did not redirect back`;
    list.add(
      'redirect_uri_mismatch',
      WEIGHT.likely,
      `${where}: a provider shows an error page instead of redirecting when redirect_uri (${q(leg.params.redirect_uri)}) is not registered for the client.`,
      'RFC 6749 §4.1.2.1'
    );
    list.add(
      'unknown_client',
      WEIGHT.possible,
      `${where}: it does so too when client_id ${q(leg.params.client_id)} is unknown.`,
      'RFC 6749 §4.1.2.1'
    );
  }
}

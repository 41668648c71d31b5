import type { CryptoPort } from '../ports';
import { authorizationCauses, nonceMismatch, refusedCallback, stateMismatch } from './causes-authorization';
import { requestUriCauses } from './causes-request-uri';
import { basicCredentialsRefused, clientCauses, knownClient } from './causes-client';
import { codeExchangeCauses } from './causes-code';
import { grantCauses } from './causes-grant';
import { refreshCauses, resourceCauses } from './causes-token-use';
import { CauseList, WEIGHT, type Cause } from './candidates';
import type { CauseId } from './cause-ids';
import type { ExplainContext } from './explain-context';
import { answerOf, seconds, serverDate, type Answer } from './facts';
import { explanationRedactor } from './explain-redactor';
import type { Fingerprint } from './fingerprint';
import type { HarFile } from './har-read';
import { LegIndex } from './leg-index';
import { findLegs, type Leg, type LegKind } from './legs';
import { recogniseProviderText } from './provider-texts';

/** One leg as the CLI's --json prints it: `entries` index the HAR's log.entries. */
export interface ExplainedLeg {
  readonly kind: LegKind;
  readonly entries: readonly number[];
  readonly ok: boolean;
}

export interface Explanation {
  readonly legs: readonly ExplainedLeg[];
  readonly causes: readonly Cause[];
}

export interface ExplainOptions {
  readonly codeLifetimeSeconds?: number | null;
  /** Told how many of the legs are explained, every PROGRESS_EVERY legs and at the end (a large import's progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
}

const PROGRESS_EVERY = 500;

/** RFC 6749 §5.2, RFC 6750 §3.1 and RFC 9449 error codes that name a cause by themselves. */
const CODE_CAUSES: Readonly<Record<string, CauseId>> = {
  unauthorized_client: 'unauthorized_client',
  unsupported_grant_type: 'unsupported_grant_type',
  invalid_scope: 'scope_not_allowed',
  access_denied: 'access_denied',
  insufficient_scope: 'insufficient_scope',
  use_dpop_nonce: 'dpop_nonce_required',
  invalid_dpop_proof: 'dpop_proof_invalid',
  redirect_uri_mismatch: 'redirect_uri_mismatch',
  // RFC 8628 §3.5: the device code expired before the user approved.
  expired_token: 'code_expired',
};

/** RFC 8628 §3.5: a device flow's poll answered "not yet" is the flow going as it should, not a failure. */
const KEEP_POLLING = new Set(['authorization_pending', 'slow_down']);

/** More than this between the server's Date header and the client's clock is worth naming (RFC 7519 §4.1.4 leeway). */
const SKEW_MS = 60_000;

/**
 * The server's answer to a leg; for an authorization leg, the redirect's `error` (RFC 6749 §4.1.2.1), or the
 * client's own callback refusing the redirect.
 */
function legAnswer(leg: Leg): Answer {
  if (leg.kind !== 'authorization') {
    const answer = answerOf(leg.main);
    return answer.error !== null && KEEP_POLLING.has(answer.error) ? { ...answer, ok: true } : answer;
  }
  const params = leg.callback?.params;
  if (params?.error !== undefined)
    return {
      ok: false,
      error: params.error,
      text: params.error_description ? `${params.error}: ${params.error_description}` : params.error,
    };
  const refused = refusedCallback(leg);
  if (refused) return answerOf(refused);
  return leg.callback ? { ok: true, error: null, text: null } : answerOf(leg.main);
}

function providerWords(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const { error, text } = ctx.answers[at]!;
  const known = recogniseProviderText(error, text, leg.kind);
  const refused = refusedCallback(leg);
  const cited = `entry ${(refused ?? leg.main).index}: ${refused ? "the client's callback" : 'the provider'} says ${JSON.stringify(text ?? error)}`;
  if (known) {
    const weight = known.causes.length === 1 ? WEIGHT.decisive : WEIGHT.likely;
    for (const id of known.causes)
      list.add(id, weight, `${cited}, which ${known.provider} documents as this cause (${known.doc}).`);
  }
  const byCode = error ? CODE_CAUSES[error] : undefined;
  if (byCode)
    list.add(
      byCode,
      WEIGHT.decisive,
      `${cited} (error ${error}).`,
      error === 'expired_token' ? 'RFC 8628 §3.5' : undefined
    );
}

function clockSkew(leg: Leg, list: CauseList): void {
  const server = serverDate(leg.main);
  const diff = server - leg.main.sentAt;
  if (Number.isFinite(diff) && Math.abs(diff) > SKEW_MS)
    list.add(
      'clock_skew',
      WEIGHT.possible,
      `the server's Date header in entry ${leg.main.index} is ${seconds(Math.abs(diff))} ${diff > 0 ? 'ahead of' : 'behind'} the time the request was recorded: tokens' iat, exp and assertions are judged by the server's clock.`
    );
}

/** Every cause the evidence supports for one failed leg, most likely first. */
function legCauses(ctx: ExplainContext, at: number): Cause[] {
  const leg = ctx.legs[at]!;
  const { error, text } = ctx.answers[at]!;
  const list = new CauseList();
  providerWords(ctx, at, list);
  if (leg.kind === 'authorization') {
    authorizationCauses(ctx, at, list);
    requestUriCauses(ctx, at, list);
  }
  if (leg.kind === 'token') {
    const nonce = nonceMismatch(ctx, leg);
    if (nonce) list.add('nonce_mismatch', WEIGHT.decisive, nonce);
    // RFC 6749 §3.2.1: the client is authenticated first; a refused client never had its code examined.
    if (!ctx.answers[at]!.ok && error !== 'invalid_client') codeExchangeCauses(ctx, at, list);
  }
  if (leg.kind === 'refresh' && error !== 'invalid_client') refreshCauses(ctx, at, list);
  if (leg.kind === 'grant' && error !== 'invalid_client') grantCauses(ctx, at, list);
  if (leg.kind === 'resource') resourceCauses(ctx, at, error, list);
  const authenticates = leg.kind !== 'resource' && leg.kind !== 'authorization';
  if (error === 'invalid_client' || (leg.main.status === 401 && authenticates)) clientCauses(ctx, at, list);
  else if (authenticates && (error === null || error === 'invalid_request')) basicCredentialsRefused(ctx, at, list);
  if (leg.kind !== 'authorization') knownClient(ctx, at, list);
  clockSkew(leg, list);
  const answered = refusedCallback(leg) ?? leg.main;
  if (!list.size || [...list.causes(at)].every((c) => c.id === 'clock_skew'))
    list.add(
      'unknown',
      WEIGHT.weak,
      `entry ${answered.index} answered HTTP ${answered.status}${text ? ` saying ${JSON.stringify(text)}` : ''}; nothing else in the file points at a cause.`
    );
  return list.causes(at);
}

/**
 * Explains a HAR: finds the OAuth legs and, for each one that failed (by the server's answer, or by the client's
 * own checks of state and nonce when every server answered 200), the causes the recorded evidence supports. The
 * evidence quotes no secret: each is `fp`'s fingerprint (fingerprinter(), salted per explanation), also where a
 * provider's text or a plain PKCE challenge repeats one.
 */
export function explainHar(
  har: HarFile,
  crypto: CryptoPort,
  fp: Fingerprint,
  options: ExplainOptions = {}
): Explanation {
  const { legs, views } = findLegs(har.entries);
  const answers = legs.map(legAnswer);
  const ctx: ExplainContext = {
    legs,
    answers,
    views,
    fp,
    crypto,
    codeLifetimeSeconds: options.codeLifetimeSeconds ?? null,
    index: new LegIndex(legs),
  };
  const clientFailed = (leg: Leg) => stateMismatch(leg) !== null || nonceMismatch(ctx, leg) !== null;
  const ok = legs.map((leg, i) => answers[i]!.ok && !clientFailed(leg));
  const explained = legs.map((leg, i) => ({ kind: leg.kind, entries: leg.entries, ok: ok[i]! }));
  const causes = legs.flatMap((_, i) => {
    if (i % PROGRESS_EVERY === 0) options.onProgress?.(i, legs.length);
    return ok[i] ? [] : legCauses(ctx, i);
  });
  options.onProgress?.(legs.length, legs.length);
  const redact = causes.length ? explanationRedactor(har, views, { legs: explained }, fp) : (t: string) => t;
  return { legs: explained, causes: causes.map((c) => ({ ...c, evidence: redact(c.evidence) })) };
}

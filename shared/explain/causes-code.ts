import { jwkThumbprint } from '../dpop/thumbprint';
import { proofKey } from '../dpop/verify';
import { headerValue } from '../http';
import { codeChallenge, PKCE_METHODS, type PkceMethod } from '../oauth2/pkce';
import { issuingAuthorization } from './causes-authorization';
import { WEIGHT, type CauseList } from './candidates';
import { earliestEarlier, type ExplainContext } from './explain-context';
import { clientCredentials, seconds } from './facts';
import type { LegKey } from './leg-index';
import type { Leg } from './legs';
import { cannotTell, sameSecret } from './placeholder';

/** The age from which a code's age alone is suspect when the provider's lifetime is not known. */
const SUSPECT_CODE_AGE_S = 60;

const q = (v: string | undefined) => (v === undefined ? '(none)' : JSON.stringify(v));

const exchangedCode: LegKey = (l) => (l.kind === 'token' ? l.main.form.code : undefined);

/** RFC 6749 §4.1.2: a code is single-use. An earlier exchange of the same code, successful or not, is the evidence. */
function reused(ctx: ExplainContext, at: number, code: string, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const first = earliestEarlier(ctx, at, exchangedCode, code, (l) => sameSecret(l.main.form.code, code));
  if (first === undefined) return;
  const before = ctx.legs[first]!;
  const okBefore = ctx.answers[first]!.ok;
  list.add(
    'code_reused',
    okBefore ? WEIGHT.decisive : WEIGHT.strong,
    `entry ${before.main.index} already exchanged code ${ctx.fp(code)}${okBefore ? ' successfully' : ' (refused, but a server may spend the code on the first attempt)'}; entry ${leg.main.index} sends it again.`
  );
}

/** RFC 7636 §4.6: the verifier hashes to the challenge of the authorization request; §4.5: it is sent when a challenge was. */
function pkce(ctx: ExplainContext, leg: Leg, authorization: Leg, list: CauseList): void {
  const challenge = authorization.params.code_challenge;
  const method = authorization.params.code_challenge_method ?? 'plain';
  const verifier = leg.main.form.code_verifier;
  const a = authorization.paramsEntry;
  const t = leg.main.index;
  if (challenge !== undefined && verifier === undefined) {
    list.add(
      'pkce_missing',
      WEIGHT.decisive,
      `entry ${a} sent code_challenge ${q(challenge)}; the token request in entry ${t} has no code_verifier.`,
      'RFC 7636 §4.5'
    );
    return;
  }
  if (challenge === undefined && verifier !== undefined) {
    list.add(
      'pkce_missing',
      WEIGHT.strong,
      `entry ${t} sends a code_verifier but the authorization request in entry ${a} had no code_challenge; a server that checks for a PKCE downgrade refuses it.`,
      'RFC 9700 §4.8.2'
    );
    return;
  }
  if (challenge === undefined || verifier === undefined) return;
  if (!(PKCE_METHODS as readonly string[]).includes(method)) return;
  const computed = codeChallenge(verifier, method as PkceMethod, ctx.crypto);
  if (computed !== challenge)
    list.add(
      'pkce_verifier_mismatch',
      WEIGHT.decisive,
      `the code_verifier ${ctx.fp(verifier)} of entry ${t} gives the ${method} challenge ${q(computed)}; entry ${a} sent code_challenge ${q(challenge)}.`
    );
}

/** RFC 6749 §4.1.3: redirect_uri identical to the authorization request's; the code bound to its client. */
function binding(leg: Leg, authorization: Leg, list: CauseList): void {
  const a = { index: authorization.paramsEntry, query: authorization.params };
  const t = leg.main;
  const sent = a.query.redirect_uri;
  const again = t.form.redirect_uri;
  if (sent !== undefined && again !== sent)
    list.add(
      'redirect_uri_mismatch',
      WEIGHT.decisive,
      `entry ${a.index} (authorization request) sent redirect_uri ${q(sent)}; entry ${t.index} (token request) sent ${q(again)}. They must be identical.`
    );
  const client = clientCredentials(t).clientId;
  if (client !== null && a.query.client_id !== undefined && client !== a.query.client_id)
    list.add(
      'grant_for_another_client',
      WEIGHT.decisive,
      `the code was issued to client_id ${q(a.query.client_id)} (entry ${a.index}); entry ${t.index} exchanges it as ${q(client)}.`
    );
}

/**
 * RFC 9449 §10: a code asked for with dpop_jkt is exchanged only with a proof of that key. The token request's
 * proof is compared by its key's thumbprint (RFC 7638); a proof that does not decode is dpop_proof_invalid's.
 */
function dpopBinding(ctx: ExplainContext, leg: Leg, authorization: Leg, list: CauseList): void {
  const bound = authorization.params.dpop_jkt;
  if (bound === undefined) return;
  const a = authorization.paramsEntry;
  const t = leg.main.index;
  const proof = headerValue(leg.main.requestHeaders, 'dpop');
  if (proof === undefined) {
    list.add(
      'code_bound_to_another_dpop_key',
      WEIGHT.decisive,
      `entry ${a} bound the code to DPoP key ${bound} (dpop_jkt); the token request in entry ${t} carries no DPoP proof.`
    );
    return;
  }
  const key = proofKey(proof);
  const used = key ? jwkThumbprint(key.jwk, ctx.crypto) : null;
  if (used !== null && used !== bound)
    list.add(
      'code_bound_to_another_dpop_key',
      WEIGHT.decisive,
      `entry ${a} bound the code to DPoP key ${bound} (dpop_jkt); the proof of the token request in entry ${t} is signed with key ${used}.`
    );
}

/** Times are evidence, not proof: the code's age against the lifetime the user gave, or the suspect age. */
function age(ctx: ExplainContext, leg: Leg, authorization: Leg, list: CauseList): void {
  const cb = authorization.callback!;
  const ms = leg.main.sentAt - cb.at;
  if (!Number.isFinite(ms)) return;
  const lifetime = ctx.codeLifetimeSeconds;
  const old = `the code came back in entry ${cb.entry.index} and was redeemed in entry ${leg.main.index} ${seconds(ms)} later`;
  if (lifetime !== null) {
    if (ms >= lifetime * 1000)
      list.add(
        'code_expired',
        WEIGHT.strong,
        `${old}, past the provider's code lifetime of ${lifetime} s (--code-lifetime).`
      );
    return;
  }
  if (ms >= SUSPECT_CODE_AGE_S * 1000)
    list.add(
      'code_expired',
      WEIGHT.likely,
      `${old}; providers keep codes from 30 s to 10 minutes (RFC 6749 §4.1.2 recommends at most 10). The provider's lifetime is not in the file: give it with --code-lifetime S.`
    );
}

/** The causes of a refused authorization-code exchange that the recorded legs support. */
export function codeExchangeCauses(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const code = leg.main.form.code;
  if (code === undefined) {
    list.add('unknown', WEIGHT.weak, `entry ${leg.main.index} has grant_type=authorization_code but no code.`);
    return;
  }
  const placeholder = cannotTell(leg.main.index, 'code', code);
  if (placeholder) {
    list.add('unknown', WEIGHT.weak, placeholder);
    return;
  }
  reused(ctx, at, code, list);
  const authorization = issuingAuthorization(ctx, code);
  if (!authorization) {
    list.add(
      'unknown',
      WEIGHT.weak,
      `The authorization leg that issued code ${ctx.fp(code)} is not in the file: with it, redirect_uri, PKCE, the client and the code's age could be compared.`
    );
    return;
  }
  binding(leg, authorization, list);
  pkce(ctx, leg, authorization, list);
  dpopBinding(ctx, leg, authorization, list);
  age(ctx, leg, authorization, list);
}

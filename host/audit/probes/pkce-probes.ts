import { exchange, issuedTokens, obtainCode, requestCode, secretsOf } from './code-kit';
import type { ProbeContext } from './probe-context';
import { newPkce, ProbeSkip, reproduction, said, type ProbeOutcome } from './probe-kit';

/** RFC 9700 §2.1.1, RFC 7636 §4.4.1: a public client's authorization request without a code challenge. */
export async function pkceNotRequiredProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  if (ctx.client.clientSecret !== null)
    throw new ProbeSkip(
      'needs a public client (a --client-id without a secret): a confidential one may go without PKCE.'
    );
  const a = await requestCode(ctx, null);
  return {
    found: a.code !== null,
    evidence: [
      `authorization request of public client ${ctx.client.clientId} without code_challenge: ${a.code !== null ? 'a code was issued' : `refused with error ${JSON.stringify(a.error)}`}`,
    ],
    reproduce: reproduction(a.answer.request, []),
  };
}

/** RFC 9700 §2.1.1, RFC 7636 §4.2: code_challenge_method=plain. */
export async function pkcePlainProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await requestCode(ctx, 'plain');
  return {
    found: a.code !== null,
    evidence: [
      `authorization request with code_challenge_method=plain: ${a.code !== null ? 'a code was issued' : `refused with error ${JSON.stringify(a.error)}`}`,
    ],
    reproduce: reproduction(a.answer.request, []),
  };
}

/** RFC 7636 §4.6: a code asked for with S256, exchanged with another verifier. */
export async function pkceVerifierProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await obtainCode(ctx);
  const wrong = newPkce().verifier;
  const t = await exchange(ctx, a.code, wrong);
  return {
    found: issuedTokens(t),
    evidence: [`code asked for with an S256 challenge, exchanged with another code_verifier: ${said(t)}`],
    reproduce: reproduction(
      t.request,
      secretsOf(ctx, [
        [a.code, '<CODE>'],
        [wrong, '<WRONG_VERIFIER>'],
      ])
    ),
  };
}

/** RFC 9700 §2.1.1 (§4.8.2's downgrade): a code asked for with S256, exchanged without any verifier. */
export async function pkceDowngradeProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await obtainCode(ctx);
  const t = await exchange(ctx, a.code, null);
  return {
    found: issuedTokens(t),
    evidence: [`code asked for with an S256 challenge, exchanged without code_verifier: ${said(t)}`],
    reproduce: reproduction(t.request, secretsOf(ctx, [[a.code, '<CODE>']])),
  };
}

import { FORM_CONTENT_TYPE, formEncode } from '../../../shared/url-encoded';
import { isLoopbackHost } from '../../../shared/url';
import { exchange, issuedTokens, obtainCode, codeSecretsOf, secretsOf } from './code-kit';
import type { ProbeContext } from './probe-context';
import {
  answerOf,
  clientAuth,
  endpoint,
  ProbeSkip,
  reproduction,
  said,
  type ProbeOutcome,
  type TokenAnswer,
} from './probe-kit';

/** A code exchanged once, as it must be, or a skip saying why the probe cannot go on. */
async function exchangedOnce(ctx: ProbeContext) {
  const a = await obtainCode(ctx);
  const first = await exchange(ctx, a.code, a.verifier);
  if (!issuedTokens(first)) throw new ProbeSkip(`the first exchange of a fresh code failed: ${said(first)}.`);
  return { a, first, accessToken: first.json!.access_token as string };
}

/** RFC 6749 §4.1.2: a code is single-use. */
export async function codeReuseProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const { a } = await exchangedOnce(ctx);
  const second = await exchange(ctx, a.code, a.verifier);
  return {
    found: issuedTokens(second),
    evidence: [`a code exchanged once (tokens), then again: ${said(second)}`],
    reproduce: reproduction(second.request, codeSecretsOf(ctx, a)),
  };
}

/** RFC 7662 §2: whether a token is active, asked with the client's authentication. */
async function introspect(ctx: ProbeContext, token: string): Promise<TokenAnswer> {
  const auth = clientAuth(ctx, [['token', token]]);
  return answerOf(ctx, {
    method: 'POST',
    url: endpoint(ctx, 'introspection_endpoint'),
    headers: [['Content-Type', FORM_CONTENT_TYPE], ['Accept', 'application/json'], ...auth.headers],
    body: formEncode(auth.body),
  });
}

/** RFC 6749 §4.1.2: when a code is used twice, the tokens issued for it SHOULD be revoked (read by introspection). */
export async function codeReuseRevokeProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  endpoint(ctx, 'introspection_endpoint');
  const { a, accessToken } = await exchangedOnce(ctx);
  const second = await exchange(ctx, a.code, a.verifier);
  const check = await introspect(ctx, accessToken);
  if (check.response.status !== 200 || typeof check.json?.active !== 'boolean')
    throw new ProbeSkip(
      `introspection of the first access token answered ${said(check)}, not {"active": …} (RFC 7662 §2.2).`
    );
  return {
    found: check.json.active === true,
    evidence: [
      `a code exchanged once (tokens), then again (${said(second)}); the first access token then introspected: active ${String(check.json.active)}`,
    ],
    reproduce: reproduction(check.request, secretsOf(ctx, [[accessToken, '<ACCESS_TOKEN>']])),
  };
}

/** RFC 6749 §4.1.2: "A maximum authorization code lifetime of 10 minutes is RECOMMENDED". */
const TEN_MINUTES_AND_ONE = 601;

const mockClock = (ctx: ProbeContext, action: 'advance' | 'reset') =>
  ctx.sender.send({
    method: 'POST',
    url: `${ctx.issuer.replace(/\/+$/, '')}/_mock/clock/${action}`,
    headers: [['Content-Type', 'application/json']],
    body: JSON.stringify(action === 'advance' ? { seconds: TEN_MINUTES_AND_ONE } : {}),
  });

/**
 * RFC 6749 §4.1.2: a code older than 10 minutes is refused. The audit waits for no one; only the OAuth Lab mock's
 * clock (its admin API, tried on a loopback issuer alone) can be moved past 10 minutes, and is put back afterwards.
 */
export async function codeLongLivedProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const byHand =
    'get a code with oauth-lab flow oauth2 --headless, wait 10 minutes, then exchange it (the audit waits for no one).';
  if (!isLoopbackHost(new URL(ctx.issuer).hostname)) throw new ProbeSkip(`not decided here: ${byHand}`);
  const a = await obtainCode(ctx);
  const advanced = await mockClock(ctx, 'advance');
  if (advanced.status !== 200)
    throw new ProbeSkip(
      `the issuer has no OAuth Lab mock clock to move (POST /_mock/clock/advance: ${advanced.status}): ${byHand}`
    );
  try {
    const t = await exchange(ctx, a.code, a.verifier);
    return {
      found: issuedTokens(t),
      evidence: [`a code exchanged after the mock's clock was moved ${TEN_MINUTES_AND_ONE} s on: ${said(t)}`],
      reproduce: reproduction(t.request, codeSecretsOf(ctx, a)),
    };
  } finally {
    await mockClock(ctx, 'reset');
  }
}

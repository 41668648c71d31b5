import { FORM_CONTENT_TYPE, formEncode } from '../../../../shared/url-encoded';
import { exchange, issuedTokens, obtainCode, secretsOf } from './code-kit';
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
    reproduce: reproduction(
      second.request,
      secretsOf(ctx, [
        [a.code, '<CODE>'],
        [a.verifier, '<CODE_VERIFIER>'],
      ])
    ),
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

/**
 * RFC 6749 §4.1.2: a code lives at most 10 minutes. Deciding it means waiting that long, which the audit does not
 * do, and no issuer's clock can be moved from outside: always skipped, saying how to check it by hand.
 */
export async function codeLongLivedProbe(_ctx: ProbeContext): Promise<ProbeOutcome> {
  throw new ProbeSkip(
    'the audit does not wait 10 minutes for a code to age (RFC 6749 §4.1.2): get a code with oauth-lab flow oauth2 --headless, wait, then exchange it.'
  );
}

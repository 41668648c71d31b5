import { exchange, issuedTokens, obtainCode, requestCode, secretsOf } from './code-kit';
import type { ProbeContext } from './probe-context';
import { answerOf, endpoint, ProbeSkip, reproduction, said, tokenRequest, type ProbeOutcome } from './probe-kit';

/** Tokens from a fresh code, with these extra authorization parameters; a skip when none are issued. */
async function freshTokens(ctx: ProbeContext, extra: readonly (readonly [string, string])[] = []) {
  const a = extra.length ? await requestCode(ctx, 'S256', extra) : await obtainCode(ctx);
  if (a.code === null) throw new ProbeSkip(`the authorization request got no code: error ${JSON.stringify(a.error)}.`);
  const t = await exchange(ctx, a.code, a.verifier);
  if (!issuedTokens(t)) throw new ProbeSkip(`the exchange of a fresh code failed: ${said(t)}.`);
  return t.json!;
}

/** RFC 6750 §2.3, RFC 9700 §4.3.2: an access token in the URL query (read at UserInfo, which the metadata names). */
export async function bearerQueryProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const userinfo = endpoint(ctx, 'userinfo_endpoint');
  const tokens = await freshTokens(ctx, [['scope', 'openid']]);
  const at = tokens.access_token as string;
  const inHeader = await answerOf(ctx, { method: 'GET', url: userinfo, headers: [['Authorization', `Bearer ${at}`]] });
  if (inHeader.response.status !== 200)
    throw new ProbeSkip(`UserInfo refused the token in the Authorization header too (${said(inHeader)}).`);
  const url = `${userinfo}${userinfo.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(at)}`;
  const inQuery = await answerOf(ctx, { method: 'GET', url, headers: [] });
  return {
    found: inQuery.response.status === 200,
    evidence: [
      `UserInfo with the access token in the header: 200; in the access_token query parameter: ${said(inQuery)}`,
    ],
    reproduce: reproduction(inQuery.request, [[at, '<ACCESS_TOKEN>']]),
  };
}

const refresh = (ctx: ProbeContext, rt: string) =>
  tokenRequest(ctx, [
    ['grant_type', 'refresh_token'],
    ['refresh_token', rt],
  ]);

/** RFC 9700 §4.14.2: a refresh token replaced by rotation must not work again. */
export async function refreshReuseProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const tokens = await freshTokens(ctx);
  const first = tokens.refresh_token;
  if (typeof first !== 'string') throw new ProbeSkip('the token response has no refresh_token.');
  const rotated = await refresh(ctx, first);
  if (!issuedTokens(rotated)) throw new ProbeSkip(`the first refresh failed: ${said(rotated)}.`);
  const next = rotated.json!.refresh_token;
  if (typeof next !== 'string' || next === first)
    throw new ProbeSkip(
      'the server does not rotate refresh tokens (the same one, or none, came back), so none is rotated out.'
    );
  const again = await refresh(ctx, first);
  return {
    found: issuedTokens(again),
    evidence: [`a refresh token refreshed once (a new one issued), then used again: ${said(again)}`],
    reproduce: reproduction(again.request, secretsOf(ctx, [[first, '<REFRESH_TOKEN>']])),
  };
}

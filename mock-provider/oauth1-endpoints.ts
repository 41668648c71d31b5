import { SEED } from '../shared/seed';
import { ok, problemHandled, verifyContext, type Handled, type ProviderContext } from './context';
import { formReply, type ProviderRequest } from './http';
import { verifyOAuth1, type OAuth1Verdict } from './oauth1-verify';

/** OAuth 1.0a step one and step three (interface §4.1, RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1) and §2.3). */
const ASSUME_CONFIRMED =
  'oauth_callback_confirmed=true is sent as RFC 5849 §2.1 requires; the service lists only oauth_token, oauth_token_secret, oauth_expires_in (interface §2.1).';
const ASSUME_ERRORS =
  'Error bodies follow OAuth Problem Reporting with RFC 5849 §3.2 statuses; the service shows only 401 (interface §7).';

/** A refusal of verifyOAuth1; a 405 is HTTP's answer (RFC 9110 §15.5.6 (https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6)), not one of RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2)'s. */
function refusal(ctx: ProviderContext, endpoint: string, v: Extract<OAuth1Verdict, { ok: false }>): Handled {
  const handled = problemHandled(ctx, endpoint, v.report, v.signature, v.status, v.headers);
  return v.status === 405 ? handled : { ...handled, assumptions: [ASSUME_ERRORS] };
}

export function requestToken(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = SEED.endpoints.oauth1RequestToken.id;
  const v = verifyOAuth1(req, 'request_token', verifyContext(ctx));
  if (!v.ok) return refusal(ctx, endpoint, v);
  const now = ctx.clock.now();
  const ttl = ctx.settings.lifetimes.requestTokenTtl;
  const token = {
    token: ctx.state.newSecret(18, 'rt-'),
    secret: ctx.state.newSecret(24),
    consumerKey: v.consumer.key,
    callback: v.oauth.get('oauth_callback')!,
    issuedAt: now,
    expiresAt: now + ttl * 1000,
    status: 'issued' as const,
  };
  ctx.state.addRequestToken(token);
  const body: [string, string][] = [
    ['oauth_token', token.token],
    ['oauth_token_secret', token.secret],
    ['oauth_expires_in', String(ttl)],
    ['oauth_callback_confirmed', 'true'],
  ];
  return {
    endpoint,
    reply: formReply(200, body, [['X-OAuth-Lab-Assumption', 'oauth_callback_confirmed (RFC 5849 section 2.1)']]),
    verdict: ok(`Signature valid; issued request token ${token.token}, valid for ${ttl} s.`),
    signature: v.signature,
    assumptions: [ASSUME_CONFIRMED],
  };
}

export function accessToken(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = SEED.endpoints.oauth1AccessToken.id;
  const v = verifyOAuth1(req, 'access_token', verifyContext(ctx));
  if (!v.ok) return refusal(ctx, endpoint, v);
  const rt = v.requestToken!;
  rt.status = 'exchanged';
  const at = {
    token: ctx.state.newSecret(18, 'at-'),
    secret: ctx.state.newSecret(24),
    consumerKey: v.consumer.key,
    username: rt.username!,
    issuedAt: ctx.clock.now(),
    status: 'valid' as const,
  };
  ctx.state.addAccessToken(at);
  return {
    endpoint,
    reply: formReply(200, [
      ['oauth_token', at.token],
      ['oauth_token_secret', at.secret],
    ]),
    verdict: ok(
      `Signature and verifier valid; issued access token ${at.token} for user ${at.username} (no expiry, interface §2.2).`
    ),
    signature: v.signature,
  };
}

import { constantTimeEqual } from '../../../shared/oauth1';
import { SEED } from '../../../shared/seed';
import { ok, problemHandled, verifyContext, type Handled, type ProviderContext } from './context';
import { formReply, type ProviderRequest } from './http';
import { verifyOAuth1 } from './oauth1-verify';

/** OAuth 1.0a step one and step three (interface §4.1, RFC 5849 §2.1 and §2.3). */
const ASSUME_CONFIRMED = 'oauth_callback_confirmed=true is sent as RFC 5849 §2.1 requires; the service lists only oauth_token, oauth_token_secret, oauth_expires_in (interface §2.1).';
const ASSUME_ERRORS = 'Error bodies follow OAuth Problem Reporting with RFC 5849 §3.2 statuses; the service shows only 401 (interface §7).';

function methodNotAllowed(ctx: ProviderContext, endpoint: string, req: ProviderRequest): Handled {
  return problemHandled(ctx, endpoint, { problem: 'parameter_rejected', advice: `${req.method} is not accepted here; the service defines POST for this step (interface §4.1).` }, null, 405, [['Allow', 'POST']]);
}

export function requestToken(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = SEED.endpoints.oauth1RequestToken.id;
  if (req.method !== 'POST') return methodNotAllowed(ctx, endpoint, req);
  const v = verifyOAuth1(req, 'request_token', verifyContext(ctx));
  if (!v.ok) return { ...problemHandled(ctx, endpoint, v.report, v.signature, v.status), assumptions: [ASSUME_ERRORS] };
  const now = ctx.clock.now();
  const ttl = ctx.settings.lifetimes.requestTokenTtl;
  const token = { token: ctx.state.newSecret(18, 'rt-'), secret: ctx.state.newSecret(24), consumerKey: v.consumer.key, callback: v.oauth.get('oauth_callback')!, issuedAt: now, expiresAt: now + ttl * 1000, status: 'issued' as const };
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
  if (req.method !== 'POST') return methodNotAllowed(ctx, endpoint, req);
  const v = verifyOAuth1(req, 'access_token', verifyContext(ctx));
  if (!v.ok) return { ...problemHandled(ctx, endpoint, v.report, v.signature, v.status), assumptions: [ASSUME_ERRORS] };
  const rt = v.requestToken!;
  const fail = (problem: 'token_used' | 'token_expired' | 'token_rejected', advice: string) => problemHandled(ctx, endpoint, { problem, advice }, v.signature);
  if (rt.status === 'exchanged') return fail('token_used', 'This request token was already exchanged for an access token; a request token is single-use (RFC 5849 §2.3). Start again at step one.');
  if (ctx.state.isExpired(rt)) return fail('token_expired', `This request token expired at ${new Date(rt.expiresAt).toISOString()} (oauth_expires_in, interface §2.1). Start again at step one.`);
  if (rt.status === 'denied') return fail('token_rejected', 'The user denied access for this request token.');
  if (rt.status !== 'authorized' || rt.verifier === undefined) return fail('token_rejected', `The user has not authorized this request token yet; send the user to ${ctx.baseUrl()}${SEED.endpoints.oauth1Authorize.path}?oauth_token=${encodeURIComponent(rt.token)} first (RFC 5849 §2.2).`);
  if (!constantTimeEqual(rt.verifier, v.oauth.get('oauth_verifier')!)) return fail('token_rejected', 'oauth_verifier does not match the verifier given to the user for this request token (RFC 5849 §2.3). Send the oauth_verifier from the step-two redirect.');
  rt.status = 'exchanged';
  const at = { token: ctx.state.newSecret(18, 'at-'), secret: ctx.state.newSecret(24), consumerKey: v.consumer.key, username: rt.username!, issuedAt: ctx.clock.now(), status: 'valid' as const };
  ctx.state.addAccessToken(at);
  return {
    endpoint,
    reply: formReply(200, [['oauth_token', at.token], ['oauth_token_secret', at.secret]]),
    verdict: ok(`Signature and verifier valid; issued access token ${at.token} for user ${at.username} (no expiry, interface §2.2).`),
    signature: v.signature,
  };
}

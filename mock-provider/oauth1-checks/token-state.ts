import { constantTimeEqual } from '../../shared/oauth1';
import { SEED } from '../../shared/seed';
import { refuse, type Check } from './verification';

/**
 * Whether the leg's token may be used now. Run after the nonce is remembered, so a replayed request is refused as a
 * replay whatever became of its token since.
 */

/** RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3): a request token is exchanged once, before it expires (interface §2.1), after the user approved it (§2.2). */
export const requestTokenRedeemable: Check = (v) => {
  const rt = v.tokens().requestToken;
  if (v.endpoint !== 'access_token' || !rt) return null;
  if (rt.status === 'exchanged')
    return refuse({
      problem: 'token_used',
      advice:
        'This request token was already exchanged for an access token; a request token is single-use (RFC 5849 §2.3). Start again at step one.',
    });
  if (v.ctx.state.isExpired(rt))
    return refuse({
      problem: 'token_expired',
      advice: `This request token expired at ${new Date(rt.expiresAt).toISOString()} (oauth_expires_in, interface §2.1). Start again at step one.`,
    });
  if (rt.status === 'denied')
    return refuse({ problem: 'token_rejected', advice: 'The user denied access for this request token.' });
  if (rt.status !== 'authorized' || rt.verifier === undefined)
    return refuse({
      problem: 'token_rejected',
      advice: `The user has not authorized this request token yet; send the user to ${v.ctx.baseUrl()}${SEED.endpoints.oauth1Authorize.path}?oauth_token=${encodeURIComponent(rt.token)} first (RFC 5849 §2.2).`,
    });
  return null;
};

/** RFC 5849 §2.3: oauth_verifier is the one the user was given in step two, compared in constant time. */
export const verifierMatches: Check = (v) => {
  const rt = v.tokens().requestToken;
  if (
    v.endpoint !== 'access_token' ||
    rt?.verifier === undefined ||
    constantTimeEqual(rt.verifier, v.oauth.get('oauth_verifier')!)
  )
    return null;
  return refuse({
    problem: 'token_rejected',
    advice:
      'oauth_verifier does not match the verifier given to the user for this request token (RFC 5849 §2.3). Send the oauth_verifier from the step-two redirect.',
  });
};

/** Interface §3, §7: a deauthorized access token gets 401 at the API. */
export const accessTokenNotRevoked: Check = (v) => {
  const at = v.tokens().accessToken;
  if (v.endpoint !== 'resource' || at?.status !== 'deauthorized') return null;
  return refuse({
    problem: 'token_revoked',
    advice: `The user deauthorized this access token at ${new Date(at.deauthorizedAt ?? 0).toISOString()}; API requests with it get 401 (interface §3). Obtain a new one with the three legs.`,
  });
};

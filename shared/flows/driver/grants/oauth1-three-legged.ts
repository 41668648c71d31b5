import {
  authorizationOpened,
  buildAccessTokenRequest,
  buildApiRequest,
  buildAuthorizeUrl,
  buildRequestTokenRequest,
  defaultApiRequest,
  freshNonceAndTimestamp,
  interpretAccessToken,
  interpretApiResponse,
  interpretCallback,
  interpretRequestToken,
  startOAuth1,
  type OAuth1Config,
  type OAuth1Leg,
  type OAuth1State,
  type SigningContext,
} from '../../oauth1-flow';
import type { Grant } from '../grant';
import type { LegEffects } from '../host-port';

/** The protected resource the API leg calls when the profile names none: the service's own (interface §4.3). */
const DEFAULT_API_PATH = '/api/v1/me';

/** A fresh nonce and timestamp for each signed request (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)). */
const signing = ({ random, crypto, now }: LegEffects): SigningContext => ({
  ...freshNonceAndTimestamp(random, now()),
  crypto,
});

const method = (s: OAuth1State) => s.config.legMethod ?? 'POST';

/**
 * OAuth 1.0a's three legs (RFC 5849 §2 (https://www.rfc-editor.org/rfc/rfc5849#section-2), interface §4.1):
 * temporary credentials, the user's authorization in the browser, token credentials; then a signed API request
 * (RFC 5849 §3) is the user's to send.
 */
export const oauth1ThreeLeggedGrant: Grant<OAuth1State, OAuth1Config, OAuth1Leg> = {
  name: 'OAuth 1.0a three-legged',
  flow: 'oauth1',
  start: (config) => startOAuth1(config),
  first: 'requestToken',
  next: (leg) => (leg === 'requestToken' ? 'authorize' : leg === 'authorize' ? 'accessToken' : null),
  tokensObtained: (before, after) => {
    const t = after.accessToken;
    if (!t || t.token === before.accessToken?.token) return null;
    return { kind: 'oauth1', token: t.token, secret: t.secret, fields: t.fields ?? {} };
  },
  legs: {
    requestToken: {
      kind: 'send',
      title: (s) => `Step one: request token (${method(s)}, signed, oauth_callback)`,
      build: (s, fx) => buildRequestTokenRequest(s, signing(fx)).request,
      interpret: interpretRequestToken,
    },
    authorize: {
      kind: 'redirect',
      title: () => 'Step two: user authorization (browser)',
      url: (s) => buildAuthorizeUrl(s),
      expected: (s) => ({ kind: 'oauth1', requestToken: s.requestToken?.token ?? '' }),
      redirectUri: (s) => s.config.callback,
      opened: authorizationOpened,
      interpret: interpretCallback,
    },
    accessToken: {
      kind: 'send',
      title: (s) => `Step three: access token (${method(s)}, signed with the request token secret, oauth_verifier)`,
      build: (s, fx) => buildAccessTokenRequest(s, signing(fx)).request,
      interpret: interpretAccessToken,
    },
    api: {
      kind: 'send',
      title: () => 'Signed API request (RFC 5849 §3)',
      build: (s, fx) =>
        buildApiRequest(s, defaultApiRequest(s.config, s.config.paths?.api ?? DEFAULT_API_PATH), signing(fx)).request,
      interpret: (s, exchange) => interpretApiResponse(s, exchange),
    },
  },
};

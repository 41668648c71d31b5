import {
  authorizationOpened,
  buildBearerRequest,
  buildTokenExchange,
  callbackExpectation,
  interpretBearerResponse,
  interpretCallback,
  interpretTokenResponse,
  startOAuth2,
  type OAuth2Config,
  type OAuth2Leg,
  type OAuth2State,
} from '../../oauth2-flow';
import { withNonceCheck } from '../../token-nonce-check';
import type { Grant } from '../grant';
import { refreshLeg } from '../lifecycle-legs';
import { authorizationUrlOf, parLeg } from '../pushed-authorization-leg';

/** The grant's legs: the service's (OAuth2Leg) and the pushed authorization request before the browser's (RFC 9126). */
export type CodeGrantLeg = OAuth2Leg | 'par';

/** The bearer leg's resource when the profile names none: the service's own (interface §4.3). */
const DEFAULT_API_PATH = '/api/v2/me';

/**
 * The authorization code grant (RFC 6749 §4.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1), PKCE by
 * default): the request pushed first when the config names the endpoint (RFC 9126
 * (https://www.rfc-editor.org/rfc/rfc9126)), authorize in the browser, exchange the code; then the bearer call
 * (RFC 6750 §2.1) and the refresh (RFC 6749 §6) are the user's to send, as often as wanted.
 */
export const authorizationCodeGrant: Grant<OAuth2State, OAuth2Config, CodeGrantLeg> = {
  name: 'authorization code',
  flow: 'oauth2',
  start: startOAuth2,
  first: 'authorize',
  startsWith: (s) => (s.config.parEndpoint ? 'par' : 'authorize'),
  next: (leg) => (leg === 'par' ? 'authorize' : leg === 'authorize' ? 'token' : null),
  tokensObtained: (before, after) =>
    after.token && after.token !== before.token ? { kind: 'oauth2', token: after.token } : null,
  legs: {
    par: parLeg,
    authorize: {
      kind: 'redirect',
      title: (s) =>
        `Step one: authorization code (browser${s.pkce ? `, PKCE ${s.pkce.method}` : ''}${s.config.dpopJkt ? ', bound to the DPoP key by dpop_jkt, RFC 9449 §10' : ''})`,
      url: authorizationUrlOf,
      expected: (s) => ({ kind: 'oauth2', ...callbackExpectation(s) }),
      redirectUri: (s) => s.config.redirectUri,
      opened: authorizationOpened,
      interpret: interpretCallback,
    },
    token: {
      kind: 'send',
      title: () => 'Step two: exchange the code for an access token (POST)',
      build: buildTokenExchange,
      // The client's nonce check (OIDC Core §3.1.3.7 item 11) is part of the leg's verdict, so for the app and the
      // CLI alike tokens whose id_token the client refuses are neither kept (the driver saves on success) nor
      // recorded as a success.
      interpret: (s, exchange, now) => {
        const outcome = interpretTokenResponse(s, exchange, now, 'token');
        return withNonceCheck(outcome, 'token', outcome.state.token?.fields);
      },
    },
    api: {
      kind: 'send',
      title: () => 'Call the API with the access token (Bearer)',
      build: (s) => buildBearerRequest(s, { method: 'GET', path: s.config.paths?.api ?? DEFAULT_API_PATH }),
      interpret: interpretBearerResponse,
    },
    // A refresh also says whether the refresh token rotated (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)).
    refresh: refreshLeg,
  },
};

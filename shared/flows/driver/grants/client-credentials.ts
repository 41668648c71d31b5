import {
  buildClientCredentialsRequest,
  interpretClientCredentials,
  startClientCredentials,
  type ClientCredentialsConfig,
  type ClientCredentialsLeg,
  type ClientCredentialsState,
} from '../../client-credentials-flow';
import { buildBearerRequest, interpretBearerResponse } from '../../oauth2-flow';
import type { Grant } from '../grant';

/**
 * The client credentials grant (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)): one token
 * request with the client's own credentials; then the bearer call (RFC 6750 §2.1) is the user's to send. There is
 * no refresh token (§4.4.3): the token leg is sent again before the token expires.
 */
export const clientCredentialsGrant: Grant<ClientCredentialsState, ClientCredentialsConfig, ClientCredentialsLeg> = {
  name: 'client credentials',
  flow: 'oauth2',
  start: startClientCredentials,
  first: 'token',
  next: () => null,
  tokensObtained: (before, after) =>
    after.token && after.token !== before.token ? { kind: 'oauth2', token: after.token } : null,
  legs: {
    token: {
      kind: 'send',
      title: (s) => (s.token ? 'Ask again for a token (client credentials)' : 'Token request (client credentials)'),
      build: buildClientCredentialsRequest,
      interpret: interpretClientCredentials,
    },
    api: {
      kind: 'send',
      title: () => 'Call the API with the access token (Bearer)',
      build: (s) => buildBearerRequest(s, { method: 'GET', path: s.config.apiPath }),
      interpret: interpretBearerResponse,
    },
  },
};

import type { OAuth1Leg } from '../../../shared/flows/oauth1-flow';
import type { Arrow } from '../../components/SequenceDiagram';

export const OAUTH1_TITLES: Record<OAuth1Leg, string> = {
  requestToken: 'Request token',
  authorize: 'Authorize',
  accessToken: 'Access token',
  api: 'API request',
};

/** The OAuth 1.0a dance (interface §4.1) as the sequence diagram draws it. */
export const OAUTH1_ARROWS: readonly Arrow<OAuth1Leg>[] = [
  { from: 'app', to: 'provider', label: 'POST request_token (signed, oauth_callback)', leg: 'requestToken' },
  { from: 'provider', to: 'app', label: 'oauth_token, oauth_token_secret, oauth_expires_in', leg: 'requestToken' },
  { from: 'app', to: 'browser', label: 'open authorize?oauth_token=…', leg: 'authorize' },
  { from: 'browser', to: 'provider', label: 'user logs in and approves', leg: 'authorize' },
  { from: 'provider', to: 'catcher', label: 'redirect: oauth_token, oauth_verifier', leg: 'authorize' },
  { from: 'catcher', to: 'app', label: 'callback (oauth_token must match)', leg: 'authorize' },
  { from: 'app', to: 'provider', label: 'POST access_token (signed with request token secret)', leg: 'accessToken' },
  { from: 'provider', to: 'app', label: 'oauth_token, oauth_token_secret', leg: 'accessToken' },
  { from: 'app', to: 'provider', label: 'GET /api/v1/me (signed with access token)', leg: 'api' },
];

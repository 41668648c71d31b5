/**
 * The service's authorization interface (../shared/seed/authorization-interface.md) as data, so the mock
 * provider, the client flows and the UI read one source. Every entry says whether the service documents it or
 * whether it is assumed from an RFC where the interface says "not shown".
 */
export type Provenance =
  | { readonly kind: 'documented'; readonly where: string }
  | { readonly kind: 'assumed'; readonly rfc: string; readonly why: string };

const doc = (where: string): Provenance => ({ kind: 'documented', where });
const rfc = (section: string, why: string): Provenance => ({ kind: 'assumed', rfc: section, why });

export interface Field {
  readonly name: string;
  readonly type: 'string' | 'integer';
  readonly meaning: string;
  readonly provenance: Provenance;
}

export interface Endpoint {
  readonly id: 'oauth1.requestToken' | 'oauth1.authorize' | 'oauth1.accessToken' | 'oauth2.authorize' | 'oauth2.token';
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly title: string;
  readonly provenance: Provenance;
}

export const SEED = {
  versions: { oauth1: 'v1', oauth2: 'v2', oauthVersionParameter: '1.0', provenance: doc('§9') },
  endpoints: {
    oauth1RequestToken: {
      id: 'oauth1.requestToken',
      method: 'POST',
      path: '/oauth/v1/request_token',
      title: 'Step one: obtain a request token',
      provenance: doc('§4.1 step one'),
    },
    oauth1Authorize: {
      id: 'oauth1.authorize',
      method: 'GET',
      path: '/oauth/v1/authorize',
      title: 'Step two: user authorization',
      provenance: doc('§4.1 step two'),
    },
    oauth1AccessToken: {
      id: 'oauth1.accessToken',
      method: 'POST',
      path: '/oauth/v1/access_token',
      title: 'Step three: obtain an access token',
      provenance: doc('§4.1 step three'),
    },
    oauth2Authorize: {
      id: 'oauth2.authorize',
      method: 'GET',
      path: '/oauth/v2/authorize',
      title: 'Step one: authorization code',
      provenance: doc('§4.2 step one'),
    },
    oauth2Token: {
      id: 'oauth2.token',
      method: 'POST',
      path: '/oauth/v2/token',
      title: 'Step two: exchange the code for an access token',
      provenance: doc('§4.2 step two'),
    },
  } satisfies Record<string, Endpoint>,
  oauth1: {
    signatureMethod: { value: 'HMAC-SHA1', provenance: doc('§5.1') },
    parameterTransport: { value: 'Authorization header', provenance: doc('§5.1') },
    /** §5.1 lists oauth_callback for step one and step three. */
    callbackInStepThree: { value: true, provenance: doc('§5.1 table') },
    baseString: {
      value: 'RFC 5849 §3.4.1',
      provenance: rfc('RFC 5849 §3.4.1', 'Construction of the signature base string: not shown (§5.1).'),
    },
    signingKey: {
      value: 'consumer_secret&token_secret, each percent-encoded',
      provenance: rfc('RFC 5849 §3.4.2', 'Construction of the full signing key: not shown (§5.1).'),
    },
    callbackConfirmed: {
      value: 'oauth_callback_confirmed=true',
      provenance: rfc(
        'RFC 5849 §2.1',
        'The step-one response lists only oauth_token, oauth_token_secret, oauth_expires_in.'
      ),
    },
    requestTokenFields: [
      { name: 'oauth_token', type: 'string', meaning: 'Request token', provenance: doc('§2.1') },
      {
        name: 'oauth_token_secret',
        type: 'string',
        meaning: 'Request token secret, the TOKEN_SECRET when signing step three',
        provenance: doc('§2.1'),
      },
      {
        name: 'oauth_expires_in',
        type: 'integer',
        meaning: 'Lifetime of the request token in seconds',
        provenance: doc('§2.1'),
      },
    ] satisfies Field[],
    accessTokenFields: [
      {
        name: 'oauth_token',
        type: 'string',
        meaning: 'Access token, sent in the Authorization header of API requests',
        provenance: doc('§2.2'),
      },
      {
        name: 'oauth_token_secret',
        type: 'string',
        meaning: 'Access token secret, the TOKEN_SECRET when signing API requests',
        provenance: doc('§2.2'),
      },
    ] satisfies Field[],
    accessTokenExpiry: { value: 'never', provenance: doc('§2.2, §3, §8') },
    deauthorizedStatus: { value: 401, provenance: doc('§3, §7') },
    errorBody: {
      value: 'oauth_problem form body (OAuth Problem Reporting)',
      provenance: rfc('RFC 5849 §3.2', 'Error body shape: not shown (§7).'),
    },
  },
  oauth2: {
    /** The service sends grant_type on the authorization request too (§4.2 step one, "sent"). */
    authorizeSendsGrantType: { value: true, provenance: doc('§4.2 step one') },
    authorizeParams: ['client_id', 'grant_type', 'redirect_uri', 'response_type', 'state'],
    tokenParams: ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'],
    tokenFields: [
      { name: 'access_token', type: 'string', meaning: 'Bearer access token', provenance: doc('§2.4') },
      {
        name: 'expires_in',
        type: 'integer',
        meaning: 'Lifetime of the access token in seconds',
        provenance: doc('§2.4'),
      },
      { name: 'token_type', type: 'string', meaning: 'The value is bearer', provenance: doc('§2.4') },
      { name: 'scope', type: 'string', meaning: 'Granted scope; may be an empty string', provenance: doc('§2.4') },
      { name: 'refresh_token', type: 'string', meaning: 'Refresh token', provenance: doc('§2.4') },
    ] satisfies Field[],
    tokenBodyContentType: {
      value: 'application/x-www-form-urlencoded',
      provenance: rfc('RFC 6749 §4.1.3', 'Content type of the POST bodies: not shown (§4.2).'),
    },
    clientAuthentication: {
      value: 'client_secret in the body (documented); HTTP Basic also accepted',
      provenance: rfc(
        'RFC 6749 §2.3.1',
        "The service lists client_secret as a body parameter; Basic is the RFC's other form."
      ),
    },
    refreshGrant: {
      value: 'grant_type=refresh_token',
      provenance: rfc('RFC 6749 §6', 'The operation that uses the refresh_token: not shown (§5.2).'),
    },
    pkce: {
      value: 'S256 or plain, verified when a challenge was sent',
      provenance: rfc('RFC 7636 §4', 'Not in the interface; RFC 9700 §2.1.1 recommends it for every client.'),
    },
    errorBody: {
      value: '{"error","error_description"} JSON',
      provenance: rfc('RFC 6749 §5.2', 'OAuth 2 error responses: not shown (§7).'),
    },
    codeMustBeExchangedImmediately: { value: true, provenance: doc('§4.2 step two, §8') },
  },
} as const;

/** Lifetimes of the mock provider, in seconds. The service gives no numbers, so these are ours (and configurable). */
export const DEFAULT_LIFETIMES = {
  requestTokenTtl: 600,
  /** RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2): "A maximum authorization code lifetime of 10 minutes is RECOMMENDED"; "immediately" (§8) is shorter. */
  codeTtl: 60,
  accessTokenTtl: 3600,
} as const;

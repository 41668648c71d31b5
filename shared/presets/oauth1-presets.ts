import type { Preset } from './preset';

/** OAuth 1.0a providers, each as its documentation describes the three legs (RFC 5849 §2 (https://www.rfc-editor.org/rfc/rfc5849#section-2)). */
export const OAUTH1_PRESETS: readonly Preset[] = [
  {
    id: 'x',
    name: 'X (Twitter) OAuth 1.0a',
    protocol: 'oauth1',
    docs: [
      'https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/obtaining-user-access-tokens',
      'https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/authorizing-a-request',
    ],
    note: 'Turn on OAuth 1.0a in the app settings and add the callback URL. Requests are POSTed and signed with HMAC-SHA1 in the Authorization header.',
    profile: {
      baseUrl: 'https://api.x.com',
      oauth1: {
        requestTokenPath: '/oauth/request_token',
        authorizePath: '/oauth/authorize',
        accessTokenPath: '/oauth/access_token',
        apiPath: '/1.1/account/verify_credentials.json',
        signatureMethod: 'HMAC-SHA1',
        placement: 'header',
      },
    },
  },
  {
    id: 'flickr',
    name: 'Flickr',
    protocol: 'oauth1',
    docs: ['https://www.flickr.com/services/api/auth.oauth.html'],
    note: 'The documentation signs GET requests with the parameters in the query string; perms=read on the authorize URL asks for read access.',
    profile: {
      baseUrl: 'https://www.flickr.com',
      oauth1: {
        requestTokenPath: '/services/oauth/request_token',
        authorizePath: '/services/oauth/authorize?perms=read',
        accessTokenPath: '/services/oauth/access_token',
        apiPath: '/services/rest?method=flickr.test.login&format=json&nojsoncallback=1',
        legMethod: 'GET',
        placement: 'query',
      },
    },
  },
  {
    id: 'trello',
    name: 'Trello',
    protocol: 'oauth1',
    docs: ['https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/#using-basic-oauth'],
    note: 'Use the Power-Up API key and secret. name, scope and expiration on the authorize URL say what the user grants.',
    profile: {
      baseUrl: 'https://trello.com',
      oauth1: {
        requestTokenPath: '/1/OAuthGetRequestToken',
        authorizePath: '/1/OAuthAuthorizeToken?name=OAuth%20Lab&scope=read&expiration=1day',
        accessTokenPath: '/1/OAuthGetAccessToken',
        apiPath: 'https://api.trello.com/1/members/me',
      },
    },
  },
];

import type { Preset } from './preset';

/**
 * OAuth 2 providers, each as its documentation describes the authorization code grant. A query on an authorize
 * path carries the provider's own parameters (kept, RFC 6749 §3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1)); endpoints on other hosts are full URLs.
 */
export const OAUTH2_PRESETS: readonly Preset[] = [
  {
    id: 'github',
    name: 'GitHub',
    protocol: 'oauth2',
    docs: ['https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps'],
    note: 'Register an OAuth app with the callback URL below. The token endpoint answers a form body unless asked for JSON, hence Accept: application/json; the REST API refuses requests without a User-Agent.',
    profile: {
      baseUrl: 'https://github.com',
      headers: [['Accept', 'application/json']],
      oauth2: {
        authorizePath: '/login/oauth/authorize',
        tokenPath: '/login/oauth/access_token',
        apiPath: 'https://api.github.com/user',
        scope: 'read:user',
      },
    },
  },
  {
    id: 'google',
    name: 'Google',
    protocol: 'oauth2',
    docs: [
      'https://developers.google.com/identity/protocols/oauth2/web-server',
      'https://developers.google.com/identity/protocols/oauth2/native-app',
    ],
    note: 'Create an OAuth client ID (Desktop app accepts any loopback port). access_type=offline asks for a refresh token, and prompt=consent makes Google send it again on a later authorization.',
    profile: {
      baseUrl: 'https://accounts.google.com',
      oauth2: {
        authorizePath: '/o/oauth2/v2/auth?access_type=offline&prompt=consent',
        tokenPath: 'https://oauth2.googleapis.com/token',
        apiPath: 'https://openidconnect.googleapis.com/v1/userinfo',
        scope: 'openid email profile',
      },
    },
  },
  {
    id: 'microsoft',
    name: 'Microsoft identity platform',
    protocol: 'oauth2',
    docs: ['https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow'],
    note: 'Register an application; replace "common" with your tenant when the app is single-tenant. offline_access in the scope returns a refresh token.',
    profile: {
      baseUrl: 'https://login.microsoftonline.com',
      oauth2: {
        authorizePath: '/common/oauth2/v2.0/authorize',
        tokenPath: '/common/oauth2/v2.0/token',
        apiPath: 'https://graph.microsoft.com/v1.0/me',
        scope: 'openid profile offline_access User.Read',
      },
    },
  },
  {
    id: 'slack',
    name: 'Slack',
    protocol: 'oauth2',
    docs: ['https://api.slack.com/authentication/oauth-v2', 'https://api.slack.com/methods/oauth.v2.access'],
    note: 'Slack requires an https redirect URL: register one and paste the URL you land on. user_scope asks for a user token, which Slack returns under authed_user.',
    profile: {
      baseUrl: 'https://slack.com',
      oauth2: {
        authorizePath: '/oauth/v2/authorize?user_scope=identity.basic',
        tokenPath: '/api/oauth.v2.access',
        apiPath: '/api/auth.test',
        scope: '',
        pkce: 'off',
      },
    },
  },
  {
    id: 'reddit',
    name: 'Reddit',
    protocol: 'oauth2',
    docs: ['https://github.com/reddit-archive/reddit/wiki/OAuth2', 'https://github.com/reddit-archive/reddit/wiki/API'],
    note: 'Create a web app. The token request authenticates with HTTP Basic; every request needs a unique, descriptive User-Agent (<platform>:<app ID>:<version> (by /u/<username>)): put your own in. duration=permanent returns a refresh token.',
    profile: {
      baseUrl: 'https://www.reddit.com',
      headers: [['User-Agent', 'desktop:oauth-lab:0.1.0 (by /u/YOUR_USERNAME)']],
      oauth2: {
        authorizePath: '/api/v1/authorize?duration=permanent',
        tokenPath: '/api/v1/access_token',
        apiPath: 'https://oauth.reddit.com/api/v1/me',
        scope: 'identity',
        clientAuthentication: 'basic',
        pkce: 'off',
      },
    },
  },
  {
    id: 'dropbox',
    name: 'Dropbox',
    protocol: 'oauth2',
    docs: [
      'https://developers.dropbox.com/oauth-guide',
      'https://www.dropbox.com/developers/documentation/http/documentation#oauth2-authorize',
    ],
    note: 'Create an app and add the redirect URI. token_access_type=offline returns a refresh token; the API is on api.dropboxapi.com, mostly by POST.',
    profile: {
      baseUrl: 'https://www.dropbox.com',
      oauth2: {
        authorizePath: '/oauth2/authorize?token_access_type=offline',
        tokenPath: 'https://api.dropboxapi.com/oauth2/token',
        apiPath: 'https://api.dropboxapi.com/2/users/get_current_account',
      },
    },
  },
  {
    id: 'spotify',
    name: 'Spotify',
    protocol: 'oauth2',
    docs: [
      'https://developer.spotify.com/documentation/web-api/tutorials/code-flow',
      'https://developer.spotify.com/documentation/web-api/concepts/redirect_uri',
    ],
    note: 'Create an app; a loopback redirect URI must use 127.0.0.1, not localhost. The token request authenticates with HTTP Basic.',
    profile: {
      baseUrl: 'https://accounts.spotify.com',
      oauth2: {
        authorizePath: '/authorize',
        tokenPath: '/api/token',
        apiPath: 'https://api.spotify.com/v1/me',
        scope: 'user-read-email',
        clientAuthentication: 'basic',
      },
    },
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    protocol: 'oauth2',
    docs: [
      'https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow',
      'https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2',
    ],
    note: 'Add "Sign In with LinkedIn using OpenID Connect" to the app and register the redirect URL. The client secret goes in the body.',
    profile: {
      baseUrl: 'https://www.linkedin.com',
      oauth2: {
        authorizePath: '/oauth/v2/authorization',
        tokenPath: '/oauth/v2/accessToken',
        apiPath: 'https://api.linkedin.com/v2/userinfo',
        scope: 'openid profile email',
        pkce: 'off',
      },
    },
  },
];

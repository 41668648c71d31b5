import type { Preset } from './preset';

/**
 * Machine-to-machine setups: client credentials (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)) and device authorization (RFC 8628 (https://www.rfc-editor.org/rfc/rfc8628)), each as its
 * provider documents it. Tenant-specific hosts and paths are examples the note tells the user to replace.
 */
export const MACHINE_PRESETS: readonly Preset[] = [
  {
    id: 'entra-client-credentials',
    name: 'Microsoft Entra (client credentials)',
    protocol: 'oauth2',
    docs: [
      'https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow',
      'https://learn.microsoft.com/en-us/entra/identity-platform/certificate-credentials',
    ],
    note: 'Replace your-tenant-id with your tenant ID or domain, and grant the app its application permissions (admin consent). The scope is the resource followed by /.default; a certificate instead of the secret signs a PS256 assertion naming it by its x5t#S256 thumbprint.',
    profile: {
      baseUrl: 'https://login.microsoftonline.com',
      oauth2: {
        tokenPath: '/your-tenant-id/oauth2/v2.0/token',
        apiPath: 'https://graph.microsoft.com/v1.0/organization',
        scope: 'https://graph.microsoft.com/.default',
        clientAuthentication: 'body',
      },
    },
    machine: { grant: 'client_credentials', privateKeyJwt: { alg: 'PS256', keyHeader: 'x5t#S256' } },
  },
  {
    id: 'okta-client-credentials',
    name: 'Okta (client credentials)',
    protocol: 'oauth2',
    docs: [
      'https://developer.okta.com/docs/guides/implement-grant-type/clientcreds/main/',
      'https://developer.okta.com/docs/guides/implement-oauth-for-okta-serviceapp/main/',
    ],
    note: 'Replace your-org.okta.com with your Okta domain and your_custom_scope with a scope you created on the custom authorization server (default here); Okta requires at least one. An API Services app may use a public key (private_key_jwt) instead of the secret.',
    profile: {
      baseUrl: 'https://your-org.okta.com',
      oauth2: {
        tokenPath: '/oauth2/default/v1/token',
        scope: 'your_custom_scope',
        clientAuthentication: 'basic',
        introspectionEndpoint: '/oauth2/default/v1/introspect',
      },
    },
    machine: { grant: 'client_credentials', privateKeyJwt: { alg: 'RS256', keyHeader: 'kid' } },
  },
  {
    id: 'auth0-client-credentials',
    name: 'Auth0 (client credentials)',
    protocol: 'oauth2',
    docs: [
      'https://auth0.com/docs/get-started/authentication-and-authorization-flow/client-credentials-flow/call-your-api-using-the-client-credentials-flow',
    ],
    note: 'Replace your-tenant.us.auth0.com with your Auth0 domain and the audience with your API\u2019s Identifier; authorize the Machine to Machine application for that API first.',
    profile: {
      baseUrl: 'https://your-tenant.us.auth0.com',
      oauth2: {
        tokenPath: '/oauth/token',
        apiPath: 'https://api.example.com/',
        clientAuthentication: 'body',
        tokenParams: [['audience', 'https://api.example.com/']],
      },
    },
    machine: { grant: 'client_credentials' },
  },
  {
    id: 'github-device',
    name: 'GitHub (device flow)',
    protocol: 'oauth2',
    docs: ['https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#device-flow'],
    note: 'Enable Device Flow in the OAuth app\u2019s settings. No client secret is sent; both endpoints answer a form body unless asked for JSON, hence Accept: application/json, and the polling errors come with status 200.',
    profile: {
      baseUrl: 'https://github.com',
      headers: [['Accept', 'application/json']],
      oauth2: {
        tokenPath: '/login/oauth/access_token',
        apiPath: 'https://api.github.com/user',
        scope: 'read:user',
        clientAuthentication: 'none',
        pkce: 'off',
      },
    },
    machine: { grant: 'device_code', deviceAuthorizationPath: '/login/device/code' },
  },
];

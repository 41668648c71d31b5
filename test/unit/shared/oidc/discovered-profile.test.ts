import { describe, expect, it } from 'vitest';
import { checkDiscoveryDocument, discoveredPreset, suggestedScope, type Discovered } from '../../../../shared/oidc';
import { profileSchema } from '../../../../shared/store/profile';
import { presetProfileInput } from '../../../../shared/presets';

const ISSUER = 'https://id.example.com/tenant';
const doc = (over: Record<string, unknown> = {}) => ({
  issuer: ISSUER,
  authorization_endpoint: 'https://id.example.com/tenant/authorize',
  token_endpoint: 'https://tokens.example.com/token',
  userinfo_endpoint: 'https://id.example.com/tenant/userinfo',
  jwks_uri: 'https://id.example.com/tenant/jwks',
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  ...over,
});
const discovered = (document: Record<string, unknown>): Discovered => ({
  ...checkDiscoveryDocument(document, ISSUER, 'openid-configuration', `${ISSUER}/.well-known/openid-configuration`),
  document,
  redirects: [],
  tried: [],
});

describe('a profile from discovery', () => {
  it('takes the issuer as base URL, the endpoints as full URLs, UserInfo as the API, PKCE S256; the schema accepts it', () => {
    const preset = discoveredPreset(
      discovered(doc({ scopes_supported: ['openid', 'email', 'profile', 'offline_access'] }))
    )!;
    const profile = profileSchema.parse(presetProfileInput(preset, 'p-1', preset.name));
    expect(profile).toMatchObject({
      baseUrl: ISSUER,
      oauth2: {
        authorizePath: 'https://id.example.com/tenant/authorize',
        tokenPath: 'https://tokens.example.com/token',
        apiPath: 'https://id.example.com/tenant/userinfo',
        scope: 'openid email profile',
        pkce: 'S256',
        clientAuthentication: 'basic',
      },
    });
    expect(preset.docs).toEqual([`${ISSUER}/.well-known/openid-configuration`]);
  });

  it('suggests openid alone when scopes_supported is absent or lists neither email nor profile', () => {
    expect(suggestedScope(doc())).toBe('openid');
    expect(suggestedScope(doc({ scopes_supported: ['openid', 'read'] }))).toBe('openid');
    expect(suggestedScope(doc({ scopes_supported: 'email profile' }))).toBe('openid');
  });

  it('chooses the client authentication the token endpoint lists (client_secret_basic by default)', () => {
    const auth = (methods?: string[]) =>
      discoveredPreset(discovered(doc(methods ? { token_endpoint_auth_methods_supported: methods } : {})))!.profile
        .oauth2!.clientAuthentication;
    expect(auth()).toBe('basic');
    expect(auth(['client_secret_post'])).toBe('body');
    expect(auth(['private_key_jwt', 'none'])).toBe('none');
  });

  it('keeps the device endpoint (RFC 8628 §4) and whether the redirect must carry iss (RFC 9207 §3)', () => {
    const oauth2 = (over: Record<string, unknown>) => discoveredPreset(discovered(doc(over)))!.profile.oauth2!;
    const advertised = oauth2({
      device_authorization_endpoint: `${ISSUER}/device`,
      authorization_response_iss_parameter_supported: true,
    });
    expect(advertised).toMatchObject({ deviceAuthorizationEndpoint: `${ISSUER}/device`, issRequired: true });
    expect(oauth2({}).issRequired).toBeUndefined();
  });

  it('gives nothing to fill when the document has no token endpoint', () => {
    expect(discoveredPreset(discovered(doc({ token_endpoint: undefined })))).toBeNull();
  });
});

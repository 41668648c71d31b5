import { describe, expect, it } from 'vitest';
import type { DiscoveredEndpoints } from '../../../../shared/oidc/discovery';
import {
  endpointSourceWords,
  profileEndpoints,
  tokenEndpointAtMtlsAlias,
  userInfoEndpoint,
} from '../../../../shared/oidc/profile-endpoints';
import { profileSchema } from '../../../../shared/store/profile';

/**
 * One resolution for the endpoints beyond the grant's: the profile's field, else the metadata, else a preset for the
 * base URL, else (the device authorization endpoint) the service's default path; each with where it came from.
 */
const profile = (baseUrl: string, oauth2: Record<string, string> = {}, followsMock = false) =>
  profileSchema.parse({ id: 'p', name: 'P', baseUrl, oauth2, followsMock });

const metadata = (issuer: string, members: Partial<DiscoveredEndpoints>): DiscoveredEndpoints => ({
  issuer,
  authorization: null,
  token: null,
  userinfo: null,
  jwks: null,
  revocation: null,
  introspection: null,
  idTokenAlgs: null,
  ...members,
});

describe('the device authorization endpoint (RFC 8628 §3.1)', () => {
  const base = 'https://op.example';

  it("the profile's field wins over the metadata's, a path taken under the base URL", () => {
    const chosen = profileEndpoints(
      profile(base, { deviceAuthorizationEndpoint: '/my/device' }),
      base,
      metadata(base, { deviceAuthorization: `${base}/device/auth` })
    ).deviceAuthorization;
    expect(chosen).toEqual({ url: `${base}/my/device`, source: 'profile' });
    expect(endpointSourceWords(chosen)).toBe('the profile');
  });

  it("the metadata's device_authorization_endpoint (RFC 8628 §4) when the profile names none", () => {
    const chosen = profileEndpoints(
      profile(base),
      base,
      metadata(base, { deviceAuthorization: `${base}/device/auth` })
    ).deviceAuthorization;
    expect(chosen.url).toBe(`${base}/device/auth`);
    expect(endpointSourceWords(chosen)).toBe(`the metadata of ${base}`);
  });

  it("GitHub's device preset's path for a profile at https://github.com (GitHub publishes no metadata)", () => {
    const chosen = profileEndpoints(profile('https://github.com/'), 'https://github.com/', null).deviceAuthorization;
    expect(chosen.url).toBe('https://github.com/login/device/code');
    expect(endpointSourceWords(chosen)).toBe('the GitHub (device flow) preset');
  });

  it("the service's default path last", () => {
    const chosen = profileEndpoints(profile(base), base, metadata(base, {})).deviceAuthorization;
    expect(chosen).toEqual({ url: `${base}/oidc/device_authorization`, source: 'default' });
    expect(endpointSourceWords(chosen)).toBe("the service's default path");
  });
});

describe('revocation and introspection', () => {
  const base = 'https://op.example';

  it("typed in the profile: the profile's, with no discovery, and credited to the profile", () => {
    const chosen = profileEndpoints(
      profile(base, { revocationEndpoint: '/revoke', introspectionEndpoint: 'https://other.example/introspect' }),
      base,
      null
    );
    expect(chosen.revocation).toEqual({ url: `${base}/revoke`, source: 'profile' });
    expect(chosen.introspection).toEqual({ url: 'https://other.example/introspect', source: 'profile' });
  });

  it('none named anywhere: none (there is no default for these)', () => {
    const chosen = profileEndpoints(profile(base), base, metadata(base, { revocation: `${base}/r` }));
    expect(chosen.revocation).toEqual({ url: `${base}/r`, source: 'discovery', from: base });
    expect(chosen.introspection).toBeNull();
  });
});

describe('a client that authenticates by certificate (RFC 8705 §5)', () => {
  const base = 'https://op.example';
  const mtls = 'https://mtls.op.example';
  const withAliases = metadata(base, {
    revocation: `${base}/revoke`,
    introspection: `${base}/introspect`,
    deviceAuthorization: `${base}/device`,
    mtlsAliases: {
      token: `${mtls}/token`,
      revocation: `${mtls}/revoke`,
      introspection: null,
      deviceAuthorization: `${mtls}/device`,
      userinfo: `${mtls}/userinfo`,
    },
    userinfo: `${base}/userinfo`,
  });

  it("reads the metadata's mtls_endpoint_aliases first, the plain endpoint where it names no alias", () => {
    const chosen = profileEndpoints(profile(base, { clientAuthentication: 'tls_client_auth' }), base, withAliases);
    expect(chosen.revocation).toEqual({ url: `${mtls}/revoke`, source: 'mtls-alias', from: base });
    expect(chosen.deviceAuthorization.url).toBe(`${mtls}/device`);
    expect(chosen.introspection).toEqual({ url: `${base}/introspect`, source: 'discovery', from: base });
    expect(endpointSourceWords(chosen.revocation!)).toBe(
      `the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${base}`
    );
  });

  it('another client keeps the plain endpoints; the profile still wins over an alias', () => {
    expect(profileEndpoints(profile(base), base, withAliases).revocation?.url).toBe(`${base}/revoke`);
    const typed = profile(base, { clientAuthentication: 'self_signed_tls_client_auth', revocationEndpoint: '/r' });
    expect(profileEndpoints(typed, base, withAliases).revocation).toEqual({ url: `${base}/r`, source: 'profile' });
  });

  it("a typed endpoint that is the metadata's plain one goes to its alias, where the certificate is asked for", () => {
    const typed = profile(base, { clientAuthentication: 'tls_client_auth', revocationEndpoint: '/revoke' });
    expect(profileEndpoints(typed, base, withAliases).revocation).toEqual({
      url: `${mtls}/revoke`,
      source: 'mtls-alias',
      from: base,
    });
    const other = profile(base, { revocationEndpoint: '/revoke' });
    expect(profileEndpoints(other, base, withAliases).revocation).toEqual({ url: `${base}/revoke`, source: 'profile' });
  });

  it("the token endpoint: the metadata's plain one goes to its alias; any other stays (null)", () => {
    const plain = { ...withAliases, token: `${base}/token` };
    expect(tokenEndpointAtMtlsAlias(`${base}/token`, plain)).toEqual({
      url: `${mtls}/token`,
      source: 'mtls-alias',
      from: base,
    });
    expect(tokenEndpointAtMtlsAlias(`${base}/elsewhere`, plain)).toBeNull();
    expect(tokenEndpointAtMtlsAlias(`${base}/token`, { ...plain, mtlsAliases: null })).toBeNull();
    expect(tokenEndpointAtMtlsAlias(`${base}/token`, null)).toBeNull();
  });

  it("UserInfo: a certificate client's is the alias (its bound token is accepted there), another's the plain one", () => {
    expect(userInfoEndpoint(withAliases, 'tls_client_auth')).toBe(`${mtls}/userinfo`);
    expect(userInfoEndpoint(withAliases, 'basic')).toBe(`${base}/userinfo`);
    expect(userInfoEndpoint(withAliases, null)).toBe(`${base}/userinfo`);
  });

  it("a profile that follows the mock: typed paths under the mock's mutual-TLS port, the JWKS on the plain one", () => {
    const mock = 'http://127.0.0.1:4000';
    const mockMtls = 'https://127.0.0.1:4001';
    const typed = profile(
      '',
      {
        clientAuthentication: 'tls_client_auth',
        revocationEndpoint: '/oauth/v2/revoke',
        introspectionEndpoint: '/oauth/v2/introspect',
        deviceAuthorizationEndpoint: '/oidc/device_authorization',
        jwksUri: '/oidc/jwks',
      },
      true
    );
    const chosen = profileEndpoints(typed, mock, null, mockMtls);
    expect(chosen.revocation?.url).toBe(`${mockMtls}/oauth/v2/revoke`);
    expect(chosen.introspection?.url).toBe(`${mockMtls}/oauth/v2/introspect`);
    expect(chosen.deviceAuthorization.url).toBe(`${mockMtls}/oidc/device_authorization`);
    expect(chosen.jwks?.url).toBe(`${mock}/oidc/jwks`);
    // Not following the mock, or not by certificate: the base URL as before.
    expect(profileEndpoints({ ...typed, followsMock: false }, mock, null, mockMtls).revocation?.url).toBe(
      `${mock}/oauth/v2/revoke`
    );
  });
});

import type { MachineClient } from '../../../shared/flows/client-credentials-flow';
import { profileTokenUrl, tokenAtMockMtls } from '../../../shared/flows/profile-config';
import { discoveryLeg } from '../../../shared/flows/driver/openid-legs';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { endpointSourceWords, profileEndpoints } from '../../../shared/oidc/profile-endpoints';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import type { TokenEndpointGrant } from '../../../shared/flows/driver/token-endpoint-grant';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { mockMtlsBaseUrlFor } from '../mock-mtls';
import { createGrantStore } from './grant-store';

/**
 * A machine client from the profile's OAuth 2 settings, at the base URL the flow starts at; its token endpoint the
 * running mock's mutual-TLS alias for a certificate client that follows the mock (profileTokenUrl).
 */
const machineClientOf = (p: Profile, baseUrl: string, mockMtlsBaseUrl: string | null): MachineClient => ({
  baseUrl,
  tokenUrl: profileTokenUrl(p, baseUrl, mockMtlsBaseUrl),
  clientId: p.oauth2.clientId,
  clientSecret: p.oauth2.clientSecret,
  authentication: p.oauth2.clientAuthentication,
  apiPath: p.oauth2.apiPath,
  headers: p.headers,
});

/**
 * The configuration `build` makes with the running mock's mutual-TLS base URL, asked of the host only when the
 * profile's token endpoint is there (tokenAtMockMtls); otherwise made at once, as the page's tests take it.
 */
const withMockMtls = <C>(
  deps: RendererDeps,
  p: Profile,
  build: (mtls: string | null) => C | Promise<C>
): C | Promise<C> => (tokenAtMockMtls(p) ? mockMtlsBaseUrlFor(deps.bridge, p).then(build) : build(null));

/** The client credentials page's store: the profile's scope to start with; resources and audience typed on the page. */
export const createClientCredentialsStore = (deps: RendererDeps) =>
  createGrantStore(deps, CLIENT_GRANTS.client_credentials, (p, baseUrl) =>
    withMockMtls(deps, p, (mtls) => ({
      ...machineClientOf(p, baseUrl, mtls),
      scope: p.oauth2.scope || null,
      resources: [],
      audience: null,
    }))
  );

/**
 * The device authorization endpoint (RFC 8628 §3.1) by the one resolution (profileEndpoints): the profile's, else
 * the metadata's device_authorization_endpoint (RFC 8628 §4; the issuer discovered first, unless the profile names
 * the endpoint), else a preset's for the base URL, else the service's default path; with where it came from.
 */
async function deviceEndpointOf(p: Profile, baseUrl: string, port: FlowHostPort, mockMtlsBaseUrl: string | null) {
  const discovered = p.oauth2.deviceAuthorizationEndpoint
    ? null
    : await discoveryLeg(port, p.oauth2.issuer || baseUrl).then(
        (d) => (d.refused ? null : d.endpoints),
        () => null
      );
  const chosen = profileEndpoints(p, baseUrl, discovered, mockMtlsBaseUrl).deviceAuthorization;
  return { deviceAuthorizationUrl: chosen.url, deviceAuthorizationFrom: endpointSourceWords(chosen) };
}

export const createDeviceStore = (deps: RendererDeps) =>
  createGrantStore(deps, CLIENT_GRANTS.device_code, (p, baseUrl, port) =>
    withMockMtls(deps, p, async (mtls) => ({
      ...machineClientOf(p, baseUrl, mtls),
      ...(await deviceEndpointOf(p, baseUrl, port, mtls)),
      scope: p.oauth2.scope || null,
    }))
  );

/** A token-endpoint grant's store (token-endpoint-grant.ts): the profile's client and scope; the parameters typed on the page. */
export const createTokenEndpointGrantStore = (deps: RendererDeps, grant: TokenEndpointGrant) =>
  createGrantStore(deps, grant, (p, baseUrl) =>
    withMockMtls(deps, p, (mtls) => ({
      ...machineClientOf(p, baseUrl, mtls),
      scope: p.oauth2.scope || null,
      values: {},
    }))
  );

export type TokenEndpointGrantStore = ReturnType<typeof createTokenEndpointGrantStore>;

/**
 * The ID-JAG page's store (grants/id-jag.ts): the profile's client at the resource's authorization server, whose
 * issuer (else the base URL) is the ID-JAG's audience; the IdP first taken to be the same server with the same client
 * (as the mock plays both), Basic with its secret; the id_token pasted on the page.
 */
export const createIdJagStore = (deps: RendererDeps) =>
  createGrantStore(deps, CLIENT_GRANTS.id_jag, (p, baseUrl) =>
    withMockMtls(deps, p, (mtls) => {
      const client = machineClientOf(p, baseUrl, mtls);
      const secret = p.oauth2.clientSecret;
      return {
        ...client,
        scope: p.oauth2.scope || null,
        audience: p.oauth2.issuer || baseUrl,
        resource: null,
        idToken: '',
        idp: {
          tokenUrl: client.tokenUrl,
          clientId: p.oauth2.clientId,
          clientSecret: secret,
          authentication: secret ? ('basic' as const) : ('none' as const),
        },
      };
    })
  );

import { endpointUrl } from '../flows/common';
import { DEFAULT_DEVICE_AUTHORIZATION_PATH } from '../flows/device-flow';
import { PRESETS } from '../presets';
import type { Preset } from '../presets/preset';
import type { Profile } from '../store/profile';
import { authenticatesByCertificate, type ClientAuthentication } from '../oauth2/token-request';
import { targetsMock } from '../flows/profile-config';
import type { DiscoveredEndpoints } from './discovery';

/**
 * Where an endpoint came from: the profile's own setting (a flag, on the command line), the provider's metadata (or
 * its mutual-TLS aliases, for a client that authenticates by certificate), a preset for the profile's base URL, or
 * the service's default path.
 */
export type EndpointSource = 'profile' | 'discovery' | 'mtls-alias' | 'preset' | 'default';

export interface ChosenEndpoint {
  readonly url: string;
  readonly source: EndpointSource;
  /** The metadata's issuer, or the preset's name; absent for the profile and the default. */
  readonly from?: string;
}

/** The endpoints beyond the grant a profile can name, each with where it came from; null where none names one. */
export interface ProfileEndpoints {
  readonly jwks: ChosenEndpoint | null;
  readonly revocation: ChosenEndpoint | null;
  readonly introspection: ChosenEndpoint | null;
  /** RFC 8628 §3.1: never null, the service's default path last. */
  readonly deviceAuthorization: ChosenEndpoint;
}

/**
 * Where an endpoint came from, in words: "the profile", "the metadata of https://…", "the GitHub preset", …;
 * `configuredBy` names the profile's setting otherwise (the CLI's flag).
 */
export function endpointSourceWords(chosen: ChosenEndpoint, configuredBy = 'the profile'): string {
  switch (chosen.source) {
    case 'profile':
      return configuredBy;
    case 'discovery':
      return `the metadata of ${chosen.from ?? 'the provider'}`;
    case 'mtls-alias':
      return `the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${chosen.from ?? 'the provider'}`;
    case 'preset':
      return `the ${chosen.from ?? ''} preset`;
    case 'default':
      return "the service's default path";
  }
}

/** The presets for this base URL (the same origin and path, a trailing slash aside). */
const presetsAt = (baseUrl: string): readonly Preset[] => {
  const norm = (u: string) => u.trim().replace(/\/+$/, '').toLowerCase();
  return PRESETS.filter((p) => p.profile.baseUrl !== undefined && norm(p.profile.baseUrl) === norm(baseUrl));
};

/** The first preset for the base URL that names the endpoint (`pathOf`), as a chosen endpoint. */
function fromPreset(baseUrl: string, pathOf: (p: Preset) => string | undefined): ChosenEndpoint | null {
  for (const preset of presetsAt(baseUrl)) {
    const path = pathOf(preset);
    if (path) return { url: endpointUrl(baseUrl, path), source: 'preset', from: preset.name };
  }
  return null;
}

/**
 * One resolution for every endpoint beyond the grant's: the profile's setting wins (the user named it, as for a
 * provider whose metadata leaves out the optional members of RFC 8414 §2
 * (https://www.rfc-editor.org/rfc/rfc8414#section-2)); otherwise what discovery names; otherwise what a preset for
 * the base URL documents. A path is taken relative to `baseUrl` (the profile's, or the running mock's for the
 * built-in profile), as the grant's endpoints are.
 */
function chosen(
  baseUrl: string,
  discovered: DiscoveredEndpoints | null,
  configured: string,
  member: Member,
  pathOf: (p: Preset) => string | undefined = () => undefined
): ChosenEndpoint | null {
  if (configured) return { url: endpointUrl(baseUrl, configured), source: 'profile' };
  return fromMetadata(discovered, member) ?? fromPreset(baseUrl, pathOf);
}

/** The metadata's endpoints a resolution reads (RFC 8414 §2), by their names in DiscoveredEndpoints. */
type Member = 'token' | 'jwks' | 'revocation' | 'introspection' | 'deviceAuthorization' | 'userinfo';

/**
 * The metadata's endpoint; for a client that authenticates by certificate (`discovered` read with
 * byCertificate), the mutual-TLS alias first (RFC 8705 §5), the plain endpoint when the metadata names no alias.
 */
function fromMetadata(discovered: MetadataFor | null, member: Member): ChosenEndpoint | null {
  if (!discovered) return null;
  const alias = discovered.byCertificate && member !== 'jwks' ? discovered.mtlsAliases?.[member] : null;
  if (alias) return { url: alias, source: 'mtls-alias', from: discovered.issuer };
  const url = discovered[member];
  return url ? { url, source: 'discovery', from: discovered.issuer } : null;
}

/** The metadata as a client reads it: with mutual TLS (its aliases first) or without. */
type MetadataFor = DiscoveredEndpoints & { readonly byCertificate?: boolean };

/**
 * The metadata as a client that authenticates by certificate (tls_client_auth, self_signed_tls_client_auth, RFC
 * 8705 §2) reads it: its mtls_endpoint_aliases before the plain endpoints (§5).
 */
export const metadataForCertificateClient = (discovered: DiscoveredEndpoints | null): MetadataFor | null =>
  discovered && { ...discovered, byCertificate: true };

/**
 * The UserInfo endpoint the metadata names (OIDC Discovery §3): for a client that authenticates by certificate its
 * mutual-TLS alias first (RFC 8705 §5), where its certificate-bound token is accepted (§3); null when none.
 */
export const userInfoEndpoint = (
  discovered: DiscoveredEndpoints | null,
  authentication: ClientAuthentication | null
): string | null =>
  fromMetadata(
    authentication && authenticatesByCertificate(authentication)
      ? metadataForCertificateClient(discovered)
      : discovered,
    'userinfo'
  )?.url ?? null;

/** The metadata's token endpoint (the mutual-TLS alias for a certificate client's metadataForCertificateClient). */
export const metadataTokenEndpoint = (discovered: DiscoveredEndpoints | null): ChosenEndpoint | null =>
  fromMetadata(discovered, 'token');

/**
 * The device authorization endpoint (RFC 8628 §3.1) by the one resolution: `configured` (the profile's field, the
 * CLI's flag), else the metadata's device_authorization_endpoint (§4), else a device preset's path for the base
 * URL, else the service's default path. For the Device page and `oauth-lab flow device` alike.
 */
export const deviceAuthorizationEndpoint = (
  configured: string,
  baseUrl: string,
  discovered: DiscoveredEndpoints | null
): ChosenEndpoint =>
  chosen(baseUrl, discovered, configured, 'deviceAuthorization', (p) =>
    p.machine?.grant === 'device_code' ? p.machine.deviceAuthorizationPath : undefined
  ) ?? { url: endpointUrl(baseUrl, DEFAULT_DEVICE_AUTHORIZATION_PATH), source: 'default' };

/**
 * A typed endpoint that is the very one the metadata names on the plain port, for a client that authenticates by
 * certificate: its mutual-TLS alias instead (RFC 8705 §5), where the server asks for the certificate (the plain
 * endpoint refuses such a client); any other endpoint as it is.
 */
function atMtlsAlias(
  endpoint: ChosenEndpoint | null,
  metadata: MetadataFor | null,
  member: 'token' | 'revocation' | 'introspection'
): ChosenEndpoint | null {
  const alias = metadata?.mtlsAliases?.[member];
  if (!endpoint || endpoint.source !== 'profile' || !alias || metadata[member] !== endpoint.url) return endpoint;
  return { url: alias, source: 'mtls-alias', from: metadata.issuer };
}

/**
 * For a client that authenticates by certificate: its token endpoint (typed, or the service's default path) when it
 * is the very one the metadata names on the plain port, at its mutual-TLS alias (RFC 8705 §5, atMtlsAlias); null
 * otherwise (the endpoint stays as it is).
 */
export function tokenEndpointAtMtlsAlias(
  tokenUrl: string,
  discovered: DiscoveredEndpoints | null
): ChosenEndpoint | null {
  const chosen = atMtlsAlias({ url: tokenUrl, source: 'profile' }, metadataForCertificateClient(discovered), 'token');
  return chosen?.source === 'mtls-alias' ? chosen : null;
}

/**
 * The profile's endpoints beyond the grant's, each by the one resolution (chosen), with where it came from; a client
 * that authenticates by certificate reads the metadata's mutual-TLS aliases first (RFC 8705 §5), and on a profile
 * that follows the mock takes a path it typed under the running mock's mutual-TLS port (`mockMtlsBaseUrl`, as the
 * token path is, profileTokenUrl), and elsewhere a typed plain endpoint the metadata aliases at its alias
 * (atMtlsAlias); the JWKS is no client request and stays on the plain port.
 */
export function profileEndpoints(
  profile: Profile,
  baseUrl: string,
  discovered: DiscoveredEndpoints | null,
  mockMtlsBaseUrl: string | null = null
): ProfileEndpoints {
  const o = profile.oauth2;
  const byCertificate = authenticatesByCertificate(o.clientAuthentication);
  const metadata = byCertificate ? metadataForCertificateClient(discovered) : discovered;
  const clientBase = byCertificate && targetsMock(profile) && mockMtlsBaseUrl !== null ? mockMtlsBaseUrl : baseUrl;
  const choose = (configured: string, member: Member, pathOf?: (p: Preset) => string | undefined) =>
    chosen(clientBase, metadata, configured, member, pathOf);
  const aliased = (endpoint: ChosenEndpoint | null, member: 'revocation' | 'introspection') =>
    byCertificate ? atMtlsAlias(endpoint, metadata, member) : endpoint;
  return {
    jwks: chosen(baseUrl, metadata, o.jwksUri, 'jwks'),
    revocation: aliased(
      choose(o.revocationEndpoint, 'revocation', (p) => p.profile.oauth2?.revocationEndpoint),
      'revocation'
    ),
    introspection: aliased(
      choose(o.introspectionEndpoint, 'introspection', (p) => p.profile.oauth2?.introspectionEndpoint),
      'introspection'
    ),
    deviceAuthorization: deviceAuthorizationEndpoint(o.deviceAuthorizationEndpoint, clientBase, metadata),
  };
}

import { endpointUrl } from '../flows/common';
import { DEFAULT_DEVICE_AUTHORIZATION_PATH } from '../flows/device-flow';
import { PRESETS } from '../presets';
import type { Preset } from '../presets/preset';
import type { Profile } from '../store/profile';
import type { DiscoveredEndpoints } from './discovery';

/**
 * Where an endpoint came from: the profile's own setting (a flag, on the command line), the provider's metadata, a
 * preset for the profile's base URL, or the service's default path.
 */
export type EndpointSource = 'profile' | 'discovery' | 'preset' | 'default';

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
  fromMetadata: string | null | undefined,
  pathOf: (p: Preset) => string | undefined = () => undefined
): ChosenEndpoint | null {
  if (configured) return { url: endpointUrl(baseUrl, configured), source: 'profile' };
  if (fromMetadata) return { url: fromMetadata, source: 'discovery', from: discovered!.issuer };
  return fromPreset(baseUrl, pathOf);
}

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
  chosen(baseUrl, discovered, configured, discovered?.deviceAuthorization, (p) =>
    p.machine?.grant === 'device_code' ? p.machine.deviceAuthorizationPath : undefined
  ) ?? { url: endpointUrl(baseUrl, DEFAULT_DEVICE_AUTHORIZATION_PATH), source: 'default' };

/** The profile's endpoints beyond the grant's, each by the one resolution (chosen), with where it came from. */
export function profileEndpoints(
  profile: Profile,
  baseUrl: string,
  discovered: DiscoveredEndpoints | null
): ProfileEndpoints {
  const o = profile.oauth2;
  const choose = (
    configured: string,
    fromMetadata: string | null | undefined,
    pathOf?: (p: Preset) => string | undefined
  ) => chosen(baseUrl, discovered, configured, fromMetadata, pathOf);
  return {
    jwks: choose(o.jwksUri, discovered?.jwks),
    revocation: choose(o.revocationEndpoint, discovered?.revocation, (p) => p.profile.oauth2?.revocationEndpoint),
    introspection: choose(
      o.introspectionEndpoint,
      discovered?.introspection,
      (p) => p.profile.oauth2?.introspectionEndpoint
    ),
    deviceAuthorization: deviceAuthorizationEndpoint(o.deviceAuthorizationEndpoint, baseUrl, discovered),
  };
}

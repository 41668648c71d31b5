import { endpointUrl } from '../flows/common';
import type { Profile } from '../store/profile';
import type { DiscoveredEndpoints } from './discovery';

/** Where an endpoint came from: the profile's own setting (a flag, on the command line), or the provider's metadata. */
export type EndpointSource = 'profile' | 'discovery';

export interface ChosenEndpoint {
  readonly url: string;
  readonly source: EndpointSource;
}

/** The endpoints beyond the grant a profile can name, each with where it came from; null where neither names one. */
export interface ProfileEndpoints {
  readonly jwks: ChosenEndpoint | null;
  readonly revocation: ChosenEndpoint | null;
  readonly introspection: ChosenEndpoint | null;
}

/**
 * The profile's setting wins (the user named it, as for a provider whose metadata leaves out the optional members
 * of RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2)); otherwise what discovery names. A path is
 * taken relative to `baseUrl` (the profile's, or the running mock's for the built-in profile), as the grant's
 * endpoints are.
 */
export function profileEndpoints(
  profile: Profile,
  baseUrl: string,
  discovered: DiscoveredEndpoints | null
): ProfileEndpoints {
  const choose = (configured: string, fromMetadata: string | null | undefined): ChosenEndpoint | null =>
    configured
      ? { url: endpointUrl(baseUrl, configured), source: 'profile' }
      : fromMetadata
        ? { url: fromMetadata, source: 'discovery' }
        : null;
  const o = profile.oauth2;
  return {
    jwks: choose(o.jwksUri, discovered?.jwks),
    revocation: choose(o.revocationEndpoint, discovered?.revocation),
    introspection: choose(o.introspectionEndpoint, discovered?.introspection),
  };
}

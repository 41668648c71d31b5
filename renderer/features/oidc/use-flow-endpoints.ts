import type { DiscoveredEndpoints, ProfileEndpoints } from '../../../shared/oidc';
import { profileEndpoints } from '../../../shared/oidc';
import { useApp, useOAuth2 } from '../../app/stores';
import { useFlowProfile } from './use-flow-profile';

/**
 * The OAuth 2 flow's endpoints beyond the grant's (profileEndpoints), at its base URL: a certificate client that
 * follows the mock has a path it typed taken under the running mock's mutual-TLS port (RFC 8705 §5), as its token
 * path is. Null without a flow or a profile.
 */
export function useFlowEndpoints(discovered: DiscoveredEndpoints | null): ProfileEndpoints | null {
  const flow = useOAuth2((s) => s.flow);
  const profile = useFlowProfile();
  const mockMtls = useApp((s) => s.mock.mtlsBaseUrl ?? null);
  return profile && flow ? profileEndpoints(profile, flow.config.baseUrl, discovered, mockMtls) : null;
}

import type { BridgeApi } from '../../shared/bridge/api';
import { tokenAtMockMtls } from '../../shared/flows/profile-config';
import type { Profile } from '../../shared/store/profile';

/**
 * The running mock's mutual-TLS base URL (RFC 8705 §5) when the profile's token endpoint is the mock's alias there
 * (profileTokenUrl), asked of the host at send time: its port changes on every start. Null otherwise, or when the
 * mock has no such port (the token request then goes to the HTTP port, which names the mutual-TLS one in its refusal).
 */
export async function mockMtlsBaseUrlFor(bridge: Pick<BridgeApi, 'mockStatus'>, p: Profile): Promise<string | null> {
  if (!tokenAtMockMtls(p)) return null;
  const status = await bridge.mockStatus();
  return (status.ok && status.value.mtlsBaseUrl) || null;
}

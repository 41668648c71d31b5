import { vi } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { Profile } from '../../../../shared/store/profile';
import type { Harness } from '../../mock-provider/helpers';
import { toTokenLeg } from '../flow/app-on-mock';
import { renderOnMock } from '../flow/render-on-mock';

/**
 * The OAuth 2 page over `bridge` with `profile`, on its token leg after a real authorization at the mock; each
 * scroll into view caught by `scrolled`. Returns the app's stores.
 */
export async function oauth2PageOnTokenLeg(
  h: Harness,
  bridge: BridgeApi,
  profile: Profile = defaultMockProfile(),
  scrolled = vi.fn()
) {
  Element.prototype.scrollIntoView = scrolled;
  const { stores, tab } = renderOnMock(h, bridge, <OAuth2Page />, [profile]);
  await toTokenLeg(h, stores, tab);
  return stores;
}

import type { Profile } from '../../../shared/store/profile';
import { useApp, useOAuth2 } from '../../app/stores';
import { profileAsSaved } from '../../state/profile-as-saved';

/** The OAuth 2 flow's profile as it is saved now (a JWKS URL or an endpoint typed in after the flow counts). */
export function useFlowProfile(): Profile | null {
  const saved = useApp((s) => s.profiles);
  const copy = useOAuth2((s) => s.profile);
  return profileAsSaved(saved, copy);
}

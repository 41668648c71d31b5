import { profileBaseUrl } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import { useApp } from '../../app/stores';

/**
 * The profile chosen in the picker and the base URL a flow on it starts at (the mock's current one for the built-in
 * profile), and how to start over with it: the page's header and an action bar's remedy start the same flow.
 */
export function useChosenProfile(onStart: (profile: Profile, baseUrl: string) => void): {
  readonly profile: Profile | undefined;
  readonly baseUrl: string | null;
  readonly startOver: (() => void) | null;
} {
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
  const profile = profiles.find((x) => x.id === activeId);
  const baseUrl = profile ? profileBaseUrl(profile, mockBaseUrl) : null;
  return { profile, baseUrl, startOver: profile && baseUrl ? () => onStart(profile, baseUrl) : null };
}

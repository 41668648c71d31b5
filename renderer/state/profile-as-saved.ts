import type { Profile } from '../../shared/store/profile';

/**
 * A flow's copy of its profile (taken when the flow started) as the profile is saved now: the user may have edited
 * it on the Profiles page since (a JWKS URL typed in), and what is read after the flow reads the saved one. The copy
 * stays when the profile is no longer saved.
 */
export function profileAsSaved(saved: readonly Profile[], copy: Profile | null): Profile | null {
  return copy === null ? null : (saved.find((p) => p.id === copy.id) ?? copy);
}

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ProfilesState } from '../../state/profiles/profiles-state';
import type { ProfilesStore } from '../../state/profiles/profiles-store';

const ProfilesContext = createContext<ProfilesStore | null>(null);

export function ProfilesProvider({ store, children }: { store: ProfilesStore; children: ReactNode }) {
  return <ProfilesContext.Provider value={store}>{children}</ProfilesContext.Provider>;
}

export function useProfiles<T>(selector: (s: ProfilesState) => T): T {
  const store = useContext(ProfilesContext);
  if (!store) throw new Error('ProfilesProvider is missing above this component.');
  return useStore(store, selector);
}

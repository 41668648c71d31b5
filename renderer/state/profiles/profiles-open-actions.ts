import { findPreset } from '../../../shared/presets';
import { isDirty } from '../../features/profiles/profile-draft';
import type { ProfilesKit } from './profiles-store-kit';
import type { ProfilesState } from './profiles-state';

type OpenActions = Pick<
  ProfilesState,
  | 'pageOpened'
  | 'profileOpened'
  | 'newProfileStarted'
  | 'newProfileHandedOver'
  | 'duplicateRequested'
  | 'replaceConfirmed'
  | 'replaceCancelled'
>;

/** The Profiles store's actions that choose what is edited: a profile, a new one, a copy; asking first about unsaved changes. */
export function profilesOpenActions({
  app,
  set,
  get,
  refresh,
  loadTokens,
  openProfile,
  perform,
  unlessDirty,
}: ProfilesKit): OpenActions {
  return {
    async pageOpened() {
      // The store outlives the page (kept-store.ts): the draft stays; a half-asked question and an export (it may
      // hold secrets in clear) do not.
      set({
        confirmingDelete: null,
        replacing: null,
        exported: null,
        exportError: null,
        imported: null,
        importError: null,
      });
      const list = await refresh();
      const handedOver = get().handedOver;
      if (handedOver) {
        set({ handedOver: null });
        return unlessDirty({ kind: 'new', preset: handedOver });
      }
      const e = get().editing;
      if (e) {
        // Flows may have saved tokens for it meanwhile.
        if (!e.isNew) await loadTokens(e.draft.id);
        return;
      }
      const active = list?.find((p) => p.id === app.activeProfileId()) ?? list?.[0];
      if (active) await openProfile(active);
    },
    async profileOpened(profile) {
      const e = get().editing;
      // A second click on Edit of the profile being edited keeps its changes.
      if (e && !e.isNew && e.draft.id === profile.id && isDirty(e)) return;
      await unlessDirty({ kind: 'open', profile });
    },
    newProfileStarted(presetId) {
      const preset = presetId === undefined ? undefined : findPreset(presetId);
      void unlessDirty(preset === undefined ? { kind: 'new' } : { kind: 'new', preset });
    },
    newProfileHandedOver(preset) {
      set({ handedOver: preset });
    },
    duplicateRequested: (profile) => unlessDirty({ kind: 'duplicate', profile }),
    async replaceConfirmed() {
      const r = get().replacing;
      if (!r) return;
      set({ replacing: null });
      await perform(r);
    },
    replaceCancelled: () => set({ replacing: null }),
  };
}

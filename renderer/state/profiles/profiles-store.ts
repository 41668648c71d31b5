import { createStore } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import { profilesDeleteActions } from './profiles-delete-actions';
import { profilesEditActions } from './profiles-edit-actions';
import { profilesOpenActions } from './profiles-open-actions';
import { createProfilesKit, type AppLink } from './profiles-store-kit';
import type { ProfilesState } from './profiles-state';

/** The Profiles page's state: the profile being edited, confirmations, saved tokens, export and import. */
export function createProfilesStore(deps: RendererDeps, app: AppLink) {
  return createStore<ProfilesState>()((set, get) => {
    const kit = createProfilesKit(deps, app, set, get);
    return {
      editing: null,
      touched: new Set(),
      showAllErrors: false,
      serverErrors: {},
      busy: false,
      status: null,
      confirmingDelete: null,
      replacing: null,
      handedOver: null,
      tokens: [],
      tokensError: null,
      exported: null,
      exportError: null,
      imported: null,
      importError: null,
      ...profilesOpenActions(kit),
      ...profilesEditActions(kit),
      ...profilesDeleteActions(kit),
      async exportRequested(includeSecrets) {
        const r = await deps.bridge.profilesExport({ includeSecrets });
        set(r.ok ? { exported: r.value, exportError: null } : { exported: null, exportError: r.error.message });
      },
      async importRequested(json) {
        const r = await deps.bridge.profilesImport({ json });
        if (!r.ok) {
          set({ imported: null, importError: r.error.message });
          return;
        }
        set({ imported: r.value, importError: null });
        await kit.refresh();
      },
    };
  });
}

export type ProfilesStore = ReturnType<typeof createProfilesStore>;

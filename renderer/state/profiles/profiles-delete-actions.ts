import { MOCK_PROFILE_ID } from '../../../shared/store/profile';
import type { ProfilesKit } from './profiles-store-kit';
import type { ProfilesState } from './profiles-state';

type DeleteActions = Pick<
  ProfilesState,
  'deleteRequested' | 'deleteCancelled' | 'deleteConfirmed' | 'tokenDeleteRequested'
>;

/** The Profiles store's deletions: a profile (after the user confirms) and a saved token. */
export function profilesDeleteActions({
  bridge,
  app,
  set,
  get,
  refresh,
  loadTokens,
  openProfile,
}: ProfilesKit): DeleteActions {
  return {
    deleteRequested: (id) => set({ confirmingDelete: id, replacing: null, status: null }),
    deleteCancelled: () => set({ confirmingDelete: null }),
    async deleteConfirmed() {
      const id = get().confirmingDelete;
      if (!id || id === MOCK_PROFILE_ID) return;
      const list = await refresh();
      const name = list?.find((p) => p.id === id)?.name ?? id;
      const r = await bridge.profileDelete({ id });
      set({ confirmingDelete: null });
      if (!r.ok) {
        set({ status: { text: `"${name}" was not deleted: ${r.error.message}`, tone: 'bad' } });
        return;
      }
      if (app.activeProfileId() === id) app.profileChosen(MOCK_PROFILE_ID);
      const after = await refresh();
      if (get().editing?.draft.id === id) {
        set({ editing: null });
        const next = after?.find((p) => p.id === app.activeProfileId()) ?? after?.[0];
        if (next) await openProfile(next);
      }
      set({ status: { text: `Deleted "${name}" and its saved tokens.`, tone: 'ok' } });
    },
    async tokenDeleteRequested(id) {
      const r = await bridge.tokenDelete({ id });
      set({
        status: r.ok
          ? { text: 'Saved token deleted.', tone: 'ok' }
          : { text: `The token was not deleted: ${r.error.message}`, tone: 'bad' },
      });
      const profileId = get().editing?.draft.id;
      if (profileId) await loadTokens(profileId);
    },
  };
}

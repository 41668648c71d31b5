import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import { createProfilesStore, type ProfilesStore } from './profiles-store';

/**
 * The Profiles page's store, one per app store (as app/page-store.ts does for the other pages), so a draft and its
 * unsaved changes are still there when the user comes back from another page. Keyed on the app store rather than
 * on the deps because the store reports to that app store.
 */
const kept = new WeakMap<AppStore, ProfilesStore>();

export function keptProfilesStore(deps: RendererDeps, app: AppStore): ProfilesStore {
  let store = kept.get(app);
  if (!store) {
    // Read the app store when needed, not when made: the active profile may change while the page is closed.
    store = createProfilesStore(deps, {
      profilesChanged: (list) => app.getState().profilesChanged(list),
      profileChosen: (id) => app.getState().profileChosen(id),
      activeProfileId: () => app.getState().activeProfileId,
    });
    kept.set(app, store);
  }
  return store;
}

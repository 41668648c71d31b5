import type { StoreApi } from 'zustand/vanilla';
import type { Preset } from '../../../shared/presets';
import { targetsMock } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import { newRecordId } from '../../../shared/store/record-id';
import type { RendererDeps } from '../../app/deps';
import { copyName, draftOf, isDirty, newDraft, type ProfileDraft } from '../../features/profiles/profile-draft';
import type { ProfilesState, Replacement } from './profiles-state';

/** What the page needs from the app store: the list everyone sees and the active profile. */
export interface AppLink {
  profilesChanged(list: readonly Profile[]): void;
  profileChosen(id: string): void;
  activeProfileId(): string;
}

/** The steps the Profiles store's action groups share: reading the list and tokens, opening a draft. */
export function createProfilesKit(
  { bridge, random }: RendererDeps,
  app: AppLink,
  set: StoreApi<ProfilesState>['setState'],
  get: StoreApi<ProfilesState>['getState']
) {
  const newId = () => newRecordId(random, 'p-');
  /** Reads the list again and tells the rest of the app (the flow pages use it). */
  const refresh = async (): Promise<readonly Profile[] | null> => {
    const r = await bridge.profilesList();
    if (!r.ok) {
      set({ status: { text: `The profiles could not be read: ${r.error.message}`, tone: 'bad' } });
      return null;
    }
    app.profilesChanged(r.value);
    return r.value;
  };
  const loadTokens = async (profileId: string) => {
    const r = await bridge.tokensList({ profileId });
    if (get().editing?.draft.id !== profileId) return;
    set(r.ok ? { tokens: r.value, tokensError: null } : { tokens: [], tokensError: r.error.message });
  };
  /** Edits a profile; its saved tokens stay on screen while they are read again (no flicker after a save). */
  const open = (draft: ProfileDraft, isNew: boolean, preset?: Preset) => {
    const same = get().editing?.draft.id === draft.id;
    set({
      editing: { draft, original: draft, isNew, ...(preset ? { preset } : {}) },
      replacing: null,
      touched: new Set(),
      showAllErrors: false,
      serverErrors: {},
      ...(same ? {} : { tokens: [], tokensError: null }),
    });
  };
  const openProfile = async (profile: Profile) => {
    open(draftOf(profile), false);
    set({ confirmingDelete: null, status: null });
    await loadTokens(profile.id);
  };
  const startNew = (preset?: Preset) => {
    open(newDraft(newId(), preset), true, preset);
    set({ confirmingDelete: null, status: null });
  };
  /** Saves a copy under a free name, then edits it. */
  const duplicate = async (profile: Profile) => {
    const list = await refresh();
    const taken = new Set((list ?? []).map((p) => p.name));
    const copy: Profile = {
      ...profile,
      id: newId(),
      name: copyName(profile.name, taken),
      builtIn: false,
      // A copy of the mock's profile follows the mock: a port copied now would break at its next start.
      followsMock: targetsMock(profile),
      baseUrl: profile.baseUrl,
    };
    const r = await bridge.profileSave({ profile: copy });
    if (!r.ok) {
      set({ status: { text: `"${profile.name}" was not duplicated: ${r.error.message}`, tone: 'bad' } });
      return;
    }
    await refresh();
    await openProfile(r.value);
    set({ status: { text: `Duplicated "${profile.name}" as "${r.value.name}".`, tone: 'ok' } });
  };
  const perform = async (r: Replacement) => {
    if (r.kind === 'open') await openProfile(r.profile);
    else if (r.kind === 'new') startNew(r.preset);
    else await duplicate(r.profile);
  };
  /** Does it at once, unless it would drop unsaved changes: then it waits for the user's answer (replacing). */
  const unlessDirty = async (r: Replacement) => {
    if (isDirty(get().editing)) set({ replacing: r, confirmingDelete: null });
    else await perform(r);
  };
  return { bridge, app, set, get, refresh, loadTokens, open, openProfile, perform, unlessDirty };
}

export type ProfilesKit = ReturnType<typeof createProfilesKit>;

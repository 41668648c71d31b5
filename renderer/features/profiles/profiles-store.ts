import { createStore } from 'zustand/vanilla';
import { findPreset, type Preset } from '../../../shared/presets';
import { CONTRACT_ERROR } from '../../../shared/bridge/result';
import { targetsMock } from '../../../shared/flows/profile-config';
import { MOCK_PROFILE_ID, type Profile } from '../../../shared/store/profile';
import { newRecordId } from '../../../shared/store/record-id';
import type { RendererDeps } from '../../app/deps';
import {
  copyName,
  draftOf,
  errorsFromIssues,
  isDirty,
  newDraft,
  validateDraft,
  withField,
  type ProfileDraft,
} from './profile-draft';
import type { ProfilesState, Replacement } from './profiles-state';

/** What the page needs from the app store: the list everyone sees and the active profile. */
export interface AppLink {
  profilesChanged(list: readonly Profile[]): void;
  profileChosen(id: string): void;
  activeProfileId(): string;
}

const issuesOf = (details: Readonly<Record<string, unknown>> | undefined) =>
  Array.isArray(details?.issues) ? (details.issues as { path: string[]; message: string }[]) : [];

/** The Profiles page's state: the profile being edited, confirmations, saved tokens, export and import. */
export function createProfilesStore({ bridge, random }: RendererDeps, app: AppLink) {
  return createStore<ProfilesState>()((set, get) => {
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
      fieldEdited(path, value) {
        const e = get().editing;
        if (!e) return;
        const { [path]: _field, form: _form, ...serverErrors } = get().serverErrors;
        set({
          editing: { ...e, draft: withField(e.draft, path, value) },
          touched: new Set([...get().touched, path]),
          serverErrors,
        });
      },
      changesDiscarded() {
        const e = get().editing;
        if (!e) return;
        if (e.isNew) set({ editing: null, replacing: null, status: null });
        else open(e.original, false);
      },
      async saveRequested() {
        const e = get().editing;
        if (!e || get().busy) return;
        const { profile } = validateDraft(e.draft);
        if (!profile) {
          set({ showAllErrors: true, status: { text: 'Not saved: correct the fields marked below.', tone: 'bad' } });
          return;
        }
        set({ busy: true });
        const r = await bridge.profileSave({ profile });
        set({ busy: false });
        if (!r.ok) {
          const serverErrors =
            r.error.code === CONTRACT_ERROR.INVALID_INPUT ? errorsFromIssues(issuesOf(r.error.details), 'profile') : {};
          set({ serverErrors, showAllErrors: true, status: { text: `Not saved: ${r.error.message}`, tone: 'bad' } });
          return;
        }
        await refresh();
        open(draftOf(r.value), false);
        set({
          status: {
            text: e.isNew
              ? `Created "${r.value.name}". Choose Use to run the flows against it.`
              : `Saved "${r.value.name}".`,
            tone: 'ok',
          },
        });
        await loadTokens(r.value.id);
      },
      duplicateRequested: (profile) => unlessDirty({ kind: 'duplicate', profile }),
      async replaceConfirmed() {
        const r = get().replacing;
        if (!r) return;
        set({ replacing: null });
        await perform(r);
      },
      replaceCancelled: () => set({ replacing: null }),
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
      async exportRequested(includeSecrets) {
        const r = await bridge.profilesExport({ includeSecrets });
        set(r.ok ? { exported: r.value, exportError: null } : { exported: null, exportError: r.error.message });
      },
      async importRequested(json) {
        const r = await bridge.profilesImport({ json });
        if (!r.ok) {
          set({ imported: null, importError: r.error.message });
          return;
        }
        set({ imported: r.value, importError: null });
        await refresh();
      },
    };
  });
}

export type ProfilesStore = ReturnType<typeof createProfilesStore>;

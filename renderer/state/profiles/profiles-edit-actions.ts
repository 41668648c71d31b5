import { CONTRACT_ERROR } from '../../../shared/bridge/result';
import { draftOf, errorsFromIssues, validateDraft, withField } from '../../features/profiles/profile-draft';
import type { ProfilesKit } from './profiles-store-kit';
import type { ProfilesState } from './profiles-state';

const issuesOf = (details: Readonly<Record<string, unknown>> | undefined) =>
  Array.isArray(details?.issues) ? (details.issues as { path: string[]; message: string }[]) : [];

/** The Profiles store's actions on the draft: a field typed, changes discarded, the draft saved. */
export function profilesEditActions({
  bridge,
  set,
  get,
  refresh,
  loadTokens,
  open,
}: ProfilesKit): Pick<ProfilesState, 'fieldEdited' | 'changesDiscarded' | 'saveRequested'> {
  return {
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
  };
}

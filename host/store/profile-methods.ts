import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { MOCK_PROFILE_ID, type Profile } from '../../shared/store/profile';
import { invalidInput, notFound } from './backend';
import { MOCK_PROFILE_NAME } from './mock-profile';
import { exportProfiles, planImport } from './profile-transfer';
import type { SyncedRecords } from './store-records';

type ProfileMethodName = 'profilesList' | 'profileSave' | 'profileDelete' | 'profilesExport' | 'profilesImport';

type ProfileMethods = { readonly [M in ProfileMethodName]: (input: ParsedInput<M>) => MethodOutput<M> };

/** The profiles' bridge methods over store.json's records; `newId` names an imported profile whose id is taken. */
export function profileMethods(store: SyncedRecords, newId: () => string): ProfileMethods {
  const { records } = store;
  const profileExists = (id: string) => records.profiles.some((p) => p.id === id);

  return {
    profilesList: () => {
      store.refreshForRead();
      return structuredClone([...records.profiles]);
    },

    profileSave: ({ profile }) =>
      store.commit(() => {
        // The mock's id always means the built-in profile: it can be edited (ports, paths, credentials) but stays built in.
        const saved: Profile = profile.id === MOCK_PROFILE_ID ? { ...profile, builtIn: true } : profile;
        if (saved.builtIn && saved.id !== MOCK_PROFILE_ID)
          throw invalidInput(
            `profile.builtIn: only the "${MOCK_PROFILE_NAME}" profile (id "${MOCK_PROFILE_ID}") is built in; save this profile with builtIn: false.`
          );
        const at = records.profiles.findIndex((p) => p.id === saved.id);
        records.profiles =
          at >= 0 ? records.profiles.map((p, i) => (i === at ? saved : p)) : [...records.profiles, saved];
        // The user has seen the empty secret and saved: the undecryptable old value goes.
        store.forget('profile', saved.id);
        return structuredClone(saved);
      }),

    profileDelete: ({ id }) => {
      if (id === MOCK_PROFILE_ID)
        throw invalidInput(`The built-in "${MOCK_PROFILE_NAME}" profile cannot be deleted; edit it instead.`);
      store.refreshForRead();
      if (!profileExists(id)) return { deleted: false };
      return store.commit(() => {
        if (!profileExists(id)) return { deleted: false };
        records.profiles = records.profiles.filter((p) => p.id !== id);
        // Its saved tokens are secrets nobody could reach any more: they go with it.
        for (const t of records.tokens) if (t.profileId === id) store.forget('token', t.id);
        records.tokens = records.tokens.filter((t) => t.profileId !== id);
        records.hiddenTokens = records.hiddenTokens.filter((t) => t.meta.profileId !== id);
        store.forget('profile', id);
        if (records.settings.activeProfileId === id)
          records.settings = { ...records.settings, activeProfileId: MOCK_PROFILE_ID };
        return { deleted: true };
      });
    },

    profilesExport: ({ ids, includeSecrets }) => {
      store.refreshForRead();
      const userProfiles = records.profiles.filter((p) => !p.builtIn);
      let chosen = userProfiles;
      if (ids) {
        if (ids.includes(MOCK_PROFILE_ID))
          throw invalidInput(
            `ids: the built-in "${MOCK_PROFILE_NAME}" profile is not exported (every OAuth Lab has it).`
          );
        const missing = ids.filter((id) => !profileExists(id));
        if (missing.length)
          throw notFound(`There is no profile with the id ${missing.map((id) => `"${id}"`).join(', ')}.`);
        chosen = userProfiles.filter((p) => ids.includes(p.id));
      }
      return { json: exportProfiles(chosen, includeSecrets), secretsIncluded: includeSecrets };
    },

    profilesImport: ({ json }) =>
      store.commit(() => {
        // Planned against the profiles as they are under the lock, so a name or id another instance just took is seen.
        const plan = planImport(json, records.profiles, newId);
        records.profiles = [...records.profiles, ...plan.imported];
        return structuredClone(plan);
      }),
  };
}

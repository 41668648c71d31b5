import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { notFound } from './backend';
import type { SyncedRecords } from './store-records';

type TokenMethodName = 'tokensList' | 'tokenSave' | 'tokenDelete';

type TokenMethods = { readonly [M in TokenMethodName]: (input: ParsedInput<M>) => MethodOutput<M> };

/** The saved tokens' bridge methods over store.json's records. */
export function tokenMethods(store: SyncedRecords): TokenMethods {
  const { records } = store;
  return {
    tokensList: (input) => {
      store.refreshForRead();
      const profileId = input?.profileId;
      return structuredClone(
        records.tokens
          .filter((t) => profileId === undefined || t.profileId === profileId)
          .sort((a, b) => b.obtainedAt - a.obtainedAt)
      );
    },

    tokenSave: ({ token }) =>
      store.commit(() => {
        if (!records.profiles.some((p) => p.id === token.profileId))
          throw notFound(
            `token.profileId: there is no profile "${token.profileId}"; save the token under an existing profile.`
          );
        const at = records.tokens.findIndex((t) => t.id === token.id);
        records.tokens = at >= 0 ? records.tokens.map((t, i) => (i === at ? token : t)) : [...records.tokens, token];
        records.hiddenTokens = records.hiddenTokens.filter((t) => t.meta.id !== token.id);
        store.forget('token', token.id);
        return structuredClone(token);
      }),

    tokenDelete: ({ id }) => {
      store.refreshForRead();
      if (!records.tokens.some((t) => t.id === id) && !records.hiddenTokens.some((t) => t.meta.id === id))
        return { deleted: false };
      return store.commit(() => {
        records.tokens = records.tokens.filter((t) => t.id !== id);
        records.hiddenTokens = records.hiddenTokens.filter((t) => t.meta.id !== id);
        store.forget('token', id);
        return { deleted: true };
      });
    },
  };
}

import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import { b64TokenProblem } from '../../../shared/oauth2/bearer';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { Profile } from '../../../shared/store/profile';
import type { OAuth2FlowState } from './oauth2-flow-state';
import type { OAuth2PageStore } from './oauth2-page-store';
import { OAUTH2_PAGE_TOKEN, refreshTokenDead, tokenIssued } from './oauth2-token-standing';

/** The bearer call's draft to the profile's API path. */
const apiDraft = ({ get }: OAuth2PageStore, flow: OAuth2State, outsideGrammar = false): RawRequest =>
  oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: get().profile!.oauth2.apiPath, outsideGrammar });

/** A new token (exchange or refresh, here or on another page) saved with the profile; its standing starts anew. */
export function tokenSaved({ deps, get, set }: OAuth2PageStore, token: TokenSet, p: Profile, label: string): void {
  const { bridge, random, now } = deps;
  const record = { profileId: p.id, obtainedAt: now(), label };
  set({ standing: tokenIssued(bridge, random, get().standing, token, record) });
}

/** A new token in the flow: the bearer call and refresh use it. */
export function tokenAdopted(page: OAuth2PageStore, next: OAuth2State): void {
  const { get, set } = page;
  if (!next.token) return set({ flow: next });
  // The bearer call's draft, or why the token cannot go in a Bearer header (shown on the leg, not thrown).
  const bearerProblem = b64TokenProblem(next.token.accessToken);
  const draft = bearerProblem ? null : apiDraft(page, next);
  const { api: _stale, ...others } = get().drafts;
  set({
    flow: next,
    bearerProblem,
    drafts: {
      ...others,
      ...(draft ? { api: draft } : {}),
      ...(next.token.refreshToken ? { refresh: oauth2Flow.buildRefreshRequest(next) } : {}),
    },
  });
}

/** The store's actions on a token obtained elsewhere and on a token outside the Bearer grammar. */
export function oauth2TokenActions(
  page: OAuth2PageStore
): Pick<OAuth2FlowState, 'tokenReplaced' | 'refreshTokenDied' | 'bearerSentAnyway'> {
  const { deps, get, set } = page;
  return {
    tokenReplaced(next) {
      const { flow, profile: p } = get();
      if (flow && p && next.token && flow.state === next.state && next.token !== flow.token) {
        tokenSaved(page, next.token, p, OAUTH2_PAGE_TOKEN.refreshed);
        tokenAdopted(page, { ...flow, token: next.token });
      }
    },
    refreshTokenDied(refreshToken, why) {
      const { flow, standing } = get();
      if (!refreshToken || flow?.token?.refreshToken !== refreshToken || standing.refreshRefused) return;
      set({ standing: refreshTokenDead(deps.bridge, standing, why) });
    },
    bearerSentAnyway() {
      const { flow } = get();
      if (!flow?.token) return;
      set({ bearerProblem: null, drafts: { ...get().drafts, api: apiDraft(page, flow, true) } });
    },
  };
}

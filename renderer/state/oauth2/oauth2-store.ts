import { createStore } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import { flowSends } from '../flow-sends';
import { catcherListened, oauth2StartActions, oauth2WaitActions } from './oauth2-authorize-actions';
import { NO_FLOW, type OAuth2FlowState } from './oauth2-flow-state';
import { oauth2LegSent } from './oauth2-leg-send';
import type { OAuth2PageStore } from './oauth2-page-store';
import { oauth2TokenActions } from './oauth2-token-actions';

/**
 * The OAuth 2 page's store, composed of its action groups: the flow's start and login options, the wait for the
 * authorization code, the sent legs, the token; the mistakes to make on purpose and the drafts are kept here.
 */
export function createOAuth2Store(deps: RendererDeps) {
  return createStore<OAuth2FlowState>()((set, get) => {
    // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
    const page: OAuth2PageStore = { deps, sends: flowSends(deps.bridge), get, set, dpopNonces: new Map() };
    catcherListened(page);
    return {
      profile: null,
      ...NO_FLOW,
      autoRefresh: false,
      autoRefreshSet: (autoRefresh) => set({ autoRefresh }),
      authMistakes: {},
      flowMistakeChosen: (flowMistake) => set({ flowMistake }),
      authMistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().authMistakes;
        set({ authMistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      dpopMistakes: {},
      dpopMistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().dpopMistakes;
        set({ dpopMistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      legChosen: (current) => set({ current }),
      draftEdited(leg, patch) {
        const draft = get().drafts[leg];
        if (draft) set({ drafts: { ...get().drafts, [leg]: { ...draft, ...patch } } });
      },
      ...oauth2StartActions(page),
      ...oauth2WaitActions(page),
      legSent: (leg) => oauth2LegSent(page, leg),
      ...oauth2TokenActions(page),
    };
  });
}

export type OAuth2Store = ReturnType<typeof createOAuth2Store>;

import { createStore } from 'zustand/vanilla';
import { oauth1Flow, oauth1ConfigOf } from '../../../shared/flows';
import type { RendererDeps } from '../../app/deps';
import { listenToCatcher, oauth1AuthorizeActions } from './oauth1-authorize-actions';
import type { OAuth1FlowState } from './oauth1-flow-state';
import { prefillDraft } from './oauth1-drafts';
import { oauth1SendAction } from './oauth1-send-action';
import { createOAuth1Kit, idleAuthorize } from './oauth1-store-kit';

export function createOAuth1Store(deps: RendererDeps) {
  const { bridge } = deps;
  return createStore<OAuth1FlowState>()((set, get) => {
    const kit = createOAuth1Kit(deps, set, get);
    const { sends, fresh } = kit;
    listenToCatcher(kit);
    return {
      profile: null,
      flow: null,
      redirectUri: null,
      current: 'requestToken',
      drafts: {},
      runs: {},
      mistakes: {},
      authorize: idleAuthorize,
      startError: null,
      savedAccess: null,
      async flowStarted(profile, baseUrl) {
        sends.cancelAll();
        const previous = get().authorize.waitId;
        if (previous) void bridge.catcherCancel({ waitId: previous });
        // The mock accepts any loopback port (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)), so it gets a free one; a real server gets the registered port.
        const opened = await bridge.catcherOpen({
          port: profile.builtIn ? 0 : profile.callbackPort,
          path: profile.callbackPath,
        });
        if (!opened.ok) return set({ startError: opened.error, flow: null, profile });
        const flow = oauth1Flow.startOAuth1(oauth1ConfigOf(profile, baseUrl, opened.value.redirectUri));
        set({
          profile,
          flow,
          redirectUri: opened.value.redirectUri,
          current: 'requestToken',
          runs: {},
          mistakes: {},
          authorize: idleAuthorize,
          startError: null,
          savedAccess: null,
          drafts: { requestToken: prefillDraft('requestToken', flow, profile, fresh()) },
        });
      },
      legChosen: (current) => set({ current }),
      draftEdited(leg, patch) {
        const draft = get().drafts[leg];
        if (draft) set({ drafts: { ...get().drafts, [leg]: { ...draft, ...patch } } });
      },
      nonceRenewed(leg) {
        get().draftEdited(leg, fresh());
      },
      mistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().mistakes;
        set({ mistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      ...oauth1SendAction(kit),
      ...oauth1AuthorizeActions(kit),
    };
  });
}

export type OAuth1Store = ReturnType<typeof createOAuth1Store>;

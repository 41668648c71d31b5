import { oauth1Flow } from '../../../shared/flows';
import { pastedQuery } from '../../../shared/flows/pasted-url';
import type { OAuth1FlowState } from './oauth1-flow-state';
import type { OAuth1Kit } from './oauth1-store-kit';
import { rejectedCallbackOf } from '../rejected-callbacks';

type AuthorizeActions = Pick<
  OAuth1FlowState,
  'authorizationStarted' | 'waitCancelled' | 'urlPasted' | 'verifierEntered'
>;

/** Follows the loopback catcher's events for the authorize leg's wait: the callback, a rejected one, the wait's end. */
export function listenToCatcher({ deps: { bridge }, set, get, callbackArrived }: OAuth1Kit): void {
  bridge.on('catcherCallback', ({ waitId, callback }) => {
    const { flow, authorize } = get();
    if (!flow || waitId !== authorize.waitId) return;
    void callbackArrived(callback.query, callback, null);
  });
  bridge.on('catcherEvent', (event) => {
    const { authorize, redirectUri } = get();
    const rejected = authorize.waitId ? rejectedCallbackOf(event, redirectUri, 'oauth1') : null;
    if (rejected) set({ authorize: { ...authorize, rejected: [...authorize.rejected, rejected] } });
  });
  bridge.on('catcherWaitEnded', ({ waitId, code, message }) => {
    const { flow, authorize } = get();
    if (!flow || waitId !== authorize.waitId) return;
    set({
      authorize: { ...authorize, waitId: null, ended: { code, message } },
      flow: { ...flow, legs: { ...flow.legs, authorize: 'ready' } },
    });
  });
}

/** The OAuth 1.0a store's authorize leg: the wait for the callback, a pasted URL, a verifier typed in (oob). */
export function oauth1AuthorizeActions({
  deps: { bridge, now },
  set,
  get,
  withDraft,
  callbackArrived,
}: OAuth1Kit): AuthorizeActions {
  return {
    async authorizationStarted() {
      const { flow, profile, authorize } = get();
      if (!flow?.requestToken || !profile || !authorize.url) return null;
      if (authorize.waitId) return authorize.url;
      if (flow.config.callback !== 'oob') {
        const port = Number(new URL(get().redirectUri!).port);
        const r = await bridge.catcherWait({
          port,
          path: profile.callbackPath,
          target: { kind: 'oauth1', requestToken: flow.requestToken.token },
        });
        if (!r.ok) {
          set({ authorize: { ...authorize, ended: { code: r.error.code, message: r.error.message } } });
          return null;
        }
        set({
          authorize: {
            ...authorize,
            waitId: r.value.waitId,
            ended: null,
            callback: null,
            outcome: null,
            rejected: [],
          },
        });
      }
      set({ flow: oauth1Flow.authorizationOpened(get().flow!), authorize: { ...get().authorize, openedAt: now() } });
      return authorize.url;
    },
    async waitCancelled() {
      const { waitId } = get().authorize;
      if (waitId) await bridge.catcherCancel({ waitId });
    },
    async urlPasted(url) {
      const { flow, authorize } = get();
      if (!flow) return;
      let query: string;
      try {
        query = pastedQuery(url).query;
      } catch (e) {
        return set({
          authorize: { ...authorize, outcome: { ok: false, summary: (e as Error).message, checks: [] } },
        });
      }
      // The wait is dropped first, so its end is not reported as a failed wait.
      set({ authorize: { ...authorize, waitId: null } });
      if (authorize.waitId) await bridge.catcherCancel({ waitId: authorize.waitId });
      // Its query judged as a caught callback's is (and as the CLI judges a pasted one).
      await callbackArrived(`?${query}`, null, url);
    },
    verifierEntered(verifier) {
      const { flow } = get();
      if (!flow) return;
      try {
        const state = oauth1Flow.verifierEntered(flow, verifier);
        set({
          flow: state,
          drafts: withDraft('accessToken', state),
          authorize: { ...get().authorize, outcome: { ok: true, summary: 'Verifier entered.', checks: [] } },
        });
      } catch (e) {
        set({ authorize: { ...get().authorize, outcome: { ok: false, summary: (e as Error).message, checks: [] } } });
      }
    },
  };
}

import { oauth2ConfigOf, oauth2Flow } from '../../../shared/flows';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { judgeRedirect, openRedirectLeg } from '../../../shared/flows/driver/run-leg';
import { authorizationRequestPasted, pastedQuery } from '../../../shared/flows/pasted-url';
import { dpopJktOf } from '../dpop-page-send';
import { mockMtlsBaseUrlFor } from '../mock-mtls';
import { callbackAsJudged } from '../flow-mistake-send';
import type { Caught } from '../oauth1/oauth1-flow-state';
import { NO_FLOW, type OAuth2FlowState } from './oauth2-flow-state';
import { legJudged } from './oauth2-leg-verdict';
import type { OAuth2PageStore } from './oauth2-page-store';
import { rejectedCallbackOf } from '../rejected-callbacks';
import { pageHostPort } from '../page-host-port';

const CODE_GRANT = CLIENT_GRANTS.authorization_code;

/**
 * The redirect back (caught, or pasted: `pastedUrl`) judged against the authorization request and recorded with
 * its verdict in the history; the code readies the token leg.
 */
async function callbackArrived(
  page: OAuth2PageStore,
  received: string,
  callback: Caught | null,
  pastedUrl: string | null
): Promise<void> {
  const { deps, sends, get, set } = page;
  const { flow, profile, authorizeUrl, authorizationOpenedAt } = get();
  const query = callbackAsJudged(get(), received);
  const landed = { authorizeUrl: authorizeUrl!, openedAt: authorizationOpenedAt ?? deps.now(), query, pastedUrl };
  const port = pageHostPort(deps, sends, profile!, 'oauth2', () => {});
  const { outcome: result, recorded } = judgeRedirect(CODE_GRANT, 'authorize', flow!, landed, port);
  set({
    flow: result.state,
    callback,
    callbackOutcome: result,
    waitId: null,
    ...(query !== received ? { flowMistake: null } : {}),
    ...(result.ok
      ? {
          receivedCode: result.state.code,
          drafts: { ...get().drafts, token: oauth2Flow.buildTokenExchange(result.state) },
        }
      : {}),
  });
  await recorded;
  if (!result.ok) await legJudged(page, 'authorize');
}

/** The catcher's events for this page's wait: the callback, a request it refused, the wait's end. */
export function catcherListened(page: OAuth2PageStore): void {
  const { deps, get, set } = page;
  deps.bridge.on('catcherCallback', ({ waitId, callback }) => {
    const { flow } = get();
    if (!flow || waitId !== get().waitId) return;
    void callbackArrived(page, callback.query, callback, null);
  });
  deps.bridge.on('catcherEvent', (event) => {
    const rejected = get().waitId ? rejectedCallbackOf(event, get().catcherUri, 'oauth2') : null;
    if (rejected) set({ rejected: [...get().rejected, rejected] });
  });
  deps.bridge.on('catcherWaitEnded', ({ waitId, code, message }) => {
    const { flow } = get();
    if (!flow || waitId !== get().waitId) return;
    set({
      waitId: null,
      waitEnded: { code, message },
      flow: { ...flow, legs: { ...flow.legs, authorize: 'ready' } },
    });
  });
}

/** The store's actions that start a flow and set the authorization request's login options. */
export function oauth2StartActions(page: OAuth2PageStore): Pick<OAuth2FlowState, 'flowStarted' | 'loginOptionsSet'> {
  const { deps, sends, get, set } = page;
  const { bridge, crypto, random } = deps;
  return {
    async flowStarted(p, baseUrl) {
      sends.cancelAll();
      const previous = get().waitId;
      if (previous) void bridge.catcherCancel({ waitId: previous });
      // The mock accepts any loopback port for a registered loopback redirect URI (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)).
      const opened = await bridge.catcherOpen({ port: p.builtIn ? 0 : p.callbackPort, path: p.callbackPath });
      if (!opened.ok) return set({ startError: opened.error, flow: null, profile: p });
      // The login options stay from one attempt to the next (testing as another user takes several).
      const login = get().flow?.config.login;
      // RFC 9449 §10: with DPoP on, the code is bound to the key the token leg will prove (dpop_jkt).
      const dpopJkt = await dpopJktOf(bridge, p);
      const mtls = await mockMtlsBaseUrlFor(bridge, p);
      const flow = CODE_GRANT.start(
        { ...oauth2ConfigOf(p, baseUrl, opened.value.redirectUri, mtls), ...(login ? { login } : {}), dpopJkt },
        random,
        crypto
      );
      set({
        ...NO_FLOW,
        profile: p,
        flow,
        catcherUri: opened.value.redirectUri,
        authorizeUrl: oauth2Flow.buildAuthorizeRequest(flow).url,
      });
    },
    loginOptionsSet(login) {
      const { flow } = get();
      if (!flow) return null;
      const next = { ...flow, config: { ...flow.config, login } };
      try {
        set({ flow: next, authorizeUrl: oauth2Flow.buildAuthorizeRequest(next).url });
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    },
  };
}

/** The store's actions waiting for the authorization code: the catcher's wait, its cancelling, a pasted URL. */
export function oauth2WaitActions(
  page: OAuth2PageStore
): Pick<OAuth2FlowState, 'authorizationStarted' | 'waitCancelled' | 'urlPasted'> {
  const { deps, get, set } = page;
  const { bridge } = deps;
  return {
    async authorizationStarted(prepared) {
      const { flow: current, authorizeUrl, waitId } = get();
      if (!current || !authorizeUrl) return null;
      if (waitId && !prepared) return authorizeUrl;
      // The flow as the push (the grant's par leg) or the request object left it: the URL the browser opens is its.
      const opened = openRedirectLeg(CODE_GRANT, 'authorize', prepared ?? current);
      if (!waitId) {
        const r = await bridge.catcherWait({
          port: Number(new URL(get().catcherUri!).port),
          path: get().profile!.callbackPath,
          target: opened.expected,
        });
        if (!r.ok) {
          set({ waitEnded: { code: r.error.code, message: r.error.message } });
          return null;
        }
        set({ waitId: r.value.waitId, waitEnded: null, rejected: [], callback: null, callbackOutcome: null });
      }
      set({ flow: opened.state, authorizeUrl: opened.url, authorizationOpenedAt: deps.now() });
      return opened.url;
    },
    async waitCancelled() {
      const { waitId } = get();
      if (waitId) await bridge.catcherCancel({ waitId });
    },
    async urlPasted(url) {
      const { flow, waitId, authorizeUrl } = get();
      if (!flow) return;
      // The address bar of a provider that refused the redirect URI shows the request itself: not a callback.
      const request = authorizeUrl && authorizationRequestPasted(url, authorizeUrl, flow.config.redirectUri);
      if (request) return set({ callbackOutcome: { ok: false, summary: request, checks: [] } });
      let query: string;
      try {
        query = pastedQuery(url).query;
      } catch (e) {
        return set({ callbackOutcome: { ok: false, summary: (e as Error).message, checks: [] } });
      }
      // The wait is dropped first, so its end is not reported as a failed wait.
      set({ waitId: null, waitEnded: null });
      if (waitId) await bridge.catcherCancel({ waitId });
      await callbackArrived(page, `?${query}`, null, url);
    },
  };
}

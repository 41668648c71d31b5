import type { StoreApi } from 'zustand/vanilla';
import { BridgeFailure } from '../../../shared/bridge/result';
import { oauth1Flow } from '../../../shared/flows';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { judgeRedirect } from '../../../shared/flows/driver/run-leg';
import type { OAuth1State } from '../../../shared/flows/oauth1-flow';
import { traceSignature, type SignatureTrace } from '../../../shared/oauth1';
import type { RendererDeps } from '../../app/deps';
import { flowSends } from '../flow-sends';
import { pageHostPort } from '../page-host-port';
import type { AuthorizeLeg, Caught, LegRun, OAuth1FlowState } from './oauth1-flow-state';
import { prefillDraft, type OAuth1Draft, type SignedLeg } from './oauth1-drafts';

export const OAUTH1 = CLIENT_GRANTS.oauth1_three_legged;

export const idleAuthorize: AuthorizeLeg = {
  url: null,
  waitId: null,
  callback: null,
  outcome: null,
  ended: null,
  rejected: [],
  openedAt: null,
};

/** The steps the OAuth 1.0a store's action groups share: fresh nonces, drafts, runs, the callback, signing. */
export function createOAuth1Kit(
  deps: RendererDeps,
  set: StoreApi<OAuth1FlowState>['setState'],
  get: StoreApi<OAuth1FlowState>['getState']
) {
  const { bridge, crypto, random, now } = deps;
  const fresh = () => oauth1Flow.freshNonceAndTimestamp(random, now());
  const withDraft = (leg: SignedLeg, flow: OAuth1State) => ({
    ...get().drafts,
    [leg]: prefillDraft(leg, flow, get().profile!, fresh()),
  });
  const setRun = (leg: SignedLeg, run: LegRun) => set({ runs: { ...get().runs, [leg]: run } });
  const sends = flowSends(bridge);
  /** The redirect back judged, and recorded with its verdict in the history (`pastedUrl`: the URL pasted, if it was). */
  const callbackArrived = (query: string, callback: Caught | null, pastedUrl: string | null): Promise<void> => {
    const { flow, profile, authorize } = get();
    const landed = { authorizeUrl: authorize.url!, openedAt: authorize.openedAt ?? now(), query, pastedUrl };
    const port = pageHostPort(deps, sends, profile!, 'oauth1', () => {});
    const { outcome: result, recorded } = judgeRedirect(OAUTH1, 'authorize', flow!, landed, port);
    set({
      flow: result.state,
      authorize: { ...get().authorize, callback, outcome: result, waitId: null, ended: null },
      ...(result.ok ? { drafts: withDraft('accessToken', result.state) } : {}),
    });
    return recorded;
  };
  const sign = async (draft: OAuth1Draft): Promise<SignatureTrace> => {
    // RSA private keys stay in the host; everything else is signed here, exactly as the live trace shows.
    if (!draft.signatureMethod.startsWith('RSA-')) return traceSignature(draft, crypto);
    const r = await bridge.oauth1Trace(draft);
    if (!r.ok)
      throw new BridgeFailure(r.error.code, r.error.message, { step: String(r.error.details?.step ?? 'signature') });
    return r.value;
  };
  return { deps, set, get, sends, fresh, withDraft, setRun, callbackArrived, sign };
}

export type OAuth1Kit = ReturnType<typeof createOAuth1Kit>;

import { createStore } from 'zustand/vanilla';
import { bridgeErrorOf, type BridgeError } from '../../shared/bridge/result';
import type { Check } from '../../shared/check';
import type { Grant } from '../../shared/flows/driver/grant';
import type { LegTokens } from '../../shared/flows/driver/host-port';
import { runPollLeg, runSentLeg } from '../../shared/flows/driver/run-leg';
import type { Exchange } from '../../shared/http';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { saveToken } from './flow-records';
import { flowSends } from './flow-sends';
import { pageHostPort } from './page-host-port';

/** One leg as the page shows it: in flight, its exchange, what the leg judged, or why nothing came back. */
export interface MachineLegRun {
  readonly sending: boolean;
  readonly exchange: Exchange | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  readonly error: BridgeError | null;
}

export interface MachineFlowState<S, L extends string> {
  readonly profile: Profile | null;
  readonly flow: S | null;
  readonly current: L;
  readonly runs: Partial<Record<L, MachineLegRun>>;
  readonly startError: BridgeError | null;
  /** A new attempt on the profile (Start over too: whatever is in flight or waiting to poll is dropped). */
  flowStarted(profile: Profile, baseUrl: string): void;
  legChosen(leg: L): void;
  /** The state changed by the page before a send (the scope, resources, audience fields). */
  flowEdited(edit: (state: S) => S): void;
  /** Sends the leg (a polling leg polls until its answer is final, each attempt shown as it comes). */
  legSent(leg: L): Promise<void>;
}

/**
 * A page store for a grant with no browser leg (client credentials, device authorization): the grant's legs
 * through the flow driver on the page's host (the bridge), the page keeping only what it shows. `configOf`: the
 * grant's configuration from the profile and the base URL it starts at.
 */
export function createMachineStore<S, C, L extends string>(
  deps: RendererDeps,
  grant: Grant<S, C, L>,
  configOf: (profile: Profile, baseUrl: string) => C
) {
  const { random, crypto, bridge, now } = deps;
  return createStore<MachineFlowState<S, L>>()((set, get) => {
    const sends = flowSends(bridge);
    const setRun = (leg: L, run: MachineLegRun) => set({ runs: { ...get().runs, [leg]: run } });
    /** The token the grant obtained, kept with the profile as the OAuth 2 page keeps its own (Profiles lists it). */
    const tokenObtained = (profile: Profile, attempt: number, obtained: LegTokens) => {
      if (!sends.isCurrent(attempt) || obtained.kind !== 'oauth2') return;
      const { accessToken, refreshToken, scope, expiresAt } = obtained.token;
      saveToken(bridge, random, {
        profileId: profile.id,
        kind: 'oauth2',
        token: accessToken,
        refreshToken,
        scope,
        obtainedAt: now(),
        expiresAt,
      });
    };
    const port = (attempt: number) => {
      const profile = get().profile!;
      return pageHostPort(deps, sends, profile, grant.flow, (obtained) => tokenObtained(profile, attempt, obtained));
    };

    const poll = async (leg: L, attempt: number) => {
      setRun(leg, { sending: true, exchange: null, outcome: null, error: null });
      const run = await runPollLeg(grant, leg, get().flow!, port(attempt), (state) => {
        if (sends.isCurrent(attempt)) set({ flow: state });
      });
      if (!sends.isCurrent(attempt)) return;
      set({ flow: run.outcome.state });
      setRun(leg, { sending: false, exchange: run.exchange, outcome: run.outcome, error: null });
    };

    return {
      profile: null,
      flow: null,
      current: grant.first,
      runs: {},
      startError: null,
      flowStarted(profile, baseUrl) {
        sends.cancelAll();
        try {
          set({
            profile,
            flow: grant.start(configOf(profile, baseUrl), random, crypto),
            current: grant.first,
            runs: {},
            startError: null,
          });
        } catch (e) {
          set({ profile, flow: null, runs: {}, startError: bridgeErrorOf(e) });
        }
      },
      legChosen: (leg) => set({ current: leg }),
      flowEdited: (edit) => {
        const flow = get().flow;
        if (flow) set({ flow: edit(flow) });
      },
      async legSent(leg) {
        const attempt = sends.attempt();
        try {
          if (grant.legs[leg].kind === 'poll') return await poll(leg, attempt);
          setRun(leg, { sending: true, exchange: null, outcome: null, error: null });
          const run = await runSentLeg(grant, leg, () => get().flow!, port(attempt));
          if (!sends.isCurrent(attempt)) return;
          set({ flow: run.outcome.state });
          setRun(leg, { sending: false, exchange: run.exchange, outcome: run.outcome, error: null });
          const next = grant.next(leg, run.outcome.state);
          if (run.outcome.ok && next) {
            set({ current: next });
            if (grant.legs[next].kind === 'poll') await poll(next, attempt);
          }
        } catch (e) {
          if (!sends.isCurrent(attempt)) return;
          setRun(get().current, { sending: false, exchange: null, outcome: null, error: bridgeErrorOf(e) });
        }
      },
    };
  });
}

import { createStore, type StoreApi } from 'zustand/vanilla';
import { bridgeErrorOf, type BridgeError } from '../../../shared/bridge/result';
import type { Check } from '../../../shared/check';
import type { Grant } from '../../../shared/flows/driver/grant';
import type { LegTokens } from '../../../shared/flows/driver/host-port';
import {
  judgeRedirect,
  openRedirectLeg,
  runPollLeg,
  runSentLeg,
  type LegRun,
} from '../../../shared/flows/driver/run-leg';
import { pastedQuery } from '../../../shared/flows/pasted-url';
import type { Exchange } from '../../../shared/http';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { saveToken } from '../flow-records';
import { flowSends, type FlowSends } from '../flow-sends';
import { pageHostPort } from '../page-host-port';

/** One leg as the page shows it: in flight (or, for a redirect, the browser away), its exchange, the verdict, or why nothing came back. */
export interface GrantLegRun {
  readonly sending: boolean;
  readonly exchange: Exchange | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  readonly error: BridgeError | null;
}

export interface GrantFlowState<S, L extends string> {
  readonly profile: Profile | null;
  readonly flow: S | null;
  readonly current: L;
  readonly runs: Partial<Record<L, GrantLegRun>>;
  readonly startError: BridgeError | null;
  /** A new attempt on the profile (Start over too: whatever is in flight or waiting to poll is dropped). */
  flowStarted(profile: Profile, baseUrl: string): void;
  legChosen(leg: L): void;
  /** The state changed by the page before a send (the scope, resources, audience fields). */
  flowEdited(edit: (state: S) => S): void;
  /** Sends the leg (a polling leg polls until its answer is final, each attempt shown as it comes). */
  legSent(leg: L): Promise<void>;
  /** A redirect leg opened: the URL the user's browser goes to; the leg waits for the URL it lands on. */
  redirectOpened(leg: L): string;
  /** The URL the browser landed on, pasted from its address bar: its query judged by the redirect leg. */
  redirectLanded(leg: L, url: string): void;
}

export type GrantStore<S, L extends string> = StoreApi<GrantFlowState<S, L>>;

/** How a store shows its legs' runs: in flight (or the browser away), judged, or ended with why. */
function legRuns<S, L extends string>(
  set: (patch: Partial<GrantFlowState<S, L>>) => void,
  get: () => GrantFlowState<S, L>
) {
  const setRun = (leg: L, run: GrantLegRun) => set({ runs: { ...get().runs, [leg]: run } });
  return {
    pending: (leg: L) => setRun(leg, { sending: true, exchange: null, outcome: null, error: null }),
    /** A leg's answer judged: the state it leads to, and what the page shows of it. */
    ran: (leg: L, { exchange, outcome }: LegRun<S>) => {
      set({ flow: outcome.state });
      setRun(leg, { sending: false, exchange, outcome, error: null });
    },
    failed: (leg: L, e: unknown) =>
      setRun(leg, { sending: false, exchange: null, outcome: null, error: bridgeErrorOf(e) }),
  };
}

/**
 * The page as the host of one attempt's legs; the token a leg obtained is kept with the profile as the OAuth 2 page
 * keeps its own (Profiles lists it), unless the attempt is over.
 */
function grantHostPort(
  deps: RendererDeps,
  sends: FlowSends,
  grant: Pick<Grant<unknown, unknown>, 'flow' | 'name'>,
  profile: Profile,
  attempt: number
) {
  const { bridge, random, now } = deps;
  const tokenObtained = (obtained: LegTokens) => {
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
      label: `${grant.name[0]!.toUpperCase()}${grant.name.slice(1)} page`,
    });
  };
  return pageHostPort(deps, sends, profile, grant.flow, tokenObtained);
}

/**
 * The page store of a grant from the registry (client credentials, device authorization, any grant the generic page
 * shows): its legs through the flow driver on the page's host (the bridge), the page keeping only what it shows.
 * `configOf`: the grant's configuration from the profile and the base URL it starts at.
 */
export function createGrantStore<S, C, L extends string>(
  deps: RendererDeps,
  grant: Grant<S, C, L>,
  configOf: (profile: Profile, baseUrl: string) => C
): GrantStore<S, L> {
  const { random, crypto, bridge } = deps;
  return createStore<GrantFlowState<S, L>>()((set, get) => {
    const sends = flowSends(bridge);
    const { pending, ran, failed } = legRuns<S, L>(set, get);
    const port = (attempt: number) => grantHostPort(deps, sends, grant, get().profile!, attempt);
    // The authorization URL the browser was last sent to, and when: the redirect leg's record in the history.
    let opened = { url: '', at: 0 };

    const poll = async (leg: L, attempt: number) => {
      pending(leg);
      const run = await runPollLeg(grant, leg, get().flow!, port(attempt), (state) => {
        if (sends.isCurrent(attempt)) set({ flow: state });
      });
      if (sends.isCurrent(attempt)) ran(leg, run);
    };
    /** A sent leg, then the leg the grant runs after it (a device code's polls) when it succeeded. */
    const sent = async (leg: L, attempt: number) => {
      pending(leg);
      const run = await runSentLeg(grant, leg, () => get().flow!, port(attempt));
      if (!sends.isCurrent(attempt)) return;
      ran(leg, run);
      const next = grant.next(leg, run.outcome.state);
      if (run.outcome.ok && next) {
        set({ current: next });
        if (grant.legs[next].kind === 'poll') await poll(next, attempt);
      }
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
          const flow = grant.start(configOf(profile, baseUrl), random, crypto);
          set({ profile, flow, current: grant.first, runs: {}, startError: null });
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
          await (grant.legs[leg].kind === 'poll' ? poll(leg, attempt) : sent(leg, attempt));
        } catch (e) {
          if (sends.isCurrent(attempt)) failed(get().current, e);
        }
      },
      redirectOpened(leg) {
        const leaving = openRedirectLeg(grant, leg, get().flow!);
        opened = { url: leaving.url, at: deps.now() };
        set({ flow: leaving.state });
        pending(leg);
        return leaving.url;
      },
      redirectLanded(leg, url) {
        try {
          const landed = {
            authorizeUrl: opened.url,
            openedAt: opened.at,
            query: pastedQuery(url).query,
            pastedUrl: url,
          };
          ran(leg, {
            exchange: null,
            outcome: judgeRedirect(grant, leg, get().flow!, landed, port(sends.attempt())).outcome,
          });
        } catch (e) {
          failed(leg, e);
        }
      },
    };
  });
}

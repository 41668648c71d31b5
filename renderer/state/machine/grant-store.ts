import { createStore, type StoreApi } from 'zustand/vanilla';
import { bridgeErrorOf, type BridgeError } from '../../../shared/bridge/result';
import type { Check } from '../../../shared/check';
import type { Grant } from '../../../shared/flows/driver/grant';
import type { FlowHostPort, LegTokens } from '../../../shared/flows/driver/host-port';
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
import { authenticatedPagePort, type LegAuthenticationShown } from '../page-client-auth';

/**
 * One leg as the page shows it: in flight (or, for a redirect, the browser away), its exchange, the verdict, or why
 * nothing came back; the client assertion and DPoP proofs it sent (LegAuthenticationShown).
 */
export interface GrantLegRun extends LegAuthenticationShown {
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
  /**
   * A new attempt on the profile (Start over too: whatever is in flight or waiting to poll is dropped). Settled when
   * the flow is ready: at once, or after what the grant's configuration asks first (the device endpoint's discovery).
   */
  flowStarted(profile: Profile, baseUrl: string): Promise<void>;
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
  const none: LegAuthenticationShown = { assertion: null, dpop: null };
  return {
    pending: (leg: L) => setRun(leg, { sending: true, exchange: null, outcome: null, error: null, ...none }),
    /** A leg's answer judged: the state it leads to, and what the page shows of it. */
    ran: (leg: L, { exchange, outcome }: LegRun<S>, shown: LegAuthenticationShown = none) => {
      set({ flow: outcome.state });
      setRun(leg, { sending: false, exchange, outcome, error: null, ...shown });
    },
    failed: (leg: L, e: unknown, shown: LegAuthenticationShown = none) =>
      setRun(leg, { sending: false, exchange: null, outcome: null, error: bridgeErrorOf(e), ...shown }),
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
 * Each leg's port: the page as host, with the client's authentication by the driver (authenticatedPagePort) for the
 * attempt's base URL (the assertion's audience) and the DPoP nonces each server handed out (RFC 9449 §8); `shown`:
 * what the leg in flight sent to authenticate, shown also when no answer came.
 */
function authenticatedLegPorts(
  deps: RendererDeps,
  sends: FlowSends,
  grant: Pick<Grant<unknown, unknown>, 'flow' | 'name'>,
  profile: () => Profile
) {
  const none = (): LegAuthenticationShown => ({ assertion: null, dpop: null });
  let baseUrl = '';
  let shownSoFar = none;
  const nonces = new Map<string, string>();
  return {
    startedAt: (url: string) => void (baseUrl = url),
    cleared: () => void (shownSoFar = none),
    shown: () => shownSoFar(),
    async port(leg: string, attempt: number) {
      const host = grantHostPort(deps, sends, grant, profile(), attempt);
      const authenticated = await authenticatedPagePort(deps, host, profile(), baseUrl, leg, nonces);
      shownSoFar = authenticated.shown;
      return authenticated;
    },
  };
}

/** The configuration as `make` gives it, at once or once its own requests are answered; then `done`, or `fail`. */
function whenConfigured<C>(
  make: () => C | Promise<C>,
  done: (config: C) => void,
  fail: (e: unknown) => void
): Promise<void> {
  try {
    const config = make();
    if (config instanceof Promise) return config.then(done).catch(fail);
    done(config);
  } catch (e) {
    fail(e);
  }
  return Promise.resolve();
}

/** The redirect leg's two actions: the browser sent to the authorization URL, and the URL it landed on judged. */
function redirectLegActions<S, C, L extends string>(
  deps: RendererDeps,
  grant: Grant<S, C, L>,
  sends: FlowSends,
  set: (patch: Partial<GrantFlowState<S, L>>) => void,
  get: () => GrantFlowState<S, L>,
  { pending, ran, failed }: ReturnType<typeof legRuns<S, L>>
): Pick<GrantFlowState<S, L>, 'redirectOpened' | 'redirectLanded'> {
  // The authorization URL the browser was last sent to, and when: the redirect leg's record in the history.
  let opened = { url: '', at: 0 };
  return {
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
          outcome: judgeRedirect(
            grant,
            leg,
            get().flow!,
            landed,
            grantHostPort(deps, sends, grant, get().profile!, sends.attempt())
          ).outcome,
        });
      } catch (e) {
        failed(leg, e);
      }
    },
  };
}

/**
 * The page store of a grant from the registry (client credentials, device authorization, any grant the generic page
 * shows): its legs through the flow driver on the page's host (the bridge), the page keeping only what it shows.
 * `configOf`: the grant's configuration from the profile and the base URL it starts at, at once or after requests
 * of its own over `port` (the page's, recorded in the history).
 */
export function createGrantStore<S, C, L extends string>(
  deps: RendererDeps,
  grant: Grant<S, C, L>,
  configOf: (profile: Profile, baseUrl: string, port: FlowHostPort) => C | Promise<C>
): GrantStore<S, L> {
  const { random, crypto, bridge } = deps;
  return createStore<GrantFlowState<S, L>>()((set, get) => {
    const sends = flowSends(bridge);
    const { pending, ran, failed } = legRuns<S, L>(set, get);
    const legPorts = authenticatedLegPorts(deps, sends, grant, () => get().profile!);

    const poll = async (leg: L, attempt: number) => {
      pending(leg);
      const { port: p, shown } = await legPorts.port(leg, attempt);
      const run = await runPollLeg(grant, leg, get().flow!, p, (state) => {
        if (sends.isCurrent(attempt)) set({ flow: state });
      });
      if (sends.isCurrent(attempt)) ran(leg, run, shown());
    };
    /** A sent leg, then the leg the grant runs after it (a device code's polls) when it succeeded. */
    const sent = async (leg: L, attempt: number) => {
      pending(leg);
      const { port: p, shown } = await legPorts.port(leg, attempt);
      const run = await runSentLeg(grant, leg, () => get().flow!, p);
      if (!sends.isCurrent(attempt)) return;
      ran(leg, run, shown());
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
      flowStarted(profile, startUrl) {
        sends.cancelAll();
        legPorts.startedAt(startUrl);
        const attempt = sends.attempt();
        const current = () => sends.isCurrent(attempt);
        set({ profile, flow: null, current: grant.first, runs: {}, startError: null });
        return whenConfigured(
          () => configOf(profile, startUrl, grantHostPort(deps, sends, grant, profile, attempt)),
          (config) => void (current() && set({ flow: grant.start(config, random, crypto) })),
          (e) => void (current() && set({ flow: null, startError: bridgeErrorOf(e) }))
        );
      },
      legChosen: (leg) => set({ current: leg }),
      flowEdited: (edit) => {
        const flow = get().flow;
        if (flow) set({ flow: edit(flow) });
      },
      async legSent(leg) {
        const attempt = sends.attempt();
        legPorts.cleared();
        try {
          await (grant.legs[leg].kind === 'poll' ? poll(leg, attempt) : sent(leg, attempt));
        } catch (e) {
          if (sends.isCurrent(attempt)) failed(get().current, e, legPorts.shown());
        }
      },
      ...redirectLegActions(deps, grant, sends, set, get, legRuns<S, L>(set, get)),
    };
  });
}

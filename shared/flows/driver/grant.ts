import type { Exchange, RawRequest } from '../../http';
import type { CryptoPort, RandomPort } from '../../ports';
import type { Interpretation } from '../common';
import type { LegEffects, LegTokens, RedirectTarget } from './host-port';

/**
 * A leg whose request the client sends itself (token, refresh, a protected resource, introspection); `I`: what its
 * interpretation says beyond the next state and verdict (a refresh's rotation, an introspection's answer).
 */
export interface SentLeg<S, I extends Interpretation<S> = Interpretation<S>> {
  readonly kind: 'send';
  /** What the CLI prints and the app titles the leg with. */
  readonly title: (state: S) => string;
  /** The request the leg sends from the state; the app lets the user edit it first. */
  readonly build: (state: S, effects: LegEffects) => RawRequest;
  /** The exchange judged: the next state, the checks, the verdict. */
  readonly interpret: (state: S, exchange: Exchange, now: number) => I;
}

/** A front-channel leg: the user's browser goes to a URL and the provider redirects back (RFC 6749 §4.1.1-4.1.2). */
export interface RedirectLeg<S> {
  readonly kind: 'redirect';
  readonly title: (state: S) => string;
  readonly url: (state: S) => string;
  readonly expected: (state: S) => RedirectTarget;
  /** Where the provider sends the browser back: RFC 6749 §4.1.2's redirect_uri, RFC 5849 §2.1's oauth_callback. */
  readonly redirectUri: (state: S) => string;
  /** The state while the browser is away (the leg is waiting). */
  readonly opened: (state: S) => S;
  /** The redirect's query judged: the next state and the checks. */
  readonly interpret: (state: S, query: string) => Interpretation<S>;
}

/** A poll's interpretation: `pending` when the answer says to ask again after the (possibly grown) interval. */
export type PollInterpretation<S> = Interpretation<S> & { readonly pending: boolean };

/**
 * A leg the client sends again and again until the answer is final (RFC 8628 §3.4-3.5
 * (https://www.rfc-editor.org/rfc/rfc8628#section-3.5)): the host waits `wait(state)` seconds before each request,
 * and every attempt is recorded and reported as a request of its own.
 */
export interface PollLeg<S> extends Omit<SentLeg<S, PollInterpretation<S>>, 'kind'> {
  readonly kind: 'poll';
  readonly wait: (state: S) => number;
}

export type Leg<S> = SentLeg<S> | RedirectLeg<S> | PollLeg<S>;

/**
 * One client-side grant (the mirror of the mock's grants/registry.ts): its legs, the leg it starts with, which leg
 * follows a successful one when a flow runs on its own (null: the run is over; the remaining legs are the user's
 * to send), and which tokens a leg obtained (from the state before and after it).
 */
export interface Grant<S, Config, L extends string = string> {
  readonly name: string;
  /** The history's `flow` for this grant's exchanges. */
  readonly flow: 'oauth1' | 'oauth2';
  readonly legs: { readonly [K in L]: Leg<S> };
  readonly start: (config: Config, random: RandomPort, crypto: CryptoPort) => S;
  readonly first: L;
  /** The leg a started flow begins with when it is not always `first` (the code grant's push, RFC 9126). */
  readonly startsWith?: (state: S) => L;
  readonly next: (leg: L, state: S) => L | null;
  readonly tokensObtained: (before: S, after: S) => LegTokens | null;
}

/** The leg a grant starts with from `state`. */
export const firstLegOf = <S, C, L extends string>(grant: Grant<S, C, L>, state: S): L =>
  grant.startsWith?.(state) ?? grant.first;

import type { EventPayload } from '../../../shared/bridge/contract';
import type { BridgeError } from '../../../shared/bridge/result';
import type { Check } from '../../../shared/flows';
import type { OAuth1Leg, OAuth1State } from '../../../shared/flows/oauth1-flow';
import type { Exchange } from '../../../shared/http';
import type { SignatureTrace } from '../../../shared/oauth1';
import type { Profile } from '../../../shared/store/profile';
import type { SavedTokenInput } from '../../../shared/store/saved-token';
import type { DeliberateMistake, MistakeApplied } from '../deliberate-mistake';
import type { OAuth1Draft, SignedLeg } from './oauth1-drafts';
import type { RejectedCallback } from '../rejected-callbacks';

export interface LegRun {
  readonly sending: boolean;
  /** The trace of what was sent (the draft may have changed since). */
  readonly sent: SignatureTrace | null;
  readonly exchange: Exchange | null;
  /** Unreachable server, TLS, timeout, a signing error: the leg that caused it shows it. */
  readonly error: BridgeError | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  /** The mistake made on purpose in this send, with the base string and request it gave. */
  readonly mistake?: MistakeApplied | null;
}

export type Caught = EventPayload<'catcherCallback'>['callback'];

export interface AuthorizeLeg {
  readonly url: string | null;
  readonly waitId: string | null;
  readonly callback: Caught | null;
  readonly outcome: LegRun['outcome'];
  /** Why the wait ended without a callback (timeout, cancelled, port closed). */
  readonly ended: { readonly code: string; readonly message: string } | null;
  /** Requests to the callback the catcher refused while this flow waited (not its request token). */
  readonly rejected: readonly RejectedCallback[];
  /** When the user's browser was sent to `url`: the authorization leg's start in the history. */
  readonly openedAt: number | null;
}

export interface OAuth1FlowState {
  readonly profile: Profile | null;
  readonly flow: OAuth1State | null;
  readonly redirectUri: string | null;
  readonly current: OAuth1Leg;
  readonly drafts: Readonly<Partial<Record<SignedLeg, OAuth1Draft>>>;
  readonly runs: Readonly<Partial<Record<SignedLeg, LegRun>>>;
  /** A mistake to make on purpose in each leg's next send (the learner's choice), then forgotten. */
  readonly mistakes: Readonly<Partial<Record<SignedLeg, DeliberateMistake>>>;
  readonly authorize: AuthorizeLeg;
  readonly startError: BridgeError | null;
  /** The access token's saved record, marked revoked when the server refuses the token itself (interface §3). */
  readonly savedAccess: SavedTokenInput | null;
  flowStarted(profile: Profile, baseUrl: string): Promise<void>;
  legChosen(leg: OAuth1Leg): void;
  draftEdited(leg: SignedLeg, patch: Partial<OAuth1Draft>): void;
  nonceRenewed(leg: SignedLeg): void;
  mistakeChosen(leg: SignedLeg, mistake: DeliberateMistake | null): void;
  legSent(leg: SignedLeg): Promise<void>;
  authorizationStarted(): Promise<string | null>;
  waitCancelled(): Promise<void>;
  verifierEntered(verifier: string): void;
  /** The URL the browser landed on, pasted when the redirect cannot reach the catcher: the same checks apply. */
  urlPasted(url: string): Promise<void>;
}

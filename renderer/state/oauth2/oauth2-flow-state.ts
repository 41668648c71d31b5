import type { BridgeError } from '../../../shared/bridge/result';
import type { OAuth2Leg, OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import type { ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import type { FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import type { FlowVerdict } from '../flow-verdict';
import type { LoginOptions } from '../../../shared/oidc/login-options';
import type { Profile } from '../../../shared/store/profile';
import type { Caught } from '../oauth1/oauth1-flow-state';
import type { OAuth2Run } from './oauth2-run';
import { NO_STANDING, type TokenStanding } from './oauth2-token-standing';
import type { RejectedCallback } from '../rejected-callbacks';

/** The legs the app sends itself; authorize happens in the user's browser. */
export type SentLeg = Exclude<OAuth2Leg, 'authorize'>;

export interface OAuth2FlowState {
  readonly profile: Profile | null;
  readonly flow: OAuth2State | null;
  readonly current: OAuth2Leg;
  readonly authorizeUrl: string | null;
  /** The catcher's own redirect URI; the profile may send another (then the user pastes the URL landed on). */
  readonly catcherUri: string | null;
  readonly waitId: string | null;
  readonly callback: Caught | null;
  readonly callbackOutcome: OAuth2Run['outcome'];
  /** The authorization code the callback brought, kept after the flow forgets it on exchange: masked wherever a leg shows it. */
  readonly receivedCode: string | null;
  readonly waitEnded: { readonly code: string; readonly message: string } | null;
  /** Requests to the callback the catcher refused while this flow waited (not its state). */
  readonly rejected: readonly RejectedCallback[];
  /** Each leg's request as the user may edit it before sending. */
  readonly drafts: Readonly<Partial<Record<SentLeg, RawRequest>>>;
  readonly runs: Readonly<Partial<Record<SentLeg, OAuth2Run>>>;
  readonly startError: BridgeError | null;
  /** Why the access token cannot go in a Bearer header as RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1) writes it; the bearer call waits for the user. */
  readonly bearerProblem: string | null;
  /** What the server has said of the flow's token: a refused refresh token or access token, and its saved record. */
  readonly standing: TokenStanding;
  /** The bearer call refreshes once by itself on a 401 or near expiry (shared/flows/bearer-call.ts), then retries. */
  readonly autoRefresh: boolean;
  /** A client authentication mistake to make on purpose in the token or refresh leg's next send, then forgotten. */
  readonly authMistakes: Readonly<Partial<Record<SentLeg, ClientAuthMistake>>>;
  authMistakeChosen(leg: SentLeg, mistake: ClientAuthMistake | null): void;
  /** A DPoP mistake (shared/dpop/planted-mistakes.ts) to make once in the leg's next proof, then forgotten. */
  readonly dpopMistakes: Readonly<Partial<Record<SentLeg, PlantedDpopMistake>>>;
  dpopMistakeChosen(leg: SentLeg, mistake: PlantedDpopMistake | null): void;
  /** A flow mistake (shared/oauth2/flow-mistakes.ts) to make once, at its leg's next send or callback. */
  readonly flowMistake: FlowMistake | null;
  flowMistakeChosen(mistake: FlowMistake | null): void;
  /** When the user's browser was sent to the authorization URL: the authorization leg's start in the history. */
  readonly authorizationOpenedAt: number | null;
  /** The explainer's verdict on each leg that failed, from this flow's recorded legs. */
  readonly verdicts: Readonly<Partial<Record<OAuth2Leg, FlowVerdict>>>;
  autoRefreshSet(on: boolean): void;
  flowStarted(profile: Profile, baseUrl: string): Promise<void>;
  legChosen(leg: OAuth2Leg): void;
  draftEdited(leg: SentLeg, patch: Partial<RawRequest>): void;
  /**
   * Waits for the callback and answers the URL the browser opens; `prepared`: the flow as a push (RFC 9126) or a
   * request object (RFC 9101) left it, whose URL that is.
   */
  authorizationStarted(prepared?: OAuth2State): Promise<string | null>;
  waitCancelled(): Promise<void>;
  legSent(leg: SentLeg): Promise<void>;
  /** Prepares the bearer call with a token outside the b64token grammar, as the server issued it. */
  bearerSentAnyway(): void;
  /** The URL the browser landed on, pasted when the redirect cannot reach the catcher: the same checks apply. */
  urlPasted(url: string): Promise<void>;
  /** prompt and max_age for the authorization URL (OIDC Core §3.1.2.1): null, or why they cannot be sent. */
  loginOptionsSet(login: LoginOptions): string | null;
  /** A token this flow's refresh obtained on another page (the OpenID Connect page's lifecycle): the flow follows. */
  tokenReplaced(next: OAuth2State): void;
  /**
   * The flow's refresh token died on another page (the lifecycle revoked it, or its refresh drew invalid_grant):
   * `why` is shown in place of "available", and the saved token is marked.
   */
  refreshTokenDied(refreshToken: string, why: string): void;
}

/** A page with no flow running yet, or a flow just started over: every leg's result and wait forgotten. */
export const NO_FLOW = {
  flow: null,
  current: 'authorize',
  authorizeUrl: null,
  catcherUri: null,
  waitId: null,
  callback: null,
  callbackOutcome: null,
  receivedCode: null,
  waitEnded: null,
  rejected: [],
  drafts: {},
  runs: {},
  startError: null,
  bearerProblem: null,
  standing: NO_STANDING,
  flowMistake: null,
  authorizationOpenedAt: null,
  verdicts: {},
} as const satisfies Partial<OAuth2FlowState>;

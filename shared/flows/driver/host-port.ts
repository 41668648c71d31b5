import type { Check } from '../../check';
import type { Exchange, RawRequest } from '../../http';
import type { ClientAssertionTrace } from '../../oauth2/client-assertion';
import type { TokenSet } from '../../oauth2/token-response';
import type { CryptoPort, RandomPort } from '../../ports';
import type { HistoryVerdict } from '../../store/history-record';

/**
 * What a flow waits for at the redirect URI: OAuth 2 matches the callback by `state` (RFC 6749 §10.12
 * (https://www.rfc-editor.org/rfc/rfc6749#section-10.12)), OAuth 1.0a by the request token echoed as `oauth_token`
 * (RFC 5849 §6.2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-6.2.3)).
 */
export type RedirectTarget =
  | {
      readonly kind: 'oauth2';
      readonly state: string | null;
      /** RFC 9207: the `iss` expected in the callback, and whether the metadata makes it required. */
      readonly issuer?: string;
      readonly issuerRequired?: boolean;
    }
  | { readonly kind: 'oauth1'; readonly requestToken: string };

/**
 * How one leg's request goes out: the leg's name (the history's `leg`) and its verdict. Cancelling is the host's
 * (Ctrl-C in the CLI, Start over in the app abort what is in flight): shared/ has no AbortSignal.
 */
export interface LegSendOptions {
  readonly leg: string;
  /**
   * The leg's own verdict on the exchange (its checks know the flow). The host records the exchange once, with this
   * verdict: no second write. A request that got no answer is recorded by the host as not answered.
   */
  readonly verdictOf: (exchange: Exchange) => HistoryVerdict;
}

/**
 * The authorization leg as the client saw it (RFC 6749 §4.1.1-4.1.2): the URL the user's browser was sent to and
 * when, and the redirect back's query, caught at the redirect URI or read from the URL the user pasted.
 */
export interface RedirectLanded {
  readonly authorizeUrl: string;
  readonly openedAt: number;
  readonly query: string;
  /** The URL the user pasted (the browser's address bar); null when the catcher caught the redirect. */
  readonly pastedUrl: string | null;
}

/**
 * The authorization leg as the history records it, like every sent leg with its verdict: the authorization request
 * as sent and the redirect back (`callbackUrl`: at the redirect URI, with the query the client judged).
 */
export interface RedirectRecord {
  readonly leg: string;
  readonly authorizeUrl: string;
  readonly callbackUrl: string;
  readonly pasted: boolean;
  readonly openedAt: number;
  readonly verdict: HistoryVerdict;
}

/** Tokens a leg obtained: an OAuth 2 token response's, or OAuth 1.0a's token credentials (RFC 5849 §2.3). */
export type LegTokens =
  | { readonly kind: 'oauth2'; readonly token: TokenSet }
  | {
      readonly kind: 'oauth1';
      readonly token: string;
      readonly secret: string;
      readonly fields: Readonly<Record<string, string>>;
    };

/**
 * What the driver tells the host as a flow goes on: a leg starts, a client assertion was signed into its request
 * (client-auth-port.ts), a leg's checks are judged.
 */
export type LegReport =
  | { readonly kind: 'step'; readonly leg: string; readonly title: string }
  | { readonly kind: 'assertion'; readonly leg: string; readonly trace: ClientAssertionTrace }
  | { readonly kind: 'checks'; readonly leg: string; readonly checks: readonly Check[] };

/**
 * The host a flow's legs run on (the CLI plugs in its services, the app its bridge). Every effect a leg has comes
 * through here: shared/ has no clock, randomness or network of its own.
 */
export interface FlowHostPort {
  /** Sends the request exactly as given and records the exchange with `options.verdictOf`'s verdict. */
  send(request: RawRequest, options: LegSendOptions): Promise<Exchange>;
  /** A leg obtained tokens: the host keeps them (with the profile) and may show them. */
  saveTokens(obtained: LegTokens, leg: string): void;
  now(): number;
  /** Waits before a poll (RFC 8628 §3.5's interval); rejects when the user stops the flow (Ctrl-C, Start over). */
  sleep(ms: number): Promise<void>;
  readonly random: RandomPort;
  readonly crypto: CryptoPort;
  report(event: LegReport): void;
  /** Records the authorization leg once, with its verdict (resolves once it is written, or could not be). */
  recordRedirect(record: RedirectRecord): Promise<void>;
}

/**
 * A host that runs a whole flow by itself (the CLI): it also sends the user's browser to the authorization URL and
 * waits for the redirect back. The app's page does that leg with the user instead (its catcher's event or a pasted
 * URL, judged by the same leg: run-leg.ts openRedirectLeg / judgeRedirect).
 */
export interface FlowRunnerPort extends FlowHostPort {
  /** Opens `authorizeUrl` for the user and resolves with the redirect back (caught or pasted). */
  awaitRedirect(authorizeUrl: string, expected: RedirectTarget): Promise<RedirectLanded>;
}

/** The effects a leg's request may draw on as it is built (an OAuth 1.0a nonce, timestamp and signature). */
export type LegEffects = Pick<FlowHostPort, 'random' | 'crypto' | 'now'>;

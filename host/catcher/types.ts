import type { Check } from '../../shared/check';
import type { ProviderError } from '../../shared/flows/callback-checks';

export type { ProviderError };

/** One decoded query parameter of the callback, in the order received. */
export type CallbackParam = readonly [name: string, value: string];

/**
 * What a flow waits for. OAuth 2 flows are matched by `state` (RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12)); `state: null` means the flow
 * sent none, so a callback that carries one is rejected (oauth4webapi `expectNoState`). OAuth 1.0a flows are
 * matched by the request token the provider echoes as `oauth_token` (RFC 5849 §6.2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-6.2.3)), or names in a denial.
 */
export type WaitTarget =
  | {
      readonly kind: 'oauth2';
      readonly state: string | null;
      /** RFC 9207 (https://www.rfc-editor.org/rfc/rfc9207): when set, an `iss` in the callback must equal it. */
      readonly issuer?: string;
      /** RFC 9207: the server advertises `authorization_response_iss_parameter_supported`, so `iss` must be present. */
      readonly issuerRequired?: boolean;
    }
  | { readonly kind: 'oauth1'; readonly requestToken: string };

export interface WaitOptions {
  /** Overrides the catcher's default wait timeout. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** How the hit was tied to its wait: the parameter that carried its key (`no_state`: a flow that sent no state). */
export type MatchedBy = 'state' | 'no_state' | 'oauth_token' | 'denied';

interface CaughtBase {
  /** The full callback URL as received (scheme, the Host header, path and raw query). Contains the code: do not log it. */
  readonly url: string;
  readonly path: string;
  /** The raw query without `?` ('' when none). */
  readonly query: string;
  readonly params: readonly CallbackParam[];
  readonly receivedAt: number;
  readonly matchedBy: MatchedBy;
  /** The callback's checks; a message may name expected values, so the browser page shows only names and verdicts. */
  readonly checks: readonly Check[];
  /** True only when every check passed: the flow may go on to the token request. */
  readonly mayContinue: boolean;
  readonly providerError: ProviderError | null;
}

export interface CaughtOAuth2Callback extends CaughtBase {
  readonly kind: 'oauth2';
  /** The code when it appeared exactly once; use it only when `mayContinue`. */
  readonly code: string | null;
  readonly state: string | null;
  readonly iss: string | null;
}

export interface CaughtOAuth1Callback extends CaughtBase {
  readonly kind: 'oauth1';
  readonly oauthToken: string | null;
  readonly oauthVerifier: string | null;
}

export type CaughtCallback = CaughtOAuth2Callback | CaughtOAuth1Callback;

/** What happened to a request on the callback path that did not complete a wait normally, or to a stray request. */
export type CatcherEvent =
  | {
      readonly type: 'callback';
      readonly at: number;
      /** `unmatched`: a rejected attempt, carrying no state or oauth_token that a pending flow waits for. */
      readonly outcome: 'matched' | 'unmatched' | 'already_handled' | 'expired' | 'not_authorization_response';
      readonly status: number;
      readonly url: string;
      readonly params: readonly CallbackParam[];
    }
  | {
      readonly type: 'rejected';
      readonly at: number;
      readonly reason: 'not_found' | 'method_not_allowed' | 'bad_host';
      readonly status: number;
      readonly method: string;
      /** The path only: a stray request's query is not kept. */
      readonly path: string;
    };

export interface CatcherOptions {
  /** 0 or absent: an ephemeral port chosen by the system. A fixed port must match the registered redirect URI. */
  readonly port?: number;
  /** The callback path, default `/callback`. */
  readonly path?: string;
  /** Default timeout of each wait, default 5 minutes. */
  readonly timeoutMs?: number;
  /**
   * When set, the listener closes this many milliseconds after the last pending wait settles (RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3):
   * close the port once the response is returned). Until then a reload gets the "already handled" page.
   */
  readonly idleCloseMs?: number;
  readonly onEvent?: (event: CatcherEvent) => void;
  /** Clock for `receivedAt` and events; default `Date.now`. */
  readonly now?: () => number;
}

export interface Catcher {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly path: string;
  /** `http://127.0.0.1:<port><path>`: register exactly this string and send it again in the token request. */
  readonly redirectUri: string;
  /** How many waits are pending. */
  readonly pending: number;
  readonly closed: boolean;
  /**
   * Waits for the callback of one flow. Resolves with the callback and its checks (a failed check is data, not an
   * exception); rejects with a CatcherError on timeout, abort or close. Register the wait before opening the browser.
   */
  wait(target: WaitTarget, options?: WaitOptions): Promise<CaughtCallback>;
  /** Rejects pending waits, drops open connections and releases the port. */
  close(): Promise<void>;
}

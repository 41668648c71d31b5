import type { Exchange, SocketEnd } from '../shared/http';
import type { ProviderSignatureReport } from './oauth1-signature-report';

/** What the provider decided about one request, and why, in words a user can act on. */
export interface Verdict {
  readonly ok: boolean;
  /** A machine-readable reason: an oauth_problem or OAuth 2 error code, `ok`, `redirect`, `not_found`, … */
  readonly reason: string;
  readonly message: string;
}

/** One request the provider saw: the raw exchange, its own signature trace and its verdict. */
export interface ProviderEvent {
  readonly id: number;
  /** The provider clock's time (with any advance applied), ISO 8601. */
  readonly at: string;
  /** Which endpoint answered, e.g. `oauth1.requestToken`, `oauth2.token`, `admin`, `not_found`. */
  readonly endpoint: string;
  readonly exchange: Exchange;
  readonly verdict: Verdict;
  /** OAuth 1.0a requests: the base string and signature the provider computed, and the client's signature. */
  readonly signature: ProviderSignatureReport | null;
  /** Behaviour this response shows that the service's interface does not document (with the RFC followed). */
  readonly assumptions: readonly string[];
  /** The sender's end of the connection the request arrived on (its address and port); null if it was gone. */
  readonly client: SocketEnd | null;
}

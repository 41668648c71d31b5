import type { CryptoPort } from '../../shared/ports';
import type { ConsumerConfig, Switches } from '../config';
import type { ProviderState } from '../state';

/** The OAuth 1.0a endpoints a signed request can reach (interface §5.1). */
export type OAuth1Endpoint = 'request_token' | 'access_token' | 'resource';

/** What verifying a request reads: the configuration, the switches, the state and the host's crypto. */
export interface VerifyContext {
  readonly consumers: readonly ConsumerConfig[];
  readonly switches: Switches;
  readonly state: ProviderState;
  readonly crypto: CryptoPort;
  /** The host:port the server listens on, used when a request has no Host header (HTTP/1.0). */
  readonly listenAuthority: string;
  /** `http://127.0.0.1:PORT`, for the authorization address a refusal names. */
  readonly baseUrl: () => string;
}

import type { DpopMistakeId } from './mistakes';

/** What the proof is checked against; each expectation left out is a check skipped, never passed. */
export interface DpopExpectations {
  readonly method?: string | null;
  readonly url?: string | null;
  /** The access token sent with the proof (resource calls): ath must be its hash (§4.3 check 12). */
  readonly accessToken?: string | null;
  /** The nonce the server last sent (§8, §9). */
  readonly nonce?: string | null;
  /** The thumbprint the access token is bound to (`cnf.jkt`, §6.1). */
  readonly boundJkt?: string | null;
  readonly nowSeconds: number;
  /** How old a proof may be (§11.1); 300 s unless told. */
  readonly maxAgeSeconds?: number;
  /** How far ahead of the server's clock iat may be (§11.1); 60 s unless told. */
  readonly leewaySeconds?: number;
  readonly algorithms?: readonly string[];
  /** True when this jti was seen before within the proof's lifetime (§11.1). */
  readonly jtiSeen?: (jti: string) => boolean;
}

/** Records one check: failed with its fault, or passed (fault null); or skipped with why. */
export interface Recorder {
  readonly check: (id: DpopMistakeId, fault: string | null, passDetail: string) => void;
  readonly skip: (id: DpopMistakeId, why: string) => void;
}

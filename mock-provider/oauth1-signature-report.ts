import type { TraceStep } from '../shared/oauth1';

/** The provider's side of a signature check, for the event stream. Secrets are never included. */
export interface ProviderSignatureReport {
  readonly signatureMethod: string | null;
  readonly placement: string | null;
  /** The signature the client sent (hidden for PLAINTEXT, where it is the secrets themselves). */
  readonly clientSignature: string | null;
  /** The signature the provider computed (hidden for PLAINTEXT; null for RSA, which it verifies with the public key). */
  readonly expectedSignature: string | null;
  readonly baseStringUri: string | null;
  readonly normalizedParameters: string | null;
  readonly baseString: string | null;
  readonly steps: readonly TraceStep[];
  /** Why no base string could be computed, when that happened. */
  readonly error: string | null;
}

/** The base string, its parts and the trace: what the event adds to the verdict. */
export type SignatureDetails = Pick<
  ProviderSignatureReport,
  'baseStringUri' | 'normalizedParameters' | 'baseString' | 'steps'
>;

/** The report as verification leaves it; `details` computes the rest again when the event is built (same input, same core). */
export type SignatureFindings = Omit<ProviderSignatureReport, keyof SignatureDetails> & {
  readonly details: () => SignatureDetails;
};

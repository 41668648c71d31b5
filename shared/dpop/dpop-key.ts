import type { Jwk } from '../ports';

/**
 * The JWS algorithms a DPoP key may use here (RFC 9449 §4.2 (https://www.rfc-editor.org/rfc/rfc9449#section-4.2):
 * asymmetric only, never `none` or a MAC): ES256 first, the default, as every DPoP server supports it.
 */
export const DPOP_ALGS = ['ES256', 'RS256', 'PS256', 'EdDSA'] as const;
export type DpopAlg = (typeof DPOP_ALGS)[number];

export const isDpopAlg = (alg: unknown): alg is DpopAlg => (DPOP_ALGS as readonly unknown[]).includes(alg);

/**
 * A client's DPoP key pair as shared/ sees it: the public JWK that goes into every proof's header, and a signer.
 * The private key stays in the adapter that made or loaded it (platform/jose.ts).
 */
export interface DpopKey {
  readonly alg: DpopAlg;
  /** Public members only (RFC 9449 §4.2: the header's jwk "MUST NOT contain a private key"). */
  readonly publicJwk: Jwk;
  /** The compact JWS (RFC 7515 §7.1 (https://www.rfc-editor.org/rfc/rfc7515#section-7.1)) of this header and payload, signed with the private key. */
  sign(header: Readonly<Record<string, unknown>>, payload: Readonly<Record<string, unknown>>): Promise<string>;
}

import { z } from 'zod';
import { DPOP_ALGS } from '../../dpop/dpop-key';

/**
 * DPoP across the bridge (RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449)): the host reads or makes the
 * profile's DPoP key and signs proofs with it, so the private key never meets the page's crypto, as client
 * assertions are signed there. The page builds each proof's claims and trace; the host signs only a proof of
 * that key (typ dpop+jwt, its public JWK in the header).
 */
const keyText = z.string().max(64 * 1024, 'the DPoP key must be at most 64 KiB');
const jwkSchema = z.looseObject({ kty: z.string() });

export const dpopKeyInputSchema = z.strictObject({
  /** A private JWK or PKCS#8 PEM; empty: a new key is made. */
  key: keyText,
  alg: z.enum(DPOP_ALGS).nullable(),
});

export const dpopKeyOutputSchema = z.strictObject({
  /** The key's text: as given, or the new key as a private JWK (a secret, kept with the profile). */
  key: z.string(),
  alg: z.enum(DPOP_ALGS),
  publicJwk: jwkSchema,
  /** The JWK SHA-256 thumbprint (RFC 7638), the jkt a token bound to the key carries (RFC 9449 §6.1). */
  thumbprint: z.string(),
});

export const dpopSignInputSchema = z.strictObject({
  key: keyText.min(1, 'the DPoP key is empty'),
  alg: z.enum(DPOP_ALGS).nullable(),
  header: z.record(z.string(), z.unknown()),
  payload: z.record(z.string(), z.unknown()),
});

export const dpopSignOutputSchema = z.strictObject({ jws: z.string() });

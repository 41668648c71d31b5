import { z } from 'zod';
import { RSA_SIGNATURE_METHODS } from '../../oauth1/signing';

/**
 * rsaVerify across the bridge: the page's crypto has no RSA, so the host checks an RSA-SHA* signature (RFC 5849
 * §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3), RSASSA-PKCS1-v1_5) against many base strings at once. Bounded so one call stays short for the host, which
 * also serves the mock: the page splits larger sets into several calls.
 */
export const RSA_VERIFY_LIMITS = {
  publicKeyChars: 64 * 1024,
  /** A 16384-bit key's signature is 2732 base64 characters. */
  signatureChars: 4096,
  baseStrings: 256,
  baseStringChars: 1024 * 1024,
} as const;

const L = RSA_VERIFY_LIMITS;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const rsaVerifyInputSchema = z.strictObject({
  method: z.enum(RSA_SIGNATURE_METHODS),
  publicKeyPem: z
    .string()
    .trim()
    .min(1, 'the public key is empty')
    .max(L.publicKeyChars, `the public key must be at most ${L.publicKeyChars / 1024} KiB`),
  signature: z
    .string()
    .min(1, 'the signature is empty')
    .max(L.signatureChars, `the signature must be at most ${L.signatureChars} characters`)
    .regex(BASE64, 'the signature must be base64 (A-Z a-z 0-9 + / and = padding), the encoding RFC 5849 §3.4.3 sends'),
  baseStrings: z
    .array(z.string().max(L.baseStringChars, `each base string must be at most ${L.baseStringChars / 1024 / 1024} MiB`))
    .min(1, 'give at least one base string')
    .max(L.baseStrings, `at most ${L.baseStrings} base strings per call`),
});

/** One answer per base string, in the order given. */
export const rsaVerifyOutputSchema = z.strictObject({ matches: z.array(z.boolean()) });

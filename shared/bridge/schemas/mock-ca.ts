import { z } from 'zod';

/**
 * The mock's local CA for mutual TLS (RFC 8705) as the bridge shows it, and client certificates issued from it.
 * A private key crosses the bridge only when asked (`withPem`), for a profile that keeps it as a secret, as it keeps
 * a DPoP key; otherwise only where its file is.
 */

/** A client certificate's name becomes its file name and its subject CN: letters, digits, '.', '_' and '-' only. */
export const CLIENT_CERTIFICATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const CLIENT_CERTIFICATE_NAME_RULE = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit";

export const mockCaSchema = z.strictObject({
  /** The CA certificate, PEM: what a client trusts the mock's TLS port with. */
  certificatePem: z.string(),
  /** SHA-256 of the certificate's DER, colon-separated hex as browsers and openssl show it. */
  sha256Fingerprint: z.string(),
  certificatePath: z.string(),
});

export const issueClientCertificateInputSchema = z.strictObject({
  name: z
    .string()
    .regex(CLIENT_CERTIFICATE_NAME, `the certificate name must be ${CLIENT_CERTIFICATE_NAME_RULE}, e.g. my-client`),
  /** Also answer with the certificate and its key as PEM (for a profile's client certificate fields). */
  withPem: z.boolean().optional(),
});

export const issuedClientCertificateSchema = z.strictObject({
  certificatePath: z.string(),
  keyPath: z.string(),
  /** tls_client_auth_subject_dn to register (RFC 8705 §2.1.2). */
  subjectDn: z.string(),
  /** x5t#S256 (RFC 8705 §3.1). */
  thumbprint: z.string(),
  /** With `withPem` only. */
  certificatePem: z.string().optional(),
  keyPem: z.string().optional(),
});

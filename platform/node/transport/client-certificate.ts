import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { ClientCertificateInfo, RawRequest } from '../../../shared/http';
import { TransportError } from './errors';

/**
 * The client certificate of mutual TLS (RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)): read
 * before any socket opens, so a bad file is named in words rather than as an OpenSSL code, and described (subject,
 * SHA-256 thumbprint) for the leg that presented it. The key is never described.
 */
export function checkClientCertificate(c: { readonly cert: string; readonly key: string }, request: RawRequest): void {
  const refuse = (message: string) => new TransportError('invalid_request', message, request, 'prepare');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(c.cert);
  } catch {
    throw refuse('The client certificate is not a PEM certificate ("-----BEGIN CERTIFICATE-----").');
  }
  try {
    createPrivateKey(c.key);
  } catch {
    throw refuse('The client key is not a PEM private key (PKCS#8, PKCS#1 or SEC1), or it is encrypted.');
  }
  if (!cert.checkPrivateKey(createPrivateKey(c.key)))
    throw refuse(`The client key does not belong to the client certificate (${cert.subject.replace(/\n/g, ', ')}).`);
}

export function clientCertificateInfo(pem: string): ClientCertificateInfo {
  const cert = new X509Certificate(pem);
  return { subject: cert.subject.replace(/\n/g, ', '), fingerprint256: cert.fingerprint256 };
}

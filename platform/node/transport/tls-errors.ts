import type { PeerCertificate as PeerCertificateInput } from 'node:tls';
import type { TransportErrorCode } from './errors';
import type { PeerCertificate } from './types';

/** OpenSSL verification codes meaning "no trusted authority vouches for this certificate" (what allowSelfSigned accepts). */
export const UNTRUSTED_ISSUER = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

const ALLOW =
  'If this is your own development server, turn on "accept self-signed certificates" for this profile (you will see a warning) or add its CA certificate; otherwise stop: someone may be intercepting the connection.';

/**
 * Node / OpenSSL certificate and handshake errors in words. `detail` is Node's reason where it has one
 * (e.g. which names the certificate does cover).
 */
export function explainTlsError(
  code: string | undefined,
  host: string,
  detail: string | null
): { code: TransportErrorCode; message: string } | null {
  const d = detail ? ` ${detail.replace(/\.?$/, '.')}` : '';
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return {
        code: 'tls_self_signed',
        message: `The server ${host} presented a self-signed certificate: no trusted authority vouches for it. ${ALLOW}`,
      };
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return {
        code: 'tls_self_signed',
        message: `The certificate chain of ${host} ends in a self-signed root that is not trusted (often a private CA or a TLS-inspecting company proxy). Add that root as a trusted CA, or: ${ALLOW}`,
      };
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return {
        code: 'tls_unknown_ca',
        message: `The certificate of ${host} was issued by an authority this computer does not trust (unknown CA), or the server does not send its intermediate certificates. Add the issuing CA as trusted, fix the server's chain, or: ${ALLOW}`,
      };
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return {
        code: 'tls_hostname_mismatch',
        message: `The certificate presented by ${host} is not valid for that name (host name mismatch).${d} Use a URL whose host the certificate covers, or fix the server's certificate.`,
      };
    case 'CERT_HAS_EXPIRED':
      return {
        code: 'tls_expired',
        message: `The certificate of ${host} has expired.${d} The server must renew it; if the date looks wrong, check this computer's clock.`,
      };
    case 'CERT_NOT_YET_VALID':
      return {
        code: 'tls_not_yet_valid',
        message: `The certificate of ${host} is not valid yet.${d} Check this computer's clock, or the server's certificate dates.`,
      };
    case 'CERT_REVOKED':
      return {
        code: 'tls_revoked',
        message: `The certificate of ${host} has been revoked by its issuer. Do not continue; the server must get a new certificate.`,
      };
    case 'CERT_SIGNATURE_FAILURE':
    case 'CERT_UNTRUSTED':
    case 'CERT_REJECTED':
    case 'INVALID_CA':
    case 'INVALID_PURPOSE':
    case 'PATH_LENGTH_EXCEEDED':
    case 'CERT_CHAIN_TOO_LONG':
    case 'UNABLE_TO_DECRYPT_CERT_SIGNATURE':
    case 'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY':
      return {
        code: 'tls_untrusted',
        message: `The certificate of ${host} was rejected (${code}): its chain is invalid. Fix the server's certificate chain.`,
      };
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      return {
        code: 'tls_handshake_failed',
        message: `${host} did not answer with TLS (${code}): it is probably a plain HTTP server. Use http:// instead of https://, or check the port.`,
      };
    default:
      if (code?.startsWith('ERR_SSL_') || code === 'EPROTO' || code === 'ERR_TLS_HANDSHAKE_TIMEOUT') {
        return {
          code: 'tls_handshake_failed',
          message: `The TLS handshake with ${host} failed (${code}).${d} The server may require a TLS version or cipher this client does not offer, or it is not a TLS server.`,
        };
      }
      return null;
  }
}

/** The parts of a peer certificate worth showing (RFC 5280 (https://www.rfc-editor.org/rfc/rfc5280) names flattened to text). */
export function describeCertificate(cert: PeerCertificateInput): PeerCertificate {
  const name = (n: Record<string, string | string[]> | undefined) =>
    n
      ? Object.entries(n)
          .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
          .join(', ')
      : '';
  return {
    subject: name(cert.subject as unknown as Record<string, string | string[]>),
    issuer: name(cert.issuer as unknown as Record<string, string | string[]>),
    subjectAltName: cert.subjectaltname ?? null,
    validFrom: cert.valid_from,
    validTo: cert.valid_to,
    fingerprint256: cert.fingerprint256,
  };
}

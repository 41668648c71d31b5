import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type { PeerCertificate } from '../http';
import { subjectDn, thumbprintS256 } from './local-ca';

/** What the client presented on a TLS connection (null on plain HTTP, or when it sent no certificate). */
export function peerCertificateOf(socket: Socket): { peerCertificate: PeerCertificate | null } | null {
  if (!(socket instanceof TLSSocket)) return null;
  const cert = socket.getPeerCertificate(false);
  if (!cert?.raw) return { peerCertificate: null };
  return {
    peerCertificate: {
      der: cert.raw,
      // The server asks for a certificate without refusing unverified ones, so self-signed ones can reach
      // self_signed_tls_client_auth; `authorized` says whether this one chains to the mock's CA.
      issuedByCa: socket.authorized,
      subjectDn: subjectDn(cert.raw),
      thumbprint: thumbprintS256(cert.raw),
    },
  };
}

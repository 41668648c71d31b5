import { X509Certificate } from 'node:crypto';
import { clientFailure } from '../client-auth-refusal';
import { fetchClientJwks } from '../client-jwks';
import type { ClientConfig } from '../config';
import type { ProviderContext } from '../context';
import type { ProviderRequest } from '../http';

/**
 * tls_client_auth and self_signed_tls_client_auth (RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)): the client sends only client_id; it is the
 * certificate of the TLS connection to the mock's mutual-TLS port that authenticates it. With tls_client_auth the
 * certificate must be issued by the mock's CA and carry the registered subject DN (§2.1.2); with
 * self_signed_tls_client_auth it must be one of the certificates (x5c) in the client's registered JWK Set (§2.2).
 */
export async function checkClientCertificate(
  req: ProviderRequest,
  ctx: ProviderContext,
  client: ClientConfig,
  method: 'tls_client_auth' | 'self_signed_tls_client_auth'
): Promise<void> {
  const fail = (why: string) =>
    clientFailure(false, ctx.config.realm, `Client authentication failed (${method}, RFC 8705 §2): ${why}`);
  const mtls = ctx.mtlsBaseUrl();
  if (!req.mtls)
    throw fail(
      `the request came over plain HTTP; send it to the mutual-TLS port ${mtls ?? '(not open: start the mock with its CA)'} with the client certificate (mtls_endpoint_aliases in discovery).`
    );
  const cert = req.peerCertificate;
  if (!cert) throw fail('no client certificate was presented on the TLS connection.');
  if (method === 'tls_client_auth') {
    if (!cert.issuedByCa)
      throw fail(
        `the certificate ${cert.subjectDn} is not issued by the mock's CA; issue one with oauth-lab mock --issue-client-cert NAME.`
      );
    if (cert.subjectDn !== client.tlsClientAuthSubjectDn)
      throw fail(
        `the certificate subject ${cert.subjectDn} does not match the registered tls_client_auth_subject_dn ${client.tlsClientAuthSubjectDn ?? '(none)'}.`
      );
    return;
  }
  const keys = client.jwks?.keys ?? (client.jwksUri ? await fetchClientJwks(client.jwksUri) : []);
  const registered = keys.flatMap((k) => {
    const x5c = (k as { x5c?: unknown }).x5c;
    return Array.isArray(x5c) && typeof x5c[0] === 'string' ? [x5c[0]] : [];
  });
  if (!registered.some((b64) => sameCertificate(b64, cert.der)))
    throw fail(
      `the certificate ${cert.subjectDn} (x5t#S256 ${cert.thumbprint}) is not among the ${registered.length} certificate(s) in the client's registered jwks (x5c).`
    );
}

function sameCertificate(x5c: string, der: Buffer): boolean {
  try {
    return new X509Certificate(Buffer.from(x5c, 'base64')).raw.equals(der);
  } catch {
    return false;
  }
}

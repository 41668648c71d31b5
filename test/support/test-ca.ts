import forge from 'node-forge';

/**
 * Certificates made at run time for TLS tests (node-forge: Node has no X.509 builder): a certificate authority,
 * server certificates it signs for 127.0.0.1, and client certificates, signed by it or by themselves. RSA 2048,
 * valid from an hour ago for a day. Everything is PEM.
 */
export interface Issued {
  readonly cert: string;
  readonly key: string;
}

let serial = 1;

function certificate(
  subjectCn: string,
  issuer: { cn: string; key: forge.pki.rsa.PrivateKey } | null,
  extensions: object[]
): Issued {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = String(serial++).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subjectCn }]);
  cert.setIssuer([{ name: 'commonName', value: issuer?.cn ?? subjectCn }]);
  cert.setExtensions(extensions);
  cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}

export interface TestCa extends Issued {
  /** A server certificate for 127.0.0.1 signed by this authority. */
  server(): Issued;
  /** A client certificate (RFC 8705 §2.1) with this common name, signed by this authority. */
  client(cn: string): Issued;
}

export function createTestCa(cn = 'OAuth Lab test CA'): TestCa {
  const ca = certificate(cn, null, [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true },
  ]);
  const issuer = { cn, key: forge.pki.privateKeyFromPem(ca.key) };
  return {
    ...ca,
    server: () =>
      certificate('127.0.0.1', issuer, [
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
        { name: 'extKeyUsage', serverAuth: true },
      ]),
    client: (clientCn) => certificate(clientCn, issuer, [{ name: 'extKeyUsage', clientAuth: true }]),
  };
}

/** A client certificate signed by its own key (RFC 8705 §2.2: self_signed_tls_client_auth). */
export const selfSignedClient = (cn: string): Issued =>
  certificate(cn, null, [{ name: 'extKeyUsage', clientAuth: true }]);

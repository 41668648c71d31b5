import { createHash, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * The mock's local certificate authority for mutual TLS (RFC 8705 (https://www.rfc-editor.org/rfc/rfc8705)): its own CA certificate, the mock's HTTPS server
 * certificate for 127.0.0.1 and localhost, and client certificates for tls_client_auth (§2.1). Keys are made by
 * node:crypto (fast, native) and certificates built with node-forge, since Node has no X.509 builder.
 */
export interface PemPair {
  readonly certificate: string;
  readonly privateKey: string;
}

const DAY_MS = 86_400_000;

function rsaKeys(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey; privatePem: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    privateKey: forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicPem) as forge.pki.rsa.PublicKey,
    privatePem,
  };
}

/** A positive serial of 16 random bytes (RFC 5280 §4.1.2.2: at most 20 octets, positive). */
const serial = (): string => `01${randomBytes(15).toString('hex')}`;

function certificate(
  subjectCn: string,
  publicKey: forge.pki.rsa.PublicKey,
  issuer: { cert: forge.pki.Certificate | null; key: forge.pki.rsa.PrivateKey },
  days: number,
  extensions: object[]
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial();
  const now = Date.now();
  // An hour back, so a client whose clock is a little behind still accepts it.
  cert.validity.notBefore = new Date(now - 3_600_000);
  // Never past the issuer's end: a chain is no longer valid than its CA.
  const end = now + days * DAY_MS;
  cert.validity.notAfter = new Date(issuer.cert ? Math.min(end, issuer.cert.validity.notAfter.getTime()) : end);
  // Least specific first, as X.509 names are encoded; RFC 4514 writes them the other way: CN=…,O=OAuth Lab mock.
  const subject = [
    { name: 'organizationName', value: 'OAuth Lab mock' },
    { name: 'commonName', value: subjectCn },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer.cert ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(extensions);
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

/** How long a CA lives: its key sits in the store, so a copy of it (or a trust of it) is useful for 90 days at most. */
const CA_DAYS = 90;

/**
 * RFC 5280 §4.2.1.10 name constraints, critical: the CA vouches for localhost (and its subdomains), 127.0.0.1 and ::1
 * only, so a user who trusts it, or anyone who copies its key, cannot make a certificate another site would pass
 * for. Client certificates carry no such names (RFC 8705 §2.1 matches their subject DN), so they are not affected.
 */
function loopbackNameConstraints(): object {
  const { asn1 } = forge;
  const sequence = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
  // GeneralName: dNSName [2] IA5String, iPAddress [7] OCTET STRING of the address then its mask (RFC 5280 §4.2.1.10).
  const name = (tag: number, bytes: string) => sequence([asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, bytes)]);
  const octets = (...values: number[]) => String.fromCharCode(...values);
  const permitted = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    name(2, 'localhost'),
    name(7, octets(127, 0, 0, 1, 255, 255, 255, 255)),
    name(7, octets(...new Array<number>(15).fill(0), 1, ...new Array<number>(16).fill(255))),
  ]);
  return { name: 'nameConstraints', id: '2.5.29.30', critical: true, value: sequence([permitted]) };
}

/** A new CA: self-signed, may sign certificates and nothing else (RFC 5280 §4.2.1.9, §4.2.1.3), for this machine's names only, CA_DAYS. */
export function createCa(): PemPair {
  const keys = rsaKeys();
  const cert = certificate('OAuth Lab mock CA', keys.publicKey, { cert: null, key: keys.privateKey }, CA_DAYS, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    loopbackNameConstraints(),
  ]);
  return { certificate: forge.pki.certificateToPem(cert), privateKey: keys.privatePem };
}

/** Whether a CA is one this version makes: with the name constraints (a CA kept from before has none). */
export const hasNameConstraints = (ca: PemPair): boolean =>
  Boolean(forge.pki.certificateFromPem(ca.certificate).getExtension('nameConstraints'));

function issue(ca: PemPair, cn: string, extensions: object[]): PemPair {
  const keys = rsaKeys();
  const issuer = {
    cert: forge.pki.certificateFromPem(ca.certificate),
    key: forge.pki.privateKeyFromPem(ca.privateKey) as forge.pki.rsa.PrivateKey,
  };
  const cert = certificate(cn, keys.publicKey, issuer, 825, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    ...extensions,
  ]);
  return { certificate: forge.pki.certificateToPem(cert), privateKey: keys.privatePem };
}

/** The mock's HTTPS server certificate, for 127.0.0.1, ::1 and localhost. */
export const issueServerCertificate = (ca: PemPair): PemPair =>
  issue(ca, 'localhost', [
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);

/** A client certificate with subject CN=`name`, O=OAuth Lab mock (RFC 8705 §2.1: the CA-issued kind). */
export const issueClientCertificate = (ca: PemPair, name: string): PemPair =>
  issue(ca, name, [{ name: 'extKeyUsage', clientAuth: true }]);

/** A certificate's SHA-256 thumbprint as RFC 8705 §3.1 binds a token to it: base64url of the DER's digest (x5t#S256). */
export const thumbprintS256 = (der: Buffer): string => createHash('sha256').update(der).digest('base64url');

/** The subject distinguished name as RFC 4514 writes it (most specific first), e.g. `CN=app,O=OAuth Lab mock`. */
export function subjectDn(der: Buffer): string {
  // node prints one attribute a line, least specific first; RFC 4514 joins them with commas the other way round.
  return new X509Certificate(der).subject.split('\n').reverse().join(',');
}

import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_CERTIFICATE_NAME, CLIENT_CERTIFICATE_NAME_RULE } from '../../shared/bridge/schemas/mock-ca';
import {
  createCa,
  hasNameConstraints,
  issueClientCertificate,
  issueServerCertificate,
  subjectDn,
  thumbprintS256,
  type PemPair,
} from './local-ca';

/**
 * Where the mock keeps its local CA: `<store>/mock-ca/ca.pem` and `ca-key.pem` (readable by this user only), made
 * on first use and kept, so client certificates issued once stay valid across runs; client certificates go to
 * `<store>/mock-ca/clients/NAME.pem` and `NAME-key.pem`.
 */
const CA_DIRECTORY = 'mock-ca';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** A day: a kept CA or server certificate closer than this to its end is made or issued again. */
const RENEW_BEFORE_MS = 86_400_000;

/**
 * The kept CA, or a new one when there is none, it is within a day of its end, or it lacks the name constraints (one
 * made before they were added): client certificates it issued then stop working and must be issued again.
 */
function loadOrCreateCa(storeDir: string, now = Date.now()): { ca: PemPair; certificatePath: string } {
  const dir = join(storeDir, CA_DIRECTORY);
  const certificatePath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'ca-key.pem');
  try {
    const kept = { certificate: readFileSync(certificatePath, 'utf8'), privateKey: readFileSync(keyPath, 'utf8') };
    const end = Date.parse(new X509Certificate(kept.certificate).validTo);
    if (end - now > RENEW_BEFORE_MS && hasNameConstraints(kept)) return { ca: kept, certificatePath };
  } catch (e) {
    if (!isMissing(e)) throw e;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ca = createCa();
  writeFileSync(keyPath, ca.privateKey, { mode: 0o600 });
  writeFileSync(certificatePath, ca.certificate, { mode: 0o644 });
  return { ca, certificatePath };
}

/** Whether a kept server certificate is still good: signed by this CA, its key the one beside it, not near its end. */
function stillValid(server: PemPair, ca: PemPair, now: number): boolean {
  try {
    const cert = new X509Certificate(server.certificate);
    return (
      cert.verify(new X509Certificate(ca.certificate).publicKey) &&
      cert.checkPrivateKey(createPrivateKey(server.privateKey)) &&
      Date.parse(cert.validTo) - now > RENEW_BEFORE_MS
    );
  } catch {
    return false;
  }
}

/**
 * The mock's HTTPS server certificate and key (`<store>/mock-ca/server.pem`, `server-key.pem`), issued once and kept:
 * a new RSA key costs about 0.1 s on every start otherwise. Keeping its key beside the CA's key, with the same
 * owner-only mode, adds no exposure: whoever reads that directory can issue any certificate anyway. Issued again
 * when the kept one is missing, not a certificate, from another CA, not matching its key, or within a day of its end.
 */
function loadOrCreateServerCertificate(storeDir: string, ca: PemPair, now: number): PemPair {
  const dir = join(storeDir, CA_DIRECTORY);
  const certificatePath = join(dir, 'server.pem');
  const keyPath = join(dir, 'server-key.pem');
  try {
    const kept = { certificate: readFileSync(certificatePath, 'utf8'), privateKey: readFileSync(keyPath, 'utf8') };
    if (stillValid(kept, ca, now)) return kept;
  } catch (e) {
    if (!isMissing(e)) throw e;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const server = issueServerCertificate(ca);
  writeFileSync(keyPath, server.privateKey, { mode: 0o600 });
  writeFileSync(certificatePath, server.certificate, { mode: 0o644 });
  return server;
}

/** What the mock needs for its mutual-TLS port, from the store: the CA (made on first use) and its server certificate. */
export function loadMockTls(
  storeDir: string,
  now = Date.now()
): { ca: PemPair; server: PemPair; certificatePath: string } {
  const { ca, certificatePath } = loadOrCreateCa(storeDir, now);
  return { ca, server: loadOrCreateServerCertificate(storeDir, ca, now), certificatePath };
}

export interface IssuedClientCertificate {
  readonly certificatePath: string;
  readonly keyPath: string;
  /** tls_client_auth_subject_dn to register (RFC 8705 §2.1.2). */
  readonly subjectDn: string;
  /** x5t#S256 of the certificate (RFC 8705 §3.1). */
  readonly thumbprint: string;
}

/** Issues a client certificate from the store's CA and writes it with its key; a bad name is refused, saying why. */
export function issueClientCertificateFiles(storeDir: string, name: string): IssuedClientCertificate {
  if (!CLIENT_CERTIFICATE_NAME.test(name))
    throw new Error(`client certificate name ${JSON.stringify(name)} must be ${CLIENT_CERTIFICATE_NAME_RULE}.`);
  const { ca } = loadOrCreateCa(storeDir);
  const issued = issueClientCertificate(ca, name);
  const dir = join(storeDir, CA_DIRECTORY, 'clients');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certificatePath = join(dir, `${name}.pem`);
  const keyPath = join(dir, `${name}-key.pem`);
  writeFileSync(keyPath, issued.privateKey, { mode: 0o600 });
  writeFileSync(certificatePath, issued.certificate, { mode: 0o644 });
  const der = Buffer.from(issued.certificate.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return { certificatePath, keyPath, subjectDn: subjectDn(der), thumbprint: thumbprintS256(der) };
}

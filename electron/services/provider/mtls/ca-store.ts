import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCa, issueClientCertificate, subjectDn, thumbprintS256, type PemPair } from './local-ca';

/**
 * Where the mock keeps its local CA: `<store>/mock-ca/ca.pem` and `ca-key.pem` (readable by this user only), made
 * on first use and kept, so client certificates issued once stay valid across runs; client certificates go to
 * `<store>/mock-ca/clients/NAME.pem` and `NAME-key.pem`.
 */
const CA_DIRECTORY = 'mock-ca';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

export function loadOrCreateCa(storeDir: string): { ca: PemPair; certificatePath: string } {
  const dir = join(storeDir, CA_DIRECTORY);
  const certificatePath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'ca-key.pem');
  try {
    return {
      ca: { certificate: readFileSync(certificatePath, 'utf8'), privateKey: readFileSync(keyPath, 'utf8') },
      certificatePath,
    };
  } catch (e) {
    if (!isMissing(e)) throw e;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ca = createCa();
  writeFileSync(keyPath, ca.privateKey, { mode: 0o600 });
  writeFileSync(certificatePath, ca.certificate, { mode: 0o644 });
  return { ca, certificatePath };
}

/** A client certificate name becomes a file name: letters, digits, '.', '_' and '-' only. */
const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

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
  if (!CLIENT_NAME.test(name))
    throw new Error(
      `client certificate name ${JSON.stringify(name)} must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit.`
    );
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

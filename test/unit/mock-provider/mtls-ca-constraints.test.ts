import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import forge from 'node-forge';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMockTls } from '../../../mock-provider/mtls/ca-store';
import { createCa, issueServerCertificate, type PemPair } from '../../../mock-provider/mtls/local-ca';

/**
 * The mock's local CA vouches only for this machine's names (RFC 5280 §4.2.1.10 name
 * constraints: localhost, 127.0.0.1, ::1) and lives 90 days: a certificate it signs for another name is refused by
 * a TLS client that trusts it, over real sockets, and a kept CA without the constraints is replaced.
 */
let server: Server | null = null;
let dir: string | null = null;
afterEach(async () => {
  if (server) await new Promise((r) => server!.close(r));
  server = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A server certificate for `name` signed with the CA's key, as anyone holding that key could make. */
function signedFor(ca: PemPair, name: string): PemPair {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: name }]);
  const caCert = forge.pki.certificateFromPem(ca.certificate);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }]);
  cert.sign(forge.pki.privateKeyFromPem(ca.privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificate: forge.pki.certificateToPem(cert), privateKey: forge.pki.privateKeyToPem(keys.privateKey) };
}

/** A TLS handshake with a 127.0.0.1 server presenting `served`, as `servername`, trusting only `ca`: null or why it was refused. */
async function handshake(ca: PemPair, served: PemPair, servername: string): Promise<string | null> {
  server = createServer({ cert: served.certificate, key: served.privateKey });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca: ca.certificate }, () => {
      socket.destroy();
      resolve(null);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(`${e.code}: ${e.message}`));
  });
}

describe("the mock's local CA", () => {
  it('vouches for localhost, and a certificate it signs for another name is refused (name constraints)', async () => {
    const ca = createCa();
    expect(await handshake(ca, issueServerCertificate(ca), 'localhost')).toBeNull();
    const refused = await handshake(ca, signedFor(ca, 'bank.example'), 'bank.example');
    expect(refused).toMatch(/PERMITTED_SUBTREE_VIOLATION|permitted subtree/i);
  });

  it('lives 90 days, and what it issues ends no later than it does', () => {
    const ca = createCa();
    const cert = new X509Certificate(ca.certificate);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(days).toBeLessThanOrEqual(91);
    expect(days).toBeGreaterThanOrEqual(89);
    const server = new X509Certificate(issueServerCertificate(ca).certificate);
    expect(Date.parse(server.validTo)).toBeLessThanOrEqual(Date.parse(cert.validTo));
  });

  it('kept in the store without name constraints (made by an earlier version), is replaced by one with them', () => {
    dir = mkdtempSync(join(tmpdir(), 'oauth-lab-ca-constraints-'));
    const first = loadMockTls(dir);
    const old = forge.pki.certificateFromPem(first.ca.certificate);
    old.setExtensions([
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ]);
    old.sign(forge.pki.privateKeyFromPem(first.ca.privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    writeFileSync(join(dir, 'mock-ca', 'ca.pem'), forge.pki.certificateToPem(old));
    const renewed = loadMockTls(dir);
    expect(renewed.ca.certificate).not.toBe(forge.pki.certificateToPem(old));
    expect(forge.pki.certificateFromPem(renewed.ca.certificate).getExtension('nameConstraints')).toBeTruthy();
    expect(
      new X509Certificate(renewed.server.certificate).verify(new X509Certificate(renewed.ca.certificate).publicKey)
    ).toBe(true);
  });
});

import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadMockTls } from '../../../mock-provider/mtls/ca-store';
import { createCa, issueServerCertificate } from '../../../mock-provider/mtls/local-ca';

/**
 * The mock's CA and its HTTPS server certificate kept in the store (mock-ca/): the server certificate is issued once
 * and read back on later starts (no new RSA key each time), and issued again when the kept one is not good for this
 * CA: from another CA, with another key beside it, or within a day of its end.
 */
let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'oauth-lab-ca-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const serverFile = () => join(dir, 'mock-ca', 'server.pem');
const serverKeyFile = () => join(dir, 'mock-ca', 'server-key.pem');

it('keeps the server certificate and its key (owner-only) and reads them back on the next start', () => {
  const first = loadMockTls(dir);
  expect(readFileSync(serverFile(), 'utf8')).toBe(first.server.certificate);
  if (process.platform !== 'win32') expect(statSync(serverKeyFile()).mode & 0o777).toBe(0o600);
  const again = loadMockTls(dir);
  expect(again.ca).toEqual(first.ca);
  expect(again.server).toEqual(first.server);
  const cert = new X509Certificate(again.server.certificate);
  expect(cert.verify(new X509Certificate(first.ca.certificate).publicKey)).toBe(true);
  expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
});

it('issues the server certificate again when the kept one is from another CA or has another key beside it', () => {
  const first = loadMockTls(dir);
  const foreign = issueServerCertificate(createCa());
  writeFileSync(serverFile(), foreign.certificate);
  const afterForeign = loadMockTls(dir).server;
  expect(afterForeign.certificate).not.toBe(foreign.certificate);
  expect(afterForeign.certificate).not.toBe(first.server.certificate);
  writeFileSync(serverKeyFile(), foreign.privateKey);
  const afterKey = loadMockTls(dir).server;
  expect(afterKey.privateKey).not.toBe(foreign.privateKey);
  expect(new X509Certificate(afterKey.certificate).checkPrivateKey(createPrivateKey(afterKey.privateKey))).toBe(true);
});

it('issues the server certificate again within a day of its end', () => {
  const first = loadMockTls(dir);
  const end = Date.parse(new X509Certificate(first.server.certificate).validTo);
  expect(loadMockTls(dir, end - 2 * 86_400_000).server).toEqual(first.server);
  expect(loadMockTls(dir, end - 3_600_000).server.certificate).not.toBe(first.server.certificate);
});

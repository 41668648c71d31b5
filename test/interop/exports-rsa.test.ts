import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest } from '../../host/export';
import { DEFAULT_CREDENTIALS, parseConfig } from '../../mock-provider';
import { findPython, run, scratch, startMockSession, type MockSession } from '../unit/host/export/mock-session';
import { hasRuntime } from '../support/system-runtimes';
import { runJava } from '../support/compile-once';

/**
 * RSA-SHA256 (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)): the signing code signs with the consumer's private key, which the export carries
 * only when asked. The key is PKCS#1 (`BEGIN RSA PRIVATE KEY`), the form OpenSSL long wrote: Java's KeyFactory
 * reads PKCS#8 only, so the export converts it. The mock verifies with the consumer's public key.
 */
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const consumer = DEFAULT_CREDENTIALS.consumer;
let session: MockSession;
let token: { token: string; secret: string };
let files: ReturnType<typeof scratch>;
const python = findPython();

beforeAll(async () => {
  const config = parseConfig({
    oauth1: { consumers: [{ ...consumer, rsaPublicKey: keys.publicKey }] },
    switches: { signatureMethods: ['RSA-SHA256'] },
  });
  session = await startMockSession({ config, rsa: { signatureMethod: 'RSA-SHA256', privateKeyPem: keys.privateKey } });
  token = await session.oauth1Token();
  files = scratch();
}, 20_000);
afterAll(async () => {
  await session.stop();
  files.remove();
});

const post = () => session.signing(token, 'POST', '/api/v1/me?fields=name', [['status', 'Hello + ☃']]);

describe("RSA-SHA256 exports against a mock that knows the consumer's public key", () => {
  it('without secrets the private key is a placeholder, and no secret is in any export', () => {
    for (const target of ['python-oauth1', 'node-oauth1', 'java-oauth1', 'curl', 'postman', 'http-file', 'har']) {
      const result = exportRequest({ target, source: { kind: 'oauth1', signing: post() } });
      expect(result.text, target).not.toContain('PRIVATE KEY-----');
      expect(result.text, target).not.toContain(consumer.secret);
      expect(result.text, target).not.toContain(token.secret);
    }
    expect(exportRequest({ target: 'node-oauth1', source: { kind: 'oauth1', signing: post() } }).placeholders).toEqual([
      'YOUR_PRIVATE_KEY',
    ]);
  });
  it('the curl snapshot (the signature hides no secret) gives 200', { timeout: 20_000 }, async () => {
    const r = await run('sh', [
      files.write(
        'rsa.sh',
        `${exportRequest({ target: 'curl', source: { kind: 'oauth1', signing: post() } }).text} --silent --write-out '\\n%{http_code}'\n`
      ),
    ]);
    expect(r.stdout.split('\n').pop(), r.stdout).toBe('200');
  });
  it('Node node:crypto signs with the key: 200', { timeout: 20_000 }, async () => {
    const r = await run(process.execPath, [
      files.write(
        'rsa.mjs',
        exportRequest({ target: 'node-oauth1', source: { kind: 'oauth1', signing: post() }, includeSecrets: true }).text
      ),
    ]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  });
  it.skipIf(!python)('Python requests-oauthlib signs with the key: 200', { timeout: 30_000 }, async () => {
    const r = await run(python!, [
      files.write(
        'rsa.py',
        exportRequest({ target: 'python-oauth1', source: { kind: 'oauth1', signing: post() }, includeSecrets: true })
          .text
      ),
    ]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  });
  it.skipIf(!hasRuntime('java'))(
    'Java reads the key converted to PKCS#8 and signs: 200',
    { timeout: 60_000 },
    async () => {
      const result = exportRequest({
        target: 'java-oauth1',
        source: { kind: 'oauth1', signing: post() },
        includeSecrets: true,
      });
      expect(result.text).toContain('-----BEGIN PRIVATE KEY-----');
      const r = await runJava([files.write(result.filename, result.text)], { timeoutMs: 55_000 });
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    }
  );
});

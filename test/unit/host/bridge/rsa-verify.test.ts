import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../../../shared/bridge/dispatch';
import type { BridgeResult } from '../../../../shared/bridge/result';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { allVectors } from '../../../vectors/load';

/**
 * rsaVerify (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)) through the contract's dispatch and the app's composition root: the handler the page
 * relies on to check RSA signatures, its answers in order, and its refusals as invalid_input with what is expected.
 */
const rsa = (type: 'spki' | 'pkcs1' = 'spki') =>
  generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type, format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const keys = rsa();
const base = 'GET&https%3A%2F%2Fapi.example.com%2Fr&oauth_consumer_key%3Dk';
const other = 'GET&https%3A%2F%2Fapi.example.com%2Fr&oauth_consumer_key%3Dother';
const NODE_HASH = { 'RSA-SHA1': 'sha1', 'RSA-SHA256': 'sha256', 'RSA-SHA512': 'sha512' } as const;
const signed = (method: keyof typeof NODE_HASH, text: string, privateKey = keys.privateKey) =>
  sign(NODE_HASH[method], Buffer.from(text), privateKey).toString('base64');

let dir: string;
let services: AppServices;
const call = (input: unknown) =>
  dispatch(services.handlers, 'rsaVerify', input) as Promise<BridgeResult<{ matches: boolean[] }>>;
const refusal = async (input: unknown) => {
  const r = await call(input);
  if (r.ok) throw new Error('rsaVerify accepted the input');
  return r.error;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-rsa-verify-'));
  services = createAppServices({
    host: 'web',
    version: '0.0.0-test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
  });
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe('bridge rsaVerify', () => {
  it.each(['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'] as const)(
    '%s: answers each base string in order, true only for the one signed',
    async (method) => {
      const input = {
        method,
        publicKeyPem: keys.publicKey,
        signature: signed(method, base),
        baseStrings: [other, base, `${base}x`],
      };
      expect(await call(input)).toEqual({ ok: true, value: { matches: [false, true, false] } });
    }
  );

  it('a signature made with another hash or another key matches nothing', async () => {
    expect(
      await call({
        method: 'RSA-SHA1',
        publicKeyPem: keys.publicKey,
        signature: signed('RSA-SHA256', base),
        baseStrings: [base],
      })
    ).toEqual({ ok: true, value: { matches: [false] } });
    expect(
      await call({
        method: 'RSA-SHA1',
        publicKeyPem: rsa().publicKey,
        signature: signed('RSA-SHA1', base),
        baseStrings: [base],
      })
    ).toEqual({ ok: true, value: { matches: [false] } });
  });

  it('takes a PKCS#1 public key and an X.509 certificate (the OAuth wiki RSA-SHA1 vector)', async () => {
    const pkcs1 = rsa('pkcs1');
    expect(
      await call({
        method: 'RSA-SHA1',
        publicKeyPem: pkcs1.publicKey,
        signature: signed('RSA-SHA1', base, pkcs1.privateKey),
        baseStrings: [base],
      })
    ).toEqual({ ok: true, value: { matches: [true] } });
    const wiki = allVectors.find((v) => v.id === 'wiki-rsa-sha1')!;
    const r = await call({
      method: 'RSA-SHA1',
      publicKeyPem: wiki.inputs.certificate_pem,
      signature: wiki.expected.signature,
      baseStrings: [wiki.expected.base_string, base],
    });
    expect(r).toEqual({ ok: true, value: { matches: [true, false] } });
  });

  it.each([
    [
      'text that is no key',
      'not a key',
      /^The RSA public key could not be read: expected a PEM public key \(-----BEGIN PUBLIC KEY----- or -----BEGIN RSA PUBLIC KEY-----\) or an X\.509 certificate \(-----BEGIN CERTIFICATE-----\)\.$/,
    ],
    [
      'a damaged PEM',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      /^The RSA public key could not be read: expected a PEM public key/,
    ],
    [
      'a private key',
      keys.privateKey,
      /^The RSA public key is a private key; expected a PEM public key .*Checking a signature needs only the public key\.$/,
    ],
    [
      'an EC key',
      generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      }).publicKey,
      /^The RSA public key is an ec key; RSA-SHA1, RSA-SHA256 and RSA-SHA512 need an RSA key\.$/,
    ],
  ])('refuses %s as invalid_input, saying what it expects', async (_, publicKeyPem, message) => {
    const error = await refusal({
      method: 'RSA-SHA1',
      publicKeyPem,
      signature: signed('RSA-SHA1', base),
      baseStrings: [base],
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(message);
  });

  it.each(['not base64!', 'YWJj\nZA==', 'YWJjZA', 'YW=JjZA=='])(
    'refuses the signature %j: it must be base64',
    async (signature) => {
      expect(
        await refusal({ method: 'RSA-SHA1', publicKeyPem: keys.publicKey, signature, baseStrings: [base] })
      ).toMatchObject({
        code: 'invalid_input',
        message:
          'rsaVerify: signature: the signature must be base64 (A-Z a-z 0-9 + / and = padding), the encoding RFC 5849 §3.4.3 sends',
      });
    }
  );

  it.each([
    [
      '256 base strings, not 257',
      { baseStrings: Array(257).fill(base) },
      'rsaVerify: baseStrings: at most 256 base strings per call',
    ],
    ['at least one base string', { baseStrings: [] }, 'rsaVerify: baseStrings: give at least one base string'],
    [
      'base strings up to 1 MiB',
      { baseStrings: [base, 'a'.repeat(1024 * 1024 + 1)] },
      'rsaVerify: baseStrings[1]: each base string must be at most 1 MiB',
    ],
    [
      'a public key up to 64 KiB',
      { publicKeyPem: `${keys.publicKey}${' '.repeat(64 * 1024)}x` },
      'rsaVerify: publicKeyPem: the public key must be at most 64 KiB',
    ],
    [
      'a signature up to 4096 characters',
      { signature: 'A'.repeat(4100) },
      'rsaVerify: signature: the signature must be at most 4096 characters',
    ],
    ['an empty key', { publicKeyPem: ' \n' }, 'rsaVerify: publicKeyPem: the public key is empty'],
    ['RSA methods only', { method: 'HMAC-SHA1' }, /^rsaVerify: method: /],
  ])('bounds: %s', async (_, change, message) => {
    const error = await refusal({
      method: 'RSA-SHA1',
      publicKeyPem: keys.publicKey,
      signature: signed('RSA-SHA1', base),
      baseStrings: [base],
      ...change,
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(message);
  });

  it('takes 256 base strings in one call, and logs nothing', async () => {
    const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const many = Array.from({ length: 256 }, (_, i) => (i === 255 ? base : `${base}${i}`));
    const r = await call({
      method: 'RSA-SHA512',
      publicKeyPem: keys.publicKey,
      signature: signed('RSA-SHA512', base),
      baseStrings: many,
    });
    expect(r.ok && r.value.matches.map((m, i) => (m ? i : -1)).filter((i) => i >= 0)).toEqual([255]);
    await refusal({
      method: 'RSA-SHA1',
      publicKeyPem: 'not a key',
      signature: signed('RSA-SHA1', base),
      baseStrings: [base],
    });
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });
});

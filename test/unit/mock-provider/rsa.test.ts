import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, type ProviderEvent } from '../../../mock-provider';
import { approve1, C, CALLBACK, form, Harness, signed } from './helpers';

/** RSA-SHA1/256/512 (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)): the consumer signs with its private key, the mock verifies with rsaPublicKey. */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const ours = pair();
const stranger = pair();
const consumers = [
  { ...C.consumer, rsaPublicKey: ours.publicKey },
  { key: 'hmac-only', secret: 'hmac-only-secret', callback: CALLBACK },
];

let h: Harness;
beforeAll(async () => {
  h = await new Harness({
    configValue: {
      oauth1: { consumers },
      switches: { signatureMethods: ['HMAC-SHA1', 'RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'] },
    },
  }).start();
});
afterAll(() => h.stop());

const requestTokenRsa = (
  signatureMethod: 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512',
  privateKeyPem: string,
  consumerKey: string = C.consumer.key
) => signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK, signatureMethod, privateKeyPem, consumerKey });

describe('RSA signature methods (RFC 5849 §3.4.3)', () => {
  it.each(['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'] as const)(
    '%s signed with the consumer key pair is accepted',
    async (method) => {
      const r = await requestTokenRsa(method, ours.privateKey);
      expect(r.status).toBe(200);
      expect(form(r.body).oauth_token).toMatch(/^rt-/);
    }
  );

  it('three legs and an API call with RSA-SHA256: token secrets play no part in the signature', async () => {
    const rt = form((await requestTokenRsa('RSA-SHA256', ours.privateKey)).body);
    const verifier = new URL(String((await approve1(h, rt.oauth_token!)).headers.location)).searchParams.get(
      'oauth_verifier'
    )!;
    const rsa = { signatureMethod: 'RSA-SHA256', privateKeyPem: ours.privateKey } as const;
    const at = await signed(h, {
      path: '/oauth/v1/access_token',
      token: rt.oauth_token!,
      tokenSecret: 'not-the-request-token-secret',
      verifier,
      ...rsa,
    });
    expect(at.status).toBe(200);
    const me = await signed(h, {
      method: 'GET',
      path: '/api/v1/me',
      token: form(at.body).oauth_token!,
      tokenSecret: null,
      ...rsa,
    });
    expect(me.status).toBe(200);
  });

  it('signed by another key → 401 signature_invalid, naming the public key check and the base string', async () => {
    const r = await requestTokenRsa('RSA-SHA256', stranger.privateKey);
    expect(r.status).toBe(401);
    const f = form(r.body);
    expect(f.oauth_problem).toBe('signature_invalid');
    expect(f.oauth_problem_advice).toContain(`RSA public key of consumer "${C.consumer.key}"`);
    expect(f.oauth_problem_advice).toContain('POST&http%3A%2F%2F127.0.0.1');
    expect(r.headers['www-authenticate']).toMatch(/^OAuth /);
  });

  it('a consumer without rsaPublicKey → 401 signature_method_rejected saying so', async () => {
    const r = await requestTokenRsa('RSA-SHA256', ours.privateKey, 'hmac-only');
    expect(r.status).toBe(401);
    const f = form(r.body);
    expect(f.oauth_problem).toBe('signature_method_rejected');
    expect(f.oauth_problem_advice).toContain('Consumer "hmac-only" has no RSA public key configured');
    expect(f.oauth_problem_advice).toContain('or sign with HMAC-SHA1');
  });

  it('a method the switch does not allow → 400 signature_method_rejected', async () => {
    const strict = await new Harness({ configValue: { oauth1: { consumers } } }).start();
    try {
      const r = await signed(strict, {
        path: '/oauth/v1/request_token',
        callback: CALLBACK,
        signatureMethod: 'RSA-SHA1',
        privateKeyPem: ours.privateKey,
      });
      expect(r.status).toBe(400);
      expect(form(r.body)).toMatchObject({
        oauth_problem: 'signature_method_rejected',
        oauth_problem_advice: expect.stringContaining('this provider accepts HMAC-SHA1'),
      });
    } finally {
      await strict.stop();
    }
  });

  it('the event has the base string, the client signature, no expected signature, and steps that mask nothing secret', async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    await requestTokenRsa('RSA-SHA512', stranger.privateKey);
    off();
    const s = seen.find((e) => e.endpoint === 'oauth1.requestToken')!.signature!;
    expect(s).toMatchObject({ signatureMethod: 'RSA-SHA512', expectedSignature: null, error: null });
    expect(s.clientSignature).toMatch(/^[A-Za-z0-9+/]{300,}={0,2}$/);
    expect(s.baseString).toContain('oauth_signature_method%3DRSA-SHA512');
    const steps = Object.fromEntries(s.steps.map((step) => [step.id, step]));
    expect(steps['signature-base-string']).toMatchObject({ text: s.baseString });
    expect(steps['signature']).toMatchObject({ text: s.clientSignature, section: 'RFC 5849 §3.4.3' });
    expect(steps['signing-key']).toMatchObject({ text: expect.stringContaining('secrets are not used') });
  });
});

describe('rsaPublicKey configuration', () => {
  const config = (rsaPublicKey: unknown) => () =>
    parseConfig({ oauth1: { consumers: [{ key: 'k1', secret: 's', callback: CALLBACK, rsaPublicKey }] } });
  it('accepts an SPKI or PKCS#1 PEM public key', () => {
    expect(config(ours.publicKey)().oauth1.consumers[0]!.rsaPublicKey).toBe(ours.publicKey);
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    expect(() => config(pkcs1.publicKey)()).not.toThrow();
  });
  it.each([
    [
      'not PEM',
      'hello',
      /oauth1\.consumers\[0\]\.rsaPublicKey: consumer "k1": rsaPublicKey could not be read: expected a PEM public key/,
    ],
    [
      'a private key',
      ours.privateKey,
      /consumer "k1": rsaPublicKey is a private key; expected a PEM public key .*Checking a signature needs only the public key\./,
    ],
    [
      'an EC key',
      generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      }).publicKey,
      /consumer "k1": rsaPublicKey is an ec key; RSA-SHA1, RSA-SHA256 and RSA-SHA512 need an RSA key/,
    ],
    ['a number', 42, /oauth1\.consumers\[0\]\.rsaPublicKey: rsaPublicKey must be a PEM string/],
  ])('refuses %s with a ConfigError naming the consumer', (_what, value, message) => {
    expect(config(value)).toThrow(ConfigError);
    expect(config(value)).toThrow(message);
  });
  it('the switch accepts the RSA methods', () => {
    expect(
      parseConfig({ switches: { signatureMethods: ['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'] } }).switches
        .signatureMethods
    ).toEqual(['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512']);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { DEFAULT_CLIENT_PRIVATE_JWK } from '../../../../mock-provider/default-credentials';
import { flowInProcess } from './flow-in-process';

/**
 * `flow oauth2 --request-object` signs with the client's private key when it has one, whatever its authentication
 * (the mock verifies it with the jwks the client registered), else with the secret (HS256); stderr says which. One
 * the provider's metadata would refuse (request_object_signing_alg_values_supported) is refused before it is sent,
 * exit 2. Over real sockets, against the default mock (asymmetric algorithms only).
 */
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-ro-key-'));
let mock: MockProvider;
const opened: string[] = [];
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});
const browser = async (url: string) => {
  opened.push(url);
  await fetch(url, { redirect: 'follow' });
};
const requestObjectOf = (url: string) => new URL(url).searchParams.get('request')!;

/** A client registered by DCR (RFC 7591) with the public half of a new key; its private half in a file. */
async function keyClient(alg: 'ES256' | 'RS256' | 'PS256', kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const keyFile = join(dir, `${kid}.jwk`);
  writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid }));
  const r = await fetch(`${mock.baseUrl}/oidc/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid }] },
    }),
  });
  expect(r.status).toBe(201);
  return { clientId: ((await r.json()) as { client_id: string }).client_id, keyFile };
}

const flowWithKey = (clientId: string, keyFile: string, extra: string[] = []) =>
  flowInProcess(
    [
      'oauth2',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      clientId,
      '--client-auth',
      'private_key_jwt',
      '--private-key',
      keyFile,
      '--scope',
      'read',
      '--no-history',
      '--json',
      '--request-object',
      ...extra,
    ],
    browser
  );

describe('flow oauth2 --request-object with the client key', () => {
  it('private_key_jwt: signed ES256 with --private-key, its kid in the header, said on stderr; the mock accepts it', async () => {
    const { clientId, keyFile } = await keyClient('ES256', 'ro-es');
    const r = await flowWithKey(clientId, keyFile);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      "Signed ES256 with the client's private key (--private-key; the client authenticates with private_key_jwt)"
    );
    expect(r.err).toMatch(/header\.alg\s+ES256/);
    expect(r.err).toMatch(/header\.kid\s+ro-es/);
    expect(decodeProtectedHeader(requestObjectOf(opened.at(-1)!))).toMatchObject({
      alg: 'ES256',
      kid: 'ro-es',
      typ: 'oauth-authz-req+jwt',
    });
    expect(JSON.parse(r.out)).toMatchObject({ scope: 'read', access_token: expect.any(String) });
  });

  it('private_key_jwt with --signing-alg PS256 on an RSA key, pushed with --par', async () => {
    const { clientId, keyFile } = await keyClient('RS256', 'ro-rsa');
    const r = await flowWithKey(clientId, keyFile, ['--signing-alg', 'PS256', '--par']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("Signed PS256 with the client's private key");
    expect(r.err).toMatch(/== Request object[\s\S]*== Pushed authorization request/);
  });

  const builtInFlow = (extra: string[]) =>
    flowInProcess(
      [
        'oauth2',
        '--base-url',
        mock.baseUrl,
        '--client-id',
        DEFAULT_CREDENTIALS.client.id,
        '--client-secret',
        DEFAULT_CREDENTIALS.client.secret,
        '--client-auth',
        'basic',
        '--no-history',
        '--request-object',
        ...extra,
      ],
      browser
    );

  it('the built-in client without a private key, against the default mock: refused before sending, exit 2', async () => {
    const before = opened.length;
    for (const extra of [[], ['--par']]) {
      const r = await builtInFlow(extra);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(
        'The provider verifies request objects signed with RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA only (request_object_signing_alg_values_supported); this one would be signed HS256 with the client secret and refused (RFC 9101 §4). Pass --private-key FILE'
      );
      expect(r.err).toContain('docs/mock.md');
      expect(r.err).not.toContain('Pushed');
    }
    expect(opened.length).toBe(before);
  });

  it('the built-in client with its demo key from docs/mock.md (--private-key) and basic authentication: ES256, the mock accepts it', async () => {
    // The key as docs/mock.md gives it, for the user to save and pass: the built-in client's demo key.
    const documented = /```json\n(\{"kty":"EC".*\})\n```/.exec(readFileSync('docs/mock.md', 'utf8'))![1]!;
    expect(JSON.parse(documented)).toEqual(DEFAULT_CLIENT_PRIVATE_JWK);
    const keyFile = join(dir, 'demo.jwk');
    writeFileSync(keyFile, documented);
    const r = await builtInFlow(['--private-key', keyFile, '--scope', 'read', '--json']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      "Signed ES256 with the client's private key (--private-key; the client authenticates with basic)"
    );
    expect(decodeProtectedHeader(requestObjectOf(opened.at(-1)!))).toMatchObject({
      alg: 'ES256',
      kid: 'oauth-lab-client-demo',
    });
    expect(JSON.parse(r.out)).toMatchObject({ scope: 'read', access_token: expect.any(String) });
  });

  it('no private key, a provider that lists HS256 (requestObjectAlgs all): HS256 with the secret, said on stderr', async () => {
    mock.context.settings.switches.requestObjectAlgs = 'all';
    const r = await builtInFlow([]).finally(() => {
      mock.context.settings.switches.requestObjectAlgs = 'asymmetric';
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('Signed HS256 with the client secret, as the client has no private key (--private-key).');
    expect(decodeProtectedHeader(requestObjectOf(opened.at(-1)!)).alg).toBe('HS256');
  });
});

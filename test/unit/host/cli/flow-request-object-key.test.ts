import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { flowInProcess } from './flow-in-process';

/**
 * `flow oauth2 --request-object` signs with the client's private key when the client authenticates with
 * private_key_jwt (the mock verifies it with the jwks the client registered by DCR), else with the secret (HS256);
 * stderr says which. Over real sockets.
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
      "Signed ES256 with the client's private key (--private-key), as the client authenticates with private_key_jwt"
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

  it('a client authenticating with its secret: HS256 with the secret, said on stderr', async () => {
    const { client } = DEFAULT_CREDENTIALS;
    // HS* is verified only under requestObjectAlgs "all" (the default takes asymmetric algorithms only).
    mock.context.settings.switches.requestObjectAlgs = 'all';
    const r = await flowInProcess(
      [
        'oauth2',
        '--base-url',
        mock.baseUrl,
        '--client-id',
        client.id,
        '--client-secret',
        client.secret,
        '--client-auth',
        'basic',
        '--no-history',
        '--request-object',
      ],
      browser
    ).finally(() => {
      mock.context.settings.switches.requestObjectAlgs = 'asymmetric';
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      'Signed HS256 with the client secret, as the client authenticates with basic, not private_key_jwt.'
    );
    expect(decodeProtectedHeader(requestObjectOf(opened.at(-1)!)).alg).toBe('HS256');
  });
});

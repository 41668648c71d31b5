import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { capturingTokenEndpoint, machineCli } from './machine-cli';
import { scratchDir } from '../../../support/scratch-dir';

// `oauth-lab flow client-credentials` (RFC 6749 §4.4) against the mock and a capturing endpoint, over sockets.
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
const { client } = DEFAULT_CREDENTIALS;
const cc = (...args: string[]) => ['client-credentials', '--client-id', client.id, ...args];

describe('flow client-credentials', () => {
  it('--json prints the token response on stdout and exits 0; the checks go to stderr', async () => {
    const r = await machineCli(
      cc('--base-url', mock.baseUrl, '--client-secret', client.secret, '--scope', 'read', '--json')
    );
    expect(r.code, r.err).toBe(0);
    const fields = JSON.parse(r.out) as Record<string, unknown>;
    expect(fields).toMatchObject({ token_type: 'bearer', scope: 'read', expires_in: 3600 });
    expect(fields.access_token).toEqual(expect.any(String));
    expect(r.err).toContain('== Token request (client credentials)');
    expect(r.err).toContain('No refresh_token, as RFC 6749 §4.4.3 says: ask again before this token expires.');
    expect(r.err).not.toContain(client.secret);
  });

  it('finds the token endpoint by discovery with --issuer', async () => {
    const r = await machineCli(cc('--issuer', mock.baseUrl, '--client-secret', client.secret, '--json'));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`Discovery of ${mock.baseUrl}`);
    expect(JSON.parse(r.out)).toHaveProperty('access_token');
  });

  it('the secret from --client-secret-file or OAUTH_LAB_CLIENT_SECRET', async () => {
    const file = join(scratchDir('cc-secret-'), 'secret');
    writeFileSync(file, `${client.secret}\n`);
    expect((await machineCli(cc('--base-url', mock.baseUrl, '--client-secret-file', file))).code).toBe(0);
    const env = { OAUTH_LAB_CLIENT_SECRET: client.secret };
    expect((await machineCli(cc('--base-url', mock.baseUrl), undefined, env)).code).toBe(0);
  });

  it('a wrong secret: exit 1, the refusal in words, nothing on stdout', async () => {
    const r = await machineCli(cc('--base-url', mock.baseUrl, '--client-secret', 'wrong', '--json'));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain(
      'oauth-lab flow client-credentials: failed at token: HTTP 401, the provider says: invalid_client: Client authentication failed: wrong client_secret for oauth-lab-client.'
    );
  });

  it('no secret and no terminal: a usage error naming every way to give it, no request sent', async () => {
    const r = await machineCli(cc('--base-url', mock.baseUrl));
    expect(r.code).toBe(2);
    expect(r.err).toContain('--client-secret-file PATH or the environment variable OAUTH_LAB_CLIENT_SECRET');
  });

  it('sends scope, each --resource (RFC 8707) and --audience, with Basic authentication as asked', async () => {
    const endpoint = await capturingTokenEndpoint();
    try {
      const r = await machineCli(
        cc(
          '--token-url',
          endpoint.url,
          '--client-secret',
          's e/c',
          '--client-auth',
          'basic',
          '--scope',
          'read write',
          '--resource',
          'https://api.example.com/',
          '--resource',
          'https://files.example.com/',
          '--audience',
          'https://api.example.com'
        )
      );
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('access_token=captured-token');
      const [sent] = endpoint.requests;
      expect(sent!.body).toBe(
        'grant_type=client_credentials&scope=read%20write&resource=https%3A%2F%2Fapi.example.com%2F&resource=https%3A%2F%2Ffiles.example.com%2F&audience=https%3A%2F%2Fapi.example.com'
      );
      // RFC 6749 §2.3.1: id and secret form-encoded, then joined and base64-encoded.
      expect(sent!.headers.authorization).toBe(`Basic ${Buffer.from(`${client.id}:s%20e%2Fc`).toString('base64')}`);
    } finally {
      await endpoint.close();
    }
  });

  it('private_key_jwt and client_secret_jwt: a client registered by DCR gets a token with a fresh assertion', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const dir = scratchDir('cc-jwt-');
    const keyFile = join(dir, 'key.jwk');
    writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'k1' }));
    const register = async (metadata: Record<string, unknown>) =>
      (await (
        await fetch(`${mock.baseUrl}/oidc/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_types: ['client_credentials'], ...metadata }),
        })
      ).json()) as { client_id: string; client_secret?: string };
    const pk = await register({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] },
    });
    const signed = await machineCli([
      'client-credentials',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      pk.client_id,
      '--client-auth',
      'private_key_jwt',
      '--private-key',
      keyFile,
      '--json',
    ]);
    expect(signed.code, signed.err).toBe(0);
    expect(JSON.parse(signed.out)).toHaveProperty('access_token');
    expect(signed.err).toContain('client assertion (private_key_jwt, RFC 7523 §2.2):');
    const hs = await register({ token_endpoint_auth_method: 'client_secret_jwt' });
    const withSecret = await machineCli([
      'client-credentials',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      hs.client_id,
      // A random secret may start with "-", which a flag's separate value may not (docs/cli.md).
      `--client-secret=${hs.client_secret!}`,
      '--client-auth',
      'client_secret_jwt',
    ]);
    expect(withSecret.code, withSecret.err).toBe(0);
  });

  it('client authentication flags are checked before any request: a missing key, a key that does not fit the alg', async () => {
    const missing = await machineCli(cc('--base-url', mock.baseUrl, '--client-auth', 'private_key_jwt'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--client-auth private_key_jwt needs --private-key FILE');
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const keyFile = join(scratchDir('cc-alg-'), 'key.jwk');
    writeFileSync(keyFile, JSON.stringify(await exportJWK(privateKey)));
    const misfit = await machineCli(
      cc(
        '--base-url',
        mock.baseUrl,
        '--client-auth',
        'private_key_jwt',
        '--private-key',
        keyFile,
        '--signing-alg',
        'RS256'
      )
    );
    expect(misfit.code).toBe(2);
    expect(misfit.err).toContain('--private-key:');
    const half = await machineCli(cc('--base-url', mock.baseUrl, '--client-secret', 'x', '--client-cert', keyFile));
    expect(half.code).toBe(2);
    expect(half.err).toContain('--client-cert and --client-key go together');
  });

  it('exactly one of --base-url, --issuer, --token-url', async () => {
    const r = await machineCli(
      cc('--base-url', mock.baseUrl, '--token-url', `${mock.baseUrl}/t`, '--client-secret', 'x')
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('give only one of --base-url, --token-url.');
  });
});

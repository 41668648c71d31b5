import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../unit/host/cli/run-cli';
import { runFlowInProcess } from '../support/in-process-flow';
import { startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { scratchDir } from '../support/scratch-dir';

/**
 * Interop: `oauth-lab flow oauth2 --client-auth private_key_jwt | client_secret_jwt` against node-oidc-provider,
 * which verifies the assertions itself (RFC 7523 §3, OIDC Core §9): the code grant, and with --lifecycle the refresh,
 * introspection and revocation requests, each with a fresh assertion; an assertion signed with another key is refused.
 */
const SECRET = 'a-client-secret-long-enough-for-hs256-assertions';
const dir = scratchDir('oauth-lab-assertion-');
let op: RunningOidcProvider;
const keyFile = join(dir, 'key.pem');
const jwkFile = join(dir, 'key.jwk');
const otherKeyFile = join(dir, 'other.pem');

beforeAll(async () => {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  writeFileSync(keyFile, await exportPKCS8(rsa.privateKey));
  writeFileSync(jwkFile, JSON.stringify({ ...(await exportJWK(ec.privateKey)), kid: 'ec-1' }));
  writeFileSync(otherKeyFile, await exportPKCS8(other.privateKey));
  const native = {
    redirect_uris: ['http://127.0.0.1/callback'],
    application_type: 'native',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
  op = await startOidcProvider(
    [
      {
        ...native,
        client_id: 'pkjwt-client',
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: {
          keys: [
            { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' },
            { ...(await exportJWK(ec.publicKey)), kid: 'ec-1' },
          ],
        },
      },
      { ...native, client_id: 'csjwt-client', client_secret: SECRET, token_endpoint_auth_method: 'client_secret_jwt' },
    ],
    { revocation: { enabled: true }, introspection: { enabled: true } }
  );
});
afterAll(() => op.close());

/** `oauth-lab flow oauth2` against the provider, its authorization answered by the provider's user. */
function flow(args: string[]) {
  const argv = ['oauth2', '--base-url', op.issuer, '--authorize-path', '/auth', '--token-path', '/token'];
  const common = ['--scope', 'openid offline_access', '--prompt', 'consent', '--no-open', '--no-history'];
  return runFlowInProcess([...argv, ...common, ...args], op.browse);
}

it('private_key_jwt with an RSA PEM: the code grant, refresh, introspection and revocation each send a fresh assertion', async () => {
  const r = await flow([
    '--client-id',
    'pkjwt-client',
    '--client-auth',
    'private_key_jwt',
    '--private-key',
    keyFile,
    '--key-id',
    'rsa-1',
    '--lifecycle',
  ]);
  expect(r.err).not.toContain('failed at');
  expect(r.code).toBe(0);
  const jtis = [...r.err.matchAll(/claims +\{[^\n]*"jti":"([^"]+)"/g)].map((m) => m[1]);
  // token, refresh, introspect, revoke, introspect again: five assertions, no jti twice (RFC 7523 §3 item 7).
  expect(jtis).toHaveLength(5);
  expect(new Set(jtis).size).toBe(5);
  expect(r.err).toContain('header        {"alg":"RS256","typ":"JWT","kid":"rsa-1"}');
  expect(r.err).toContain(`"aud":"${op.issuer}/token"`);
  expect(r.err).toContain("key           the client's RSA private key (PKCS#8 PEM, kid rsa-1; masked)");
  expect(r.err).not.toContain('BEGIN PRIVATE KEY');
});

it('private_key_jwt with an EC JWK (ES256, kid from the file) and the issuer as aud', async () => {
  const r = await flow([
    '--client-id',
    'pkjwt-client',
    '--client-auth',
    'private_key_jwt',
    '--private-key',
    jwkFile,
    '--assertion-aud',
    'issuer',
  ]);
  expect(r.err).not.toContain('failed at');
  expect(r.code).toBe(0);
  expect(r.err).toContain('{"alg":"ES256","typ":"JWT","kid":"ec-1"}');
  expect(r.err).toContain(`"aud":"${op.issuer}"`);
});

it('client_secret_jwt: HS256 with the client secret', async () => {
  const r = await flow([
    '--client-id',
    'csjwt-client',
    '--client-secret',
    SECRET,
    '--client-auth',
    'client_secret_jwt',
  ]);
  expect(r.err).not.toContain('failed at');
  expect(r.code).toBe(0);
  expect(r.err).toContain('{"alg":"HS256","typ":"JWT"}');
  expect(r.err).not.toContain(SECRET);
});

it('an assertion signed with a key the client did not register is refused at the token leg', async () => {
  const r = await flow([
    '--client-id',
    'pkjwt-client',
    '--client-auth',
    'private_key_jwt',
    '--private-key',
    otherKeyFile,
  ]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/failed at token: .*invalid_client/);
});

it('a key that does not fit the algorithm is refused before anything is sent', async () => {
  const r = await flow([
    '--client-id',
    'pkjwt-client',
    '--client-auth',
    'private_key_jwt',
    '--private-key',
    keyFile,
    '--signing-alg',
    'ES256',
  ]);
  expect(r.code).toBe(2);
  expect(r.err).toContain('--signing-alg: ES256 does not fit the key: it is an RSA key (PKCS#8 PEM)');
  expect(r.err).not.toContain('Open this URL');
});

it('oauth-lab call refreshes an expired token with a private_key_jwt assertion, then calls UserInfo', async () => {
  const pk = ['--client-id', 'pkjwt-client', '--client-auth', 'private_key_jwt', '--private-key', keyFile];
  const obtained = await flow([...pk, '--json']);
  expect(obtained.code).toBe(0);
  const { refresh_token } = JSON.parse(obtained.out) as { refresh_token: string };
  const call = await runCli([
    'call',
    '--url',
    `${op.issuer}/me`,
    '--bearer',
    'expired-access-token',
    '--expires-at',
    '1',
    // A random token may start with "-", which a flag's separate value may not (docs/cli.md).
    `--refresh-token=${refresh_token}`,
    '--token-url',
    `${op.issuer}/token`,
    ...pk,
    '--no-history',
  ]);
  expect(call.err).toContain('client assertion (private_key_jwt, RFC 7523 §2.2)');
  expect(call.err).toContain('Refreshed (the token had passed expires_in)');
  expect(call.code).toBe(0);
  expect(JSON.parse(call.out)).toMatchObject({ sub: 'demo' });
});

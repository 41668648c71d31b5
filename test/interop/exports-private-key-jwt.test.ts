import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type OAuth2Source } from '../../host/export';
import type { ProviderEvent } from '../../mock-provider';
import { hasRuntime, SYSTEM_RUNTIMES } from '../support/system-runtimes';
import { run, scratch, startMockSession, type MockSession } from '../unit/host/export/mock-session';

/**
 * The private_key_jwt exports (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)) against the embedded mock, with a client registered by Dynamic
 * Client Registration (RFC 7591) with its public JWK: each run, told 401 for a token the mock does not know, signs
 * a new assertion (iss = sub = client_id, aud the token endpoint, a fresh jti) and gets a token by client
 * credentials. Two runs in a row both succeed, which a reused jti would not (the mock refuses a replay).
 */
let session: MockSession;
let files: ReturnType<typeof scratch>;
let clientId: string;
/** The statuses the mock answered to token requests authenticated by an assertion (its events hide the assertion). */
const assertionStatuses: number[] = [];
const python = hasRuntime('python3Jwt') ? SYSTEM_RUNTIMES.python3Jwt.probe[0] : null;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

beforeAll(async () => {
  session = await startMockSession();
  files = scratch();
  // The exported .mjs imports jose; the scratch directory resolves it from this project's node_modules.
  mkdirSync(join(files.dir, 'node_modules'));
  symlinkSync(resolve('node_modules/jose'), join(files.dir, 'node_modules', 'jose'));
  session.mock.subscribe((e: ProviderEvent) => {
    const form = new URLSearchParams(e.exchange.request.body ?? '');
    if (e.exchange.request.url.endsWith('/oauth/v2/token') && form.has('client_assertion'))
      assertionStatuses.push(e.exchange.response.status);
  });
  const discovery = (await (await fetch(`${session.base}/.well-known/openid-configuration`)).json()) as {
    registration_endpoint: string;
  };
  const res = await fetch(discovery.registration_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'private_key_jwt',
      scope: 'read',
      jwks: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'export-rs', alg: 'RS256', use: 'sig' }] },
    }),
  });
  const registered = (await res.json()) as { client_id: string };
  expect(res.status, JSON.stringify(registered)).toBe(201);
  clientId = registered.client_id;
}, 20_000);
afterAll(async () => {
  await session.stop();
  files.remove();
});

const source = (): OAuth2Source => ({
  kind: 'oauth2',
  grant: 'client_credentials',
  request: {
    method: 'GET',
    url: `${session.base}/api/v2/me`,
    headers: [['Authorization', 'Bearer a-token-the-mock-never-issued']],
  },
  tokenUrl: `${session.base}/oauth/v2/token`,
  clientId,
  clientAuthentication: 'private_key_jwt',
  clientKey: { privateKeyPem, alg: 'RS256', keyId: 'export-rs' },
  scope: 'read',
});

/**
 * Two runs, each renewing with its own assertion. The mock verifies what RFC 7523 §3 asks (iss = sub = client_id, aud
 * its token endpoint, the signature by the registered key, exp) and refuses a jti it has seen, so two accepted token
 * requests are two valid assertions with two different jti.
 */
async function runTwice(file: string, runtime: string): Promise<void> {
  assertionStatuses.length = 0;
  for (let i = 0; i < 2; i++) {
    const r = await run(runtime, [file]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('200');
  }
  await expect.poll(() => assertionStatuses).toEqual([200, 200]);
}

describe('private_key_jwt exports sign a fresh assertion for each token request', () => {
  it('Node with jose: two runs, two assertions, two tokens', { timeout: 30_000 }, async () => {
    const result = exportRequest({ target: 'node-oauth2', source: source(), includeSecrets: true });
    expect(result.text).toContain("import { SignJWT } from 'jose';");
    await runTwice(files.write('pkjwt.mjs', result.text), process.execPath);
  });
  it.skipIf(!python)('Python with PyJWT: two runs, two assertions, two tokens', { timeout: 30_000 }, async () => {
    const result = exportRequest({ target: 'python-oauth2', source: source(), includeSecrets: true });
    expect(result.text).toContain('import jwt');
    await runTwice(files.write('pkjwt.py', result.text), python!);
  });
  it('without secrets the private key is a placeholder and no client secret is asked for', () => {
    for (const target of ['node-oauth2', 'python-oauth2']) {
      const result = exportRequest({ target, source: source() });
      expect(result.placeholders).toEqual(['YOUR_ACCESS_TOKEN', 'YOUR_PRIVATE_KEY']);
      expect(result.text).not.toContain('PRIVATE KEY-----');
    }
  });
  it('collections refuse it by name, and a missing key is named', () => {
    expect(() => exportRequest({ target: 'postman', source: source() })).toThrow(
      /Postman cannot sign a fresh client assertion .*export python-oauth2 or node-oauth2 instead/
    );
    expect(() => exportRequest({ target: 'http-file', source: source() })).toThrow(
      /cannot sign a fresh client assertion/
    );
    expect(() => exportRequest({ target: 'node-oauth2', source: { ...source(), clientKey: null } })).toThrow(
      /private_key_jwt needs the client key: its private key PEM and its JWS alg/
    );
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_CLIENT, opCodeFlowArgs, startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { flowInProcess } from '../unit/host/cli/flow-in-process';
import { scratchDir } from '../support/scratch-dir';

/**
 * Interop: OAuth Lab's pushed authorization requests and request objects (`flow oauth2 --par`, `--request-object`)
 * against node-oidc-provider with features.pushedAuthorizationRequests and features.requestObjects on: an
 * implementation nobody here wrote accepts the pushed request, its request_uri, and the HS256 request object.
 */
let op: RunningOidcProvider;
let strict: RunningOidcProvider;
// A private_key_jwt client (OIDC Core §9): its request objects are signed with the same key (RFC 9101 §4).
const keyFile = join(scratchDir('par-op-key-'), 'key.jwk');
const client = {
  ...OP_CLIENT,
  // RFC 8252 §7.3: a native client's loopback redirect may use any port, as the flow's catcher does.
  redirect_uris: ['http://127.0.0.1/callback'],
  application_type: 'native',
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_post',
};
beforeAll(async () => {
  const features = {
    pushedAuthorizationRequests: { enabled: true },
    requestObjects: { enabled: true },
  };
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'lab-key' }));
  const keyClient = {
    ...client,
    client_id: 'lab-key-client',
    client_secret: undefined,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'lab-key', use: 'sig', alg: 'ES256' }] },
  };
  op = await startOidcProvider([client, keyClient], features);
  // RFC 9126 §6: this client may start an authorization only with a pushed request.
  strict = await startOidcProvider([{ ...client, require_pushed_authorization_requests: true }], features);
});
afterAll(async () => {
  await op.close();
  await strict.close();
});

const flow = (issuer: string, extra: string[]) =>
  flowInProcess([...opCodeFlowArgs(issuer), ...extra], async (url) =>
    fetch(await (issuer === op.issuer ? op : strict).browse(url, false))
  );

describe('against node-oidc-provider', () => {
  it('flow oauth2 --par: pushed, then the code flow with only client_id and request_uri in the browser', async () => {
    const r = await flow(op.issuer, ['--par']);
    expect(r.err).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/request/);
    expect(r.err).toMatch(/request_uri urn:ietf:params:oauth:request_uri:\S+/);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ id_token: expect.any(String) });
  });

  it('flow oauth2 --request-object: the HS256 request object by value, then pushed', async () => {
    const byValue = await flow(op.issuer, ['--request-object']);
    expect(byValue.code, byValue.err).toBe(0);
    const pushed = await flow(op.issuer, ['--par', '--request-object']);
    expect(pushed.code, pushed.err).toBe(0);
  });

  it('flow oauth2 --request-object with private_key_jwt: signed ES256 with the client key, by value and pushed', async () => {
    const run = (extra: string[]) =>
      flowInProcess(
        [
          'oauth2',
          '--base-url',
          op.issuer,
          '--authorize-path',
          '/auth',
          '--token-path',
          '/token',
          '--client-id',
          'lab-key-client',
          '--client-auth',
          'private_key_jwt',
          '--private-key',
          keyFile,
          '--scope',
          'openid',
          '--no-history',
          '--json',
          '--request-object',
          ...extra,
        ],
        async (url) => fetch(await op.browse(url, false))
      );
    const byValue = await run([]);
    expect(byValue.code, byValue.err).toBe(0);
    expect(byValue.err).toContain(
      "Signed ES256 with the client's private key (--private-key; the client authenticates with private_key_jwt)"
    );
    const pushed = await run(['--par']);
    expect(pushed.code, pushed.err).toBe(0);
  });

  it('a client that requires PAR (RFC 9126 §6) is refused without --par and served with it', async () => {
    const front = await flow(strict.issuer, []);
    expect(front.code).toBe(1);
    expect(front.err).toContain('failed at authorize');
    expect(front.err).toContain('Pushed Authorization Request must be used');
    const pushed = await flow(strict.issuer, ['--par']);
    expect(pushed.code, pushed.err).toBe(0);
  });
});

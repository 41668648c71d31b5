import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OP_CLIENT, opCodeFlowArgs, startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { flowInProcess } from '../unit/host/cli/flow-in-process';
import { runCli } from '../unit/host/cli/run-cli';

/**
 * Interop: OAuth Lab's DPoP client (`flow oauth2 --dpop`, `call --dpop`) against node-oidc-provider with DPoP on and
 * a nonce required (features.dPoP, RFC 9449 §8, §9): a DPoP-bound token from the code flow, each nonce challenge
 * followed, and UserInfo called with the token and a fresh proof of the same key.
 */
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-op-dpop-'));
const keyFile = join(dir, 'key.jwk');
let op: RunningOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider(
    [
      {
        ...OP_CLIENT,
        // RFC 8252 §7.3: a native client's loopback redirect may use any port, as the flow's catcher does.
        redirect_uris: ['http://127.0.0.1/callback'],
        application_type: 'native',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // oidc-provider's options beyond `enabled` are not in the local declarations (test/interop/oidc-provider.d.ts).
    { dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true } as { enabled: boolean } }
  );
  writeFileSync(
    keyFile,
    JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey))
  );
});
afterAll(async () => {
  await op.close();
  rmSync(dir, { recursive: true, force: true });
});

it('flow oauth2 --dpop gets a DPoP-bound token through the nonce challenge; call --dpop reads UserInfo with it', async () => {
  const r = await flowInProcess([...opCodeFlowArgs(op.issuer), '--dpop', '--dpop-key', keyFile], async (url) =>
    fetch(await op.browse(url, false))
  );
  expect(r.err).toContain(
    'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the token request again with it'
  );
  expect(r.err).toContain('token_type is DPoP');
  expect(r.code, r.err).toBe(0);
  const fields = JSON.parse(r.out) as { access_token: string; token_type: string };
  expect(fields.token_type).toBe('DPoP');

  const c = await runCli([
    'call',
    '--url',
    `${op.issuer}/me`,
    '--no-history',
    // With `=`: a base64url token may begin with "-", which the CLI would read as a missing value.
    `--bearer=${fields.access_token}`,
    '--dpop',
    '--dpop-key',
    keyFile,
  ]);
  expect(c.err).toContain('Answered 401 use_dpop_nonce with a DPoP-Nonce (RFC 9449 §9); sent again with the nonce.');
  expect(c.code, c.err).toBe(0);
  expect(JSON.parse(c.out)).toEqual({ sub: 'demo' });
});

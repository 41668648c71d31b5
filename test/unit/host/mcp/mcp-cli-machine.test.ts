import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../../support/scratch-dir';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// `oauth-lab mcp` without a browser and with sender constraints, against the mock over sockets (MCP authorization
// extensions): --grant client-credentials with a secret or a private_key_jwt assertion, --grant jwt-bearer with a
// workload's assertion, and --dpop with nonces at the authorization server (RFC 9449 §8) and the MCP server (§9).
const REDIRECT = 'http://127.0.0.1:8765/callback';
const dir = scratchDir('mcp-machine-');
const keyFile = join(dir, 'agent.jwk');
let h: Harness;
let workloadKey: CryptoKey;
beforeAll(async () => {
  const signer = await generateKeyPair('ES256', { extractable: true });
  const workload = await generateKeyPair('ES256', { extractable: true });
  workloadKey = workload.privateKey;
  h = new Harness({
    autoLoginUser: 'demo',
    configValue: {
      oauth2: {
        clients: [
          { ...C.client },
          {
            id: 'signed-agent',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'private_key_jwt',
            jwks: { keys: [{ ...(await exportJWK(signer.publicKey)), kid: 'a-1' }] },
          },
          {
            id: 'hs-agent',
            secret: 'hs-agent-secret-of-32-characters!',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'client_secret_jwt',
          },
          { id: 'workload-issuer', redirectUris: [REDIRECT], jwks: { keys: [await exportJWK(workload.publicKey)] } },
        ],
      },
    },
  });
  await h.start();
  writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(signer.privateKey)), kid: 'a-1' }));
});
afterAll(() => h.stop());

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, `${text}\n`);
  return path;
};

const workloadAssertion = () =>
  new SignJWT({ iss: 'workload-issuer', sub: 'build-robot', aud: h.base, jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES256' })
    .setExpirationTime('1m')
    .sign(workloadKey);

const clientCredentials = ['--grant', 'client-credentials', '--client-id', C.client.id];

describe('oauth-lab mcp: machine modes and sender constraints against the mock', () => {
  it('--grant client-credentials with Basic and the secret from a file: no browser, the tools listed', async () => {
    const secret = file('secret', C.client.secret!);
    const r = await runMcpCli([
      `${h.base}/mcp`,
      ...clientCredentials,
      '--client-auth',
      'basic',
      '--client-secret-file',
      secret,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([]);
    expect(r.stdout).toContain('whoami');
    expect(r.stderr).toContain('Token request (client credentials)');
    expect(r.stderr).toContain('The MCP server answered with the access token.');
  });

  it('--grant client-credentials --client-auth private_key_jwt --assertion-aud issuer: aud is the issuer', async () => {
    const r = await runMcpCli([
      `${h.base}/mcp`,
      '--grant',
      'client-credentials',
      '--client-id',
      'signed-agent',
      '--client-auth',
      'private_key_jwt',
      '--private-key',
      keyFile,
      '--assertion-aud',
      'issuer',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('client assertion (private_key_jwt, RFC 7523 §2.2):');
    expect(r.stderr).toContain(`"aud":"${h.base}"`);
    expect(r.stdout).toContain('whoami');
  });

  it('--client-auth client_secret_jwt: the assertion signed with the secret (HS256), aud the token endpoint', async () => {
    const env = { ...process.env, OAUTH_LAB_CLIENT_SECRET: 'hs-agent-secret-of-32-characters!' };
    const r = await runMcpCli(
      [
        `${h.base}/mcp`,
        '--grant',
        'client-credentials',
        '--client-id',
        'hs-agent',
        '--client-auth',
        'client_secret_jwt',
      ],
      undefined,
      env
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('client assertion (client_secret_jwt, RFC 7523 §2.2):');
    expect(r.stderr).toContain(`"aud":"${h.base}/oauth/v2/token"`);
  });

  it('metadata without code_challenge_methods_supported (mock fault no-pkce): a machine grant uses no PKCE, goes on', async () => {
    await h.settings({ switches: { mcpFault: 'no-pkce' } });
    try {
      const r = await runMcpCli([`${h.base}/mcp`, ...clientCredentials, '--client-secret', C.client.secret!]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        'code_challenge_methods_supported is absent: not needed by the client-credentials grant (no authorization code, no PKCE).'
      );
      expect(r.stdout).toContain('whoami');
    } finally {
      await h.settings({ switches: { mcpFault: 'off' } });
    }
  });

  it('metadata without authorization_endpoint (mock fault no-authorization-endpoint): a machine grant goes on', async () => {
    await h.settings({ switches: { mcpFault: 'no-authorization-endpoint' } });
    try {
      const r = await runMcpCli([`${h.base}/mcp`, ...clientCredentials, '--client-secret', C.client.secret!]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        'authorization_endpoint is absent: not needed by the client-credentials grant (RFC 8414 §2 requires it only of a server with a grant that uses it).'
      );
      expect(r.stdout).toContain('whoami');
    } finally {
      await h.settings({ switches: { mcpFault: 'off' } });
    }
  });

  it('--grant jwt-bearer --assertion-file: the workload assertion redeemed for a token the MCP server takes', async () => {
    const assertion = file('workload.jwt', await workloadAssertion());
    const r = await runMcpCli([
      `${h.base}/mcp`,
      '--grant',
      'jwt-bearer',
      '--assertion-file',
      assertion,
      '--client-id',
      C.client.id,
      '--client-secret',
      C.client.secret!,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Token request (JWT bearer, RFC 7523 §2.1)');
    expect(r.stdout).toContain('whoami');
  });

  it('the assertion also from the environment (OAUTH_LAB_ASSERTION), never only on argv', async () => {
    const env = {
      ...process.env,
      OAUTH_LAB_ASSERTION: await workloadAssertion(),
      OAUTH_LAB_CLIENT_SECRET: C.client.secret,
    };
    const r = await runMcpCli([`${h.base}/mcp`, '--grant', 'jwt-bearer', '--client-id', C.client.id], undefined, env);
    expect(r.code, r.stderr).toBe(0);
  });

  it('--dpop with nonces: the token request and the MCP request each follow their server nonce', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    try {
      const r = await runMcpCli([
        `${h.base}/mcp`,
        ...clientCredentials,
        '--client-secret',
        C.client.secret!,
        '--dpop',
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the token request again with it'
      );
      expect(r.stderr).toContain(
        'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §9): the mcp request again with it'
      );
      // The MCP calls carry the token in the DPoP scheme, with a proof bound to it by ath (RFC 9449 §4.2, §7.1).
      expect(r.stderr).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/mcp:\n(?: {2}.*\n)*? {2}ath /);
      expect(JSON.parse(r.stdout)).toHaveProperty('tools');
    } finally {
      await h.settings({ switches: { dpopNonce: false } });
    }
  });

  it('--dpop with a key made for the run: the token bound to it is neither saved nor a saved one used', async () => {
    const store = scratchDir('mcp-machine-store-');
    const run = () =>
      runMcpCli(
        [`${h.base}/mcp`, ...clientCredentials, '--client-secret', C.client.secret!, '--dpop', '--no-history'],
        store
      );
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      'The token is bound to a DPoP key made for this run: it is not saved (--dpop-key FILE keeps the key, and the token with it).'
    );
    const second = await run();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('The token saved for this server');
  });

  it('--dpop with the authorization code grant: the code redeemed with a proof, the MCP calls with DPoP', async () => {
    const r = await runMcpCli([
      `${h.base}/mcp`,
      '--client-id',
      C.client.id,
      '--client-secret',
      C.client.secret!,
      '--no-open',
      '--dpop',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toHaveLength(1);
    expect(r.stderr).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token:/);
    expect(r.stderr).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/mcp:/);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { flowInProcess } from './flow-in-process';
import { runCli } from './run-cli';

/** `flow oauth2 --dpop` against the mock over real sockets: the token leg with a proof, the binding checked, then used. */
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-flow-dpop-'));
const keyFile = join(dir, 'key.jwk');
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  writeFileSync(
    keyFile,
    JSON.stringify(await exportJWK((await generateKeyPair('EdDSA', { extractable: true })).privateKey))
  );
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});
const { client } = DEFAULT_CREDENTIALS;
const flow = (extra: string[]) =>
  flowInProcess([
    'oauth2',
    '--base-url',
    mock.baseUrl,
    '--client-id',
    client.id,
    '--client-secret',
    client.secret,
    '--scope',
    'read',
    '--no-history',
    '--json',
    '--dpop',
    ...extra,
  ]);

describe('oauth-lab flow oauth2 --dpop', () => {
  it('the token request carries a proof; token_type DPoP is checked; the token then works with call --dpop', async () => {
    const r = await flow(['--dpop-key', keyFile]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/DPoP key: EdDSA, from .*key\.jwk; JWK thumbprint \(RFC 7638\) [A-Za-z0-9_-]{43}/);
    expect(r.err).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token:/);
    expect(r.err).toContain('token_type is DPoP: the token is bound to the key of the proof (RFC 9449 §5.1).');
    expect(r.err).toContain('The access token is opaque: its binding (cnf.jkt) is seen only by introspection');
    const fields = JSON.parse(r.out) as { access_token: string; token_type: string; dpop: { thumbprint: string } };
    expect(fields.token_type).toBe('DPoP');
    // --json names the key the token is bound to, the thumbprint said on stderr.
    expect(r.err).toContain(`JWK thumbprint (RFC 7638) ${fields.dpop.thumbprint}`);
    const c = await runCli([
      'call',
      '--url',
      `${mock.baseUrl}/api/v2/me`,
      '--no-history',
      '--bearer',
      fields.access_token,
      '--dpop',
      '--dpop-key',
      keyFile,
    ]);
    expect(c.code, c.err).toBe(0);
  });

  it('a server nonce challenge at the token endpoint is followed once, as its own step', async () => {
    mock.context.settings.switches.dpopNonce = true;
    try {
      const r = await flow([]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain(
        'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the token request again with it'
      );
      expect(r.err.match(/DPoP proof for POST/g)).toHaveLength(2);
    } finally {
      mock.context.settings.switches.dpopNonce = false;
    }
  });

  it('--lifecycle: the refresh carries a proof and its token is DPoP-bound too', async () => {
    const r = await flow(['--lifecycle']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token:[\s\S]*Token lifecycle: refresh[\s\S]*DPoP proof for POST/
    );
    expect(r.err.match(/token_type is DPoP: the token is bound to the key of the proof/g)).toHaveLength(2);
    // RFC 9449 §6.2: the introspection answer names the key the refreshed token is bound to.
    expect(r.err).toMatch(
      /Token lifecycle: introspection of the new access token[\s\S]*The introspection answer's cnf\.jkt is the key's thumbprint/
    );
  });

  it('--dpop-mistake another-key with the openid scope: UserInfo, the first call with the bound token, is refused by name', async () => {
    const r = await flow(['--scope', 'openid', '--dpop-mistake', 'another-key']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('DPoP proof refused, jkt-mismatch: The proof key is not the key the token is bound to');
    expect(r.err).not.toContain('was not made');
  });

  it('--dpop-mistake another-key without a call carrying the token: said not made, exit 1', async () => {
    const r = await flow(['--dpop-mistake', 'another-key']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--dpop-mistake another-key was not made: no request of this run carried the DPoP-bound');
  });

  it('--dpop goes with flow oauth2', async () => {
    const r = await flowInProcess([
      'oauth1',
      '--base-url',
      mock.baseUrl,
      '--consumer-key',
      'k',
      '--consumer-secret',
      's',
      '--dpop',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--dpop goes with flow oauth2.');
  });
});

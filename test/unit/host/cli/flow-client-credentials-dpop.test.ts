import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { machineCli } from './machine-cli';
import { runCli } from './run-cli';

/** `flow client-credentials --dpop` against the mock over real sockets: the token bound to the key, then used with it. */
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-cc-dpop-'));
const keyFile = join(dir, 'key.jwk');
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
  writeFileSync(
    keyFile,
    JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey))
  );
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});
const { client } = DEFAULT_CREDENTIALS;
const cc = (...args: string[]) =>
  machineCli([
    'client-credentials',
    '--base-url',
    mock.baseUrl,
    '--client-id',
    client.id,
    '--client-secret',
    client.secret,
    '--scope',
    'read',
    '--json',
    '--dpop',
    ...args,
  ]);

describe('oauth-lab flow client-credentials --dpop', () => {
  it('--dpop-key: the token request carries a proof, token_type DPoP is checked, and call --dpop uses the token', async () => {
    const r = await cc('--dpop-key', keyFile);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/DPoP key: ES256, from .*key\.jwk; JWK thumbprint \(RFC 7638\) [A-Za-z0-9_-]{43}/);
    expect(r.err).toMatch(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token:\n {2}header\.typ/);
    expect(r.err).toContain('token_type is DPoP: the token is bound to the key of the proof (RFC 9449 §5.1).');
    const fields = JSON.parse(r.out) as { access_token: string; token_type: string; dpop: { thumbprint: string } };
    expect(fields.token_type).toBe('DPoP');
    // --json names the key the token is bound to, the thumbprint said on stderr.
    expect(r.err).toContain(`JWK thumbprint (RFC 7638) ${fields.dpop.thumbprint}`);
    const call = (key: string[]) =>
      runCli(['call', '--url', `${mock.baseUrl}/api/v2/me`, '--no-history', '--bearer', fields.access_token, ...key]);
    expect((await call(['--dpop', '--dpop-key', keyFile])).code).toBe(0);
    // Another key than the bound one is refused: the binding is real (RFC 9449 §7.1).
    expect((await call(['--dpop'])).code).not.toBe(0);
  });

  it('a nonce challenge at the token endpoint is followed once, as its own step', async () => {
    mock.context.settings.switches.dpopNonce = true;
    try {
      const r = await cc();
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain('DPoP key: ES256, a new key for this run');
      expect(r.err).toContain(
        'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the token request again with it'
      );
      expect(r.err.match(/DPoP proof for POST/g)).toHaveLength(2);
    } finally {
      mock.context.settings.switches.dpopNonce = false;
    }
  });

  it('--dpop-mistake reused-jti: the token request accepted, then its very proof sent again and refused as a replay', async () => {
    const r = await cc('--dpop-mistake', 'reused-jti');
    expect(r.code).toBe(1);
    expect(r.err).toContain('The token request again with the same proof: its jti reused on purpose (RFC 9449 §11.1)');
    expect(r.err).toContain(
      'invalid_dpop_proof: DPoP proof refused, jti-reused: jti was used before: a replayed proof'
    );
  });

  it('--dpop-mistake another-key with no request carrying the bound token: said not made, exit 1', async () => {
    const r = await cc('--dpop-mistake', 'another-key');
    expect(r.code).toBe(1);
    expect(r.err).toContain('--dpop-mistake another-key was not made: no request of this run carried the DPoP-bound');
    expect(r.err).not.toContain('Flow completed.');
  });

  it('a mistake on purpose is refused by name; --dpop-key without --dpop is a usage error', async () => {
    const r = await cc('--dpop-mistake', 'htm-wrong');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/invalid_dpop_proof.*htm/);
    const u = await machineCli([
      'client-credentials',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      client.id,
      '--client-secret',
      client.secret,
      '--dpop-key',
      keyFile,
    ]);
    expect(u.code).toBe(2);
    expect(u.err).toContain('--dpop-key goes with --dpop.');
  });
});

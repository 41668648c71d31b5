import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair } from 'jose';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { importDpopKey } from '../../../../platform/jose';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { C, codeParams, getCode, Harness, json, tokenRequest } from '../../mock-provider/helpers';
import { runCli } from './run-cli';

/** `oauth-lab call --dpop` against the mock over real sockets: a DPoP-bound token used, nonces followed, refreshed. */
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-dpop-'));
const keyFile = join(dir, 'dpop.jwk');
const h = new Harness();
beforeAll(async () => {
  await h.start();
  const pair = await generateKeyPair('ES256', { extractable: true });
  writeFileSync(keyFile, JSON.stringify(await exportJWK(pair.privateKey)));
});
afterAll(async () => {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A token bound to the key file's key, obtained as any DPoP client would (following a nonce challenge). */
async function boundTokens(): Promise<Record<string, unknown>> {
  const key = await importDpopKey(readFileSync(keyFile, 'utf8'));
  const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: Date.now } };
  const code = await getCode(h);
  const send = async (nonce: string | null) =>
    tokenRequest(h, codeParams(code), {
      DPoP: (await buildDpopProof({ key, method: 'POST', url: `${h.base}/oauth/v2/token`, nonce }, deps)).jwt,
    });
  let r = await send(null);
  if (r.status === 400 && json(r.body).error === 'use_dpop_nonce') r = await send(String(r.headers['dpop-nonce']));
  expect(r.status, r.body).toBe(200);
  return json(r.body);
}
const call = (token: string, extra: string[] = []) =>
  runCli(['call', '--url', `${h.base}/api/v2/me`, '--no-history', '--bearer', token, '--dpop', ...extra]);

describe('oauth-lab call --dpop', () => {
  it('sends Authorization: DPoP with a fresh proof of the key file; the proof trace and thumbprint on stderr', async () => {
    const t = await boundTokens();
    const r = await call(String(t.access_token), ['--dpop-key', keyFile]);
    expect(r.err).toMatch(/DPoP key: ES256, from .*dpop\.jwk; JWK thumbprint \(RFC 7638\) [A-Za-z0-9_-]{43}/);
    expect(r.err).toMatch(/ {2}ath {8}[A-Za-z0-9_-]{43} {2}\(RFC 9449 §4\.2: base64url\(SHA-256\(access token\)\)/);
    expect(r.code, r.err + r.out).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ tokenType: 'DPoP', username: C.user.username });
  });

  it('a nonce challenge is followed once, shown as its own step', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    try {
      const bound = String((await boundTokens()).access_token);
      const r = await call(bound, ['--dpop-key', keyFile, '--json']);
      expect(r.err).toContain(
        'FAIL Answered 401 use_dpop_nonce with a DPoP-Nonce (RFC 9449 §9); sent again with the nonce.'
      );
      expect(r.code, r.err).toBe(0);
      const out = JSON.parse(r.out) as { exchanges: unknown[]; dpop: { proofs: { payload: { nonce?: string } }[] } };
      expect(out.exchanges).toHaveLength(2);
      expect(out.dpop.proofs.map((p) => p.payload.nonce === undefined)).toEqual([true, false]);
    } finally {
      await h.settings({ switches: { dpopNonce: false } });
    }
  });

  it('with --refresh-token the refresh carries a proof too, and the new token is DPoP-bound to a new key', async () => {
    const t = await boundTokens();
    const r = await call('expired-token', [
      '--refresh-token',
      String(t.refresh_token),
      '--token-url',
      `${h.base}/oauth/v2/token`,
      '--client-id',
      C.client.id,
      '--client-secret',
      C.client.secret!,
      '--expires-at',
      '1',
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as {
      exchanges: { request: { url: string; headers: [string, string][] }; response: { bodyText: string } }[];
      dpop: { thumbprint: string; proofs: { url: string; payload: { ath?: string } }[] };
    };
    expect(out.exchanges.map((e) => new URL(e.request.url).pathname)).toEqual(['/oauth/v2/token', '/api/v2/me']);
    expect(JSON.parse(out.exchanges[0]!.response.bodyText)).toMatchObject({ token_type: 'DPoP' });
    expect(out.dpop.proofs.map((p) => p.payload.ath === undefined)).toEqual([true, false]);
    expect(JSON.parse(out.exchanges[1]!.response.bodyText)).toMatchObject({ cnf: { jkt: out.dpop.thumbprint } });
  });

  it.each(['htu-query', 'ath-wrong', 'iat-stale'])(
    '--dpop-mistake %s is sent once and refused naming it',
    async (mistake) => {
      const t = await boundTokens();
      const r = await call(String(t.access_token), ['--dpop-key', keyFile, '--dpop-mistake', mistake]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`^HTTP 401`, 'm'));
      expect(JSON.parse(r.out)).toMatchObject({ error: 'invalid_dpop_proof' });
      expect(String((JSON.parse(r.out) as { error_description: string }).error_description)).toContain(
        `DPoP proof refused, ${mistake}:`
      );
      expect(r.err).toContain(`  mistake    ${mistake}  (RFC 9449 section 4.3`.replace('section ', '§'));
    }
  );

  it('--dpop-mistake reused-jti: the call accepted, then its very proof sent again and refused as a replay', async () => {
    const t = await boundTokens();
    const r = await call(String(t.access_token), ['--dpop-key', keyFile, '--dpop-mistake', 'reused-jti', '--json']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('the same request then sent again with this very proof (its jti reused on purpose');
    const out = JSON.parse(r.out) as {
      exchanges: { request: { headers: [string, string][] }; response: { status: number; bodyText: string } }[];
    };
    expect(out.exchanges.map((e) => e.response.status)).toEqual([200, 401]);
    const proofOf = (i: number) => out.exchanges[i]!.request.headers.find(([n]) => n === 'DPoP')?.[1];
    expect(proofOf(1)).toBe(proofOf(0));
    expect(JSON.parse(out.exchanges[1]!.response.bodyText)).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(out.exchanges[1]!.response.bodyText).toContain('DPoP proof refused, jti-reused: jti was used before');
  });

  it('--dpop-mistake another-key: the proof signed by a fresh key, refused as not the key cnf.jkt names', async () => {
    const t = await boundTokens();
    const r = await call(String(t.access_token), ['--dpop-key', keyFile, '--dpop-mistake', 'another-key']);
    expect(r.code).toBe(1);
    const answer = JSON.parse(r.out) as { error: string; error_description: string };
    expect(answer.error).toBe('invalid_dpop_proof');
    expect(answer.error_description).toContain('DPoP proof refused, jkt-mismatch: The proof key is not the key');
    expect(r.err).toContain('  mistake    another-key  (RFC 9449 §4.3');
  });

  it('--dpop-mistake nonce-missing: the nonce the server asks for is ignored, so its refusal stands', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    try {
      const bound = String((await boundTokens()).access_token);
      const r = await call(bound, ['--dpop-key', keyFile, '--dpop-mistake', 'nonce-missing', '--json']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.out) as { exchanges: { response: { headers: [string, string][] } }[] };
      expect(out.exchanges).toHaveLength(1);
      const challenge = out.exchanges[0]!.response.headers.find(([n]) => n.toLowerCase() === 'www-authenticate');
      expect(challenge?.[1]).toContain('error="use_dpop_nonce"');
      expect(challenge?.[1]).toContain('DPoP proof refused, nonce-missing');
    } finally {
      await h.settings({ switches: { dpopNonce: false } });
    }
  });

  it('an unknown --dpop-mistake names every one there is', async () => {
    const r = await call('x', ['--dpop-mistake', 'jti-twice']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '--dpop-mistake must be one of htu-query, htm-wrong, iat-stale, iat-future, ath-missing, ath-wrong, nonce-missing, nonce-wrong, reused-jti, another-key; got "jti-twice".'
    );
  });

  it('bad flags: --dpop-key without --dpop, an unreadable or public key, an unknown algorithm', async () => {
    const pub = join(dir, 'pub.jwk');
    writeFileSync(pub, JSON.stringify(await exportJWK((await generateKeyPair('ES256')).publicKey)));
    const base = ['call', '--url', `${h.base}/api/v2/me`, '--no-history', '--bearer', 'x'];
    expect((await runCli([...base, '--dpop-key', keyFile])).err).toContain('--dpop-key goes with --dpop.');
    expect((await runCli([...base, '--dpop', '--dpop-key', pub])).err).toContain('no private member d');
    expect((await runCli([...base, '--dpop', '--dpop-alg', 'HS256'])).err).toContain(
      '--dpop-alg must be ES256, RS256, PS256, EdDSA; got "HS256".'
    );
    const r = await runCli([...base, '--dpop', '--bearer-in', 'query']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('A DPoP-bound token goes in the Authorization header (RFC 9449 §7.1)');
  });
});

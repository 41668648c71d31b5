import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { generateDpopKey } from '../../../../platform/jose';
import type { PlantedDpopMistake } from '../../../../shared/dpop/planted-mistakes';
import { buildDpopProof } from '../../../../shared/dpop/proof';

/** `oauth-lab debug --dpop`: a pasted proof checked, each mistake named with its section. */
const run = (argv: string[], env: NodeJS.ProcessEnv = {}) => runCli(['debug', ...argv], '', env);
const URL = 'https://rs.example/api/items';
const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };

async function proof(mistake: PlantedDpopMistake | null = null) {
  const { key } = await generateDpopKey('ES256');
  return buildDpopProof({ key, method: 'GET', url: `${URL}?page=2`, accessToken: 'at-1', nonce: 'n-1', mistake }, deps);
}
const request = ['--method', 'GET', '--url', `${URL}?page=2`, '--nonce', 'n-1'];

describe('oauth-lab debug --dpop', () => {
  it('a right proof: exit 0, every check passed', async () => {
    const p = await proof();
    const r = await run(['--dpop', p.jwt, ...request, `--jkt=${p.thumbprint}`], { OAUTH_LAB_ACCESS_TOKEN: 'at-1' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // A replayed jti needs the server's memory of proofs: the debugger says it did not check it.
    expect(r.out).toContain('Verdict: no mistake found in the checks made (not made: jti-reused).');
    expect(r.out).toContain(`Key thumbprint (RFC 7638): ${p.thumbprint}`);
  });

  it.each([
    ['htu-query', 'htu keeps "?page=2"', 'RFC 9449 §4.2'],
    ['htm-wrong', 'htm is "POST"; the request is GET', 'RFC 9449 §4.3 check 8'],
    ['iat-stale', 'iat is 3600 s ago', 'RFC 9449 §4.3 check 11, §11.1'],
    ['ath-wrong', 'ath is "', 'RFC 9449 §4.3 check 12, §4.2'],
    ['nonce-missing', 'The server sent DPoP-Nonce "n-1"', 'RFC 9449 §4.3 check 10, §8, §9'],
  ] as const)('%s: exit 1, named with its section and cause', async (mistake, cause, section) => {
    const p = await proof(mistake);
    const r = await run(['--dpop', `DPoP: ${p.jwt}`, ...request, '--access-token', 'at-1']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Verdict: 1 mistake.');
    expect(r.out).toMatch(
      new RegExp(`1\\. ${mistake}: .* \\(${section.replace(/[§.,]/g, '.')}\\)\\n +${cause.replace(/[?"();.]/g, '.')}`)
    );
  });

  it('another key than the bound one, from a JWT access token cnf.jkt; JSON names it', async () => {
    const p = await proof();
    const at = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ cnf: { jkt: 'other-thumbprint' } })).toString('base64url')}.sig`;
    const again = await buildDpopProof(
      { key: (await generateDpopKey('ES256')).key, method: 'GET', url: URL, accessToken: at, nonce: 'n-1' },
      deps
    );
    const r = await run(['--dpop', again.jwt, ...request, `--access-token=${at}`, '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { mistakes: { id: string }[]; boundJkt: string };
    expect(json.mistakes.map((m) => m.id)).toEqual(['jkt-mismatch']);
    expect(json.boundJkt).toBe('other-thumbprint');
    expect(p.thumbprint).not.toBe('other-thumbprint');
  });

  it('without the request: the checks that need it are not made, and said so', async () => {
    const p = await proof();
    const r = await run(['--dpop', p.jwt]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('--    htm the method (RFC 9449 §4.3 check 8): Not checked');
  });

  it('bad input: not a JWT is a named mistake; flags that do not go with --dpop are usage errors', async () => {
    const r = await run(['--dpop', 'abc']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('not-a-jwt: The proof is not a signed JWT (RFC 9449 §4.3 check 2)');
    expect((await run(['--dpop', 'a.b.c', '--consumer-secret', 'x'])).err).toContain(
      '--consumer-secret does not go with it'
    );
    expect((await run(['--nonce', 'n', '--url', URL])).err).toContain('--nonce goes with --dpop PROOF');
    expect((await run(['--dpop', 'a.b.c', '--url', 'rs.example/x'])).err).toContain('is not an absolute http(s) URL');
  });
});

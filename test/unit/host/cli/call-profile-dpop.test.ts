import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { createAppStore } from '../../../../host/store';
import { importDpopKey } from '../../../../platform/jose';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { C, codeParams, getCode, Harness, json, tokenRequest } from '../../mock-provider/helpers';
import { runCli } from './run-cli';

/*
 * `oauth-lab call --profile` with a saved DPoP-bound token (RFC 9449 §7.1), against the mock over real sockets with
 * DPoP required for the client: with the profile's DPoP on, the refresh of the expired token and the call carry
 * proofs of the profile's key; with it off, the same token's refresh is refused for want of a proof.
 */
const h = new Harness({
  configValue: { oauth2: { clients: [{ ...C.client, redirectUris: [...C.client.redirectUris], dpop: 'required' }] } },
});
const dirs: string[] = [];
beforeAll(() => h.start());
afterAll(async () => {
  await h.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A store with a profile of the mock's client (DPoP `on` or off, with its key) and a token bound to that key, expired. */
async function storeWithBoundToken(on: boolean) {
  const { key: keyText, thumbprint } = await createDpopHandlers().dpopKey({ key: '', alg: 'ES256' });
  const key = await importDpopKey(keyText);
  const code = await getCode(h);
  const proof = await buildDpopProof(
    { key, method: 'POST', url: `${h.base}/oauth/v2/token` },
    { crypto: nodeCrypto, random: nodeRandom, clock: { now: Date.now } }
  );
  const r = await tokenRequest(h, codeParams(code), { DPoP: proof.jwt });
  expect(r.status, r.body).toBe(200);
  const t = json(r.body);
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-call-dpop-'));
  dirs.push(dir);
  const s = createAppStore({ cwd: dir });
  const oauth2 = { clientId: C.client.id, clientSecret: C.client.secret, dpop: on, dpopKey: keyText };
  s.profileSave({ profile: profileSchema.parse({ id: 'p', name: 'Bound', baseUrl: h.base, service: true, oauth2 }) });
  s.tokenSave({
    token: savedTokenSchema.parse({
      id: 't1',
      profileId: 'p',
      kind: 'oauth2',
      token: t.access_token,
      refreshToken: t.refresh_token,
      obtainedAt: Date.now(),
      expiresAt: 1,
    }),
  });
  return { dir, thumbprint };
}

const call = (dir: string, extra: string[] = []) =>
  runCli(['call', '--profile', 'Bound', '--url', '/api/v2/me', '--store-dir', dir, '--no-history', ...extra]);

describe('oauth-lab call --profile with a saved DPoP-bound token', () => {
  it("the profile's DPoP on: the refresh and the call carry proofs of the profile's key; the new token is saved", async () => {
    const { dir, thumbprint } = await storeWithBoundToken(true);
    const r = await call(dir, ['--json']);
    expect(r.err).toContain(`DPoP key: ES256, the profile "Bound"'s key; JWK thumbprint (RFC 7638) ${thumbprint}`);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as {
      exchanges: { request: { url: string; headers: [string, string][] }; response: { bodyText: string } }[];
      dpop: { thumbprint: string; proofs: { url: string; payload: { ath?: string } }[] };
    };
    expect(out.exchanges.map((e) => new URL(e.request.url).pathname)).toEqual(['/oauth/v2/token', '/api/v2/me']);
    expect(out.dpop.proofs.map((p) => p.payload.ath === undefined)).toEqual([true, false]);
    expect(JSON.parse(out.exchanges[1]!.response.bodyText)).toMatchObject({ cnf: { jkt: thumbprint } });
    const refreshed = JSON.parse(out.exchanges[0]!.response.bodyText) as Record<string, unknown>;
    expect(refreshed).toMatchObject({ token_type: 'DPoP' });
    expect(createAppStore({ cwd: dir }).tokensList({ profileId: 'p' })[0]!.token).toBe(refreshed.access_token);
  });

  it("the profile's DPoP off: the bound token's refresh is refused for want of a proof", async () => {
    const { dir } = await storeWithBoundToken(false);
    const r = await call(dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('FAIL The refresh was refused');
    expect(r.err).toContain('invalid_dpop_proof: No DPoP header');
  });

  it("--dpop with --profile and no --dpop-key uses the profile's key", async () => {
    const { dir, thumbprint } = await storeWithBoundToken(false);
    const r = await call(dir, ['--dpop']);
    expect(r.err).toContain(`the profile "Bound"'s key; JWK thumbprint (RFC 7638) ${thumbprint}`);
    expect(r.code, r.err).toBe(0);
  });
});

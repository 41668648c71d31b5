import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockProvider } from '../../mock-provider';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { joseVerifier } from '../../platform/jose';
import { verifyDpopProof } from '../../shared/dpop/verify';

/**
 * Interop: openid-client's DPoP (panva, getDPoPHandle), a client nobody here wrote, against the mock over real
 * sockets: a DPoP-bound token from the code flow, resource calls with it, nonce challenges followed, and a refusal
 * naming each mistake made through it (a request altered on its way, as a proxy or a bug would).
 */
const CLIENT_ID = 'oauth-lab-client';
const SECRET = 'oauth-lab-client-secret';
const REDIRECT = 'http://127.0.0.1:8765/callback';

const mock = new MockProvider({ autoLoginUser: 'demo' });
let base = '';
let config: client.Configuration;
/** What the next request goes through: openid-client's own request, or one altered on its way. */
let alter: (url: string, init: RequestInit) => [string, RequestInit] = (u, i) => [u, i];
const sentProofs: string[] = [];

beforeAll(async () => {
  base = await mock.start({ port: 0 });
  config = await client.discovery(new URL(base), CLIENT_ID, SECRET, client.ClientSecretPost(SECRET), {
    execute: [client.allowInsecureRequests],
  });
  config[client.customFetch] = (url, init) => {
    const [u, i] = alter(url, init as RequestInit);
    const proof = new Headers(i.headers).get('dpop');
    if (proof) sentProofs.push(proof);
    return fetch(u, i);
  };
});
afterAll(() => mock.stop());

async function dpopTokens(dpop: client.DPoPHandle) {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
  });
  const r = await fetch(url, { redirect: 'manual' });
  return client.authorizationCodeGrant(
    config,
    new URL(r.headers.get('location')!),
    { pkceCodeVerifier: verifier, expectedState: 'st' },
    undefined,
    { DPoP: dpop }
  );
}

const handle = async () => client.getDPoPHandle(config, await client.randomDPoPKeyPair('ES256'));
const ME = () => new URL('/api/v2/me', base);

async function refusal(r: Response) {
  return {
    status: r.status,
    challenge: r.headers.get('www-authenticate'),
    body: (await r.json()) as Record<string, string>,
  };
}

describe('openid-client with DPoP against the mock', () => {
  it('gets a DPoP-bound token and calls the resource; its proofs have no mistake for the debugger', async () => {
    const dpop = await handle();
    const t = await dpopTokens(dpop);
    expect(t.token_type).toBe('dpop');
    const r = await client.fetchProtectedResource(config, t.access_token, ME(), 'GET', null, undefined, { DPoP: dpop });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ tokenType: 'DPoP' });
    const last = sentProofs.at(-1)!;
    const v = await verifyDpopProof(
      last,
      { method: 'GET', url: ME().href, accessToken: t.access_token, nowSeconds: Math.floor(Date.now() / 1000) },
      nodeCrypto,
      joseVerifier
    );
    expect(v.mistakes).toEqual([]);
  });

  it('follows the mock nonce challenges (use_dpop_nonce, DPoP-Nonce) at the token endpoint and the resource', async () => {
    mock.context.settings.switches.dpopNonce = true;
    try {
      const dpop = await handle();
      const before = sentProofs.length;
      // openid-client retries once on use_dpop_nonce by itself, with the DPoP-Nonce it was sent.
      const t = await dpopTokens(dpop);
      expect(t.token_type).toBe('dpop');
      let r = await client.fetchProtectedResource(config, t.access_token, ME(), 'GET', null, undefined, { DPoP: dpop });
      expect(r.status).toBe(200);
      r = await client.fetchProtectedResource(config, t.access_token, ME(), 'GET', null, undefined, { DPoP: dpop });
      expect(r.status).toBe(200);
      const nonced = sentProofs
        .slice(before)
        .map((p) => JSON.parse(Buffer.from(p.split('.')[1]!, 'base64url').toString()) as { nonce?: string });
      expect(nonced.some((c) => c.nonce)).toBe(true);
    } finally {
      mock.context.settings.switches.dpopNonce = false;
    }
  });

  describe('refused, each mistake by name', () => {
    let keys: client.CryptoKeyPair;
    let dpop: client.DPoPHandle;
    let t: Awaited<ReturnType<typeof dpopTokens>>;
    beforeAll(async () => {
      keys = await client.randomDPoPKeyPair('ES256');
      dpop = client.getDPoPHandle(config, keys);
      t = await dpopTokens(dpop);
    });
    const call = (over: client.DPoPHandle | null = dpop, url = ME(), method = 'GET') =>
      client.fetchProtectedResource(config, t.access_token, url, method, null, undefined, over ? { DPoP: over } : {});
    const expectNamed = async (p: Promise<Response>, error: string, named: string) => {
      const r = await refusal(await p.catch((e: unknown) => (e as { response: Response }).response));
      expect(r.status).toBe(401);
      expect(r.body.error).toBe(error);
      expect(r.body.error_description).toContain(named);
      expect(r.challenge).toMatch(/^DPoP algs="ES256 RS256 PS256 EdDSA"/);
    };
    const altered = async (how: typeof alter, p: () => Promise<Response>) => {
      alter = how;
      try {
        return await p();
      } catch (e) {
        return (e as { response: Response }).response;
      } finally {
        alter = (u, i) => [u, i];
      }
    };

    it('the token sent as Bearer', async () => {
      await expectNamed(call(null), 'invalid_token', 'send Authorization: DPoP');
    });
    it('another key than the bound one', async () => {
      await expectNamed(call(await handle()), 'invalid_dpop_proof', 'jkt-mismatch');
    });
    it('the proof sent to another URL (htu)', async () => {
      const p = altered(
        (u, i) => [u.replace('/api/v2/me', '/oidc/userinfo'), i],
        () => call()
      );
      await expectNamed(p, 'invalid_dpop_proof', 'htu-wrong');
    });
    it('the proof sent with another method (htm)', async () => {
      const p = altered(
        (u, i) => [u, { ...i, method: 'POST' }],
        () => call(dpop, new URL('/oidc/userinfo', base))
      );
      await expectNamed(p, 'invalid_dpop_proof', 'htm-wrong');
    });
    it('a replayed proof (jti)', async () => {
      await call();
      const replay = sentProofs.at(-1)!;
      const p = altered(
        (u, i) => [u, { ...i, headers: { ...Object.fromEntries(new Headers(i.headers)), dpop: replay } }],
        () => call()
      );
      await expectNamed(p, 'invalid_dpop_proof', 'jti-reused');
    });
    it('the proof with another token of the same key (ath)', async () => {
      const other = await dpopTokens(dpop);
      const p = altered(
        (u, i) => [
          u,
          {
            ...i,
            headers: { ...Object.fromEntries(new Headers(i.headers)), authorization: `DPoP ${other.access_token}` },
          },
        ],
        () => call()
      );
      await expectNamed(p, 'invalid_dpop_proof', 'ath-wrong');
    });
    it('a stale proof (iat), the client clock 400 s behind', async () => {
      // The mock judges iat by the real clock, not its moved one (RFC 9449 §11.1), so the client's clock is moved.
      const behind = new client.Configuration(
        config.serverMetadata(),
        CLIENT_ID,
        { client_secret: SECRET, [client.clockSkew]: -400 },
        client.ClientSecretPost(SECRET)
      );
      await expectNamed(call(client.getDPoPHandle(behind, keys)), 'invalid_dpop_proof', 'iat-stale');
    });
    it("the mock's clock moved ahead does not make a fresh proof stale", async () => {
      mock.clock.advance(400);
      try {
        expect((await call()).status).toBe(200);
      } finally {
        mock.clock.reset();
      }
    });
  });
});

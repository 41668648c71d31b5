import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { generateDpopKey } from '../../../platform/jose';
import type { DpopKey } from '../../../shared/dpop/dpop-key';
import type { PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { jwkThumbprint } from '../../../shared/dpop/thumbprint';
import { approve2, C, codeParams, getCode, goodAuthorize, Harness, json, tokenRequest, type Res } from './helpers';
import { basic, expectOAuth2Error } from './oauth2-assertions';

/**
 * The authorization code bound to the client's DPoP key at the mock (RFC 9449 §10, §10.1): dpop_jkt on the
 * authorization request or in the pushed body, a DPoP proof on the pushed request, and the token endpoint refusing
 * the code without a proof of that key; over real sockets.
 */
const h = new Harness();
let key: DpopKey;
let otherKey: DpopKey;
let jkt: string;
let otherJkt: string;
beforeAll(async () => {
  key = (await generateDpopKey('ES256')).key;
  otherKey = (await generateDpopKey('ES256')).key;
  jkt = jwkThumbprint(key.publicJwk, nodeCrypto);
  otherJkt = jwkThumbprint(otherKey.publicJwk, nodeCrypto);
  await h.start();
});
afterAll(() => h.stop());

const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };
const proofFor = async (path: string, k = key, mistake?: PlantedDpopMistake, nonce?: string) =>
  (await buildDpopProof({ key: k, method: 'POST', url: `${h.base}${path}`, mistake, nonce }, deps)).jwt;

const push = (params: Record<string, string>, headers: Record<string, string> = {}): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/oauth/v2/par',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic(C.client.id, C.client.secret!),
      ...headers,
    },
    body: new URLSearchParams(params).toString(),
  });

const lastVerdict = async (): Promise<{ outcome: string; reason?: string; message: string }> => {
  const events = json((await h.send({ path: '/_mock/events.json' })).body).events as {
    verdict: { outcome: string; reason?: string; message: string };
  }[];
  return events.at(-1)!.verdict;
};

/** The code of a pushed request, through the login form. */
async function codeOfPushed(requestUri: string): Promise<string> {
  const r = await approve2(h, { client_id: C.client.id, request_uri: requestUri });
  const code = new URL(String(r.headers.location)).searchParams.get('code');
  if (!code) throw new Error(`no code: ${r.status} ${String(r.headers.location)}`);
  return code;
}

const exchange = async (code: string, dpop?: string) =>
  tokenRequest(h, codeParams(code), dpop === undefined ? {} : { DPoP: dpop });

describe('dpop_jkt on the authorization request (RFC 9449 §10)', () => {
  it('binds the code: exchanged with a proof of that key, the tokens bound to it', async () => {
    const code = await getCode(h, { dpop_jkt: jkt });
    expect((await lastVerdict()).message).toContain(`bound to DPoP key ${jkt} (RFC 9449 §10)`);
    const r = await exchange(code, await proofFor('/oauth/v2/token'));
    expect(r.status, r.body).toBe(200);
    expect(json(r.body).token_type).toBe('DPoP');
    expect((await lastVerdict()).message).toContain('made with the DPoP key the code is bound to (RFC 9449 §10)');
  });

  it('refuses the code with invalid_grant without a proof, naming the bound key', async () => {
    const code = await getCode(h, { dpop_jkt: jkt });
    expectOAuth2Error(
      await exchange(code),
      400,
      'invalid_grant',
      `bound to DPoP key ${jkt} (dpop_jkt, or the pushed request's proof); the token request carries no DPoP proof`
    );
    expect((await lastVerdict()).reason).toBe('invalid_grant');
  });

  it('refuses the code with invalid_grant for a proof of another key, naming both thumbprints', async () => {
    const code = await getCode(h, { dpop_jkt: jkt });
    const body = expectOAuth2Error(
      await exchange(code, await proofFor('/oauth/v2/token', otherKey)),
      400,
      'invalid_grant',
      `bound to DPoP key ${jkt}`
    );
    expect(String(body.error_description)).toContain(`made with key ${otherJkt}`);
    expect(String(body.error_description)).toContain('RFC 9449 section 10');
  });

  it.each([
    ['too short', 'abc', '3 characters'],
    ['not base64url', `${'a'.repeat(42)}+`, 'with characters outside that set'],
  ])('a malformed dpop_jkt (%s) is refused with invalid_request naming it', async (_what, value, says) => {
    const r = await h.send({
      path: `/oauth/v2/authorize?${new URLSearchParams(goodAuthorize({ dpop_jkt: value })).toString()}`,
    });
    expect(r.status).toBe(302);
    const back = new URL(String(r.headers.location)).searchParams;
    expect(back.get('error')).toBe('invalid_request');
    expect(back.get('error_description')).toContain('dpop_jkt must be a SHA-256 JWK thumbprint');
    expect(back.get('error_description')).toContain('RFC 9449 §10');
    expect(back.get('error_description')).toContain(says);
  });

  it('a code asked for without dpop_jkt is exchanged without a proof, as before', async () => {
    const r = await exchange(await getCode(h));
    expect(r.status, r.body).toBe(200);
    expect(json(r.body).token_type).toBe('bearer');
  });
});

describe('DPoP on the pushed authorization request (RFC 9449 §10.1)', () => {
  const pushed = async (params: Record<string, string>, headers: Record<string, string> = {}) => {
    const r = await push(goodAuthorize(params), headers);
    expect(r.status, r.body).toBe(201);
    return String(json(r.body).request_uri);
  };

  it("the push's proof binds the code to its key; the token leg needs a proof of that key", async () => {
    const requestUri = await pushed({}, { DPoP: await proofFor('/oauth/v2/par') });
    expect((await lastVerdict()).message).toContain(
      `bound to DPoP key ${jkt} (the DPoP proof of this request, RFC 9449 §10.1)`
    );
    const code = await codeOfPushed(requestUri);
    expectOAuth2Error(
      await exchange(code, await proofFor('/oauth/v2/token', otherKey)),
      400,
      'invalid_grant',
      `bound to DPoP key ${jkt}`
    );
    const again = await codeOfPushed(await pushed({}, { DPoP: await proofFor('/oauth/v2/par') }));
    expect((await exchange(again, await proofFor('/oauth/v2/token'))).status).toBe(200);
  });

  it('dpop_jkt in the pushed body binds the code as well', async () => {
    const code = await codeOfPushed(await pushed({ dpop_jkt: jkt }));
    expectOAuth2Error(await exchange(code), 400, 'invalid_grant', 'carries no DPoP proof');
  });

  it('a proof and dpop_jkt of the same key are accepted; of different keys refused with invalid_request', async () => {
    await pushed({ dpop_jkt: jkt }, { DPoP: await proofFor('/oauth/v2/par') });
    expectOAuth2Error(
      await push(goodAuthorize({ dpop_jkt: otherJkt }), { DPoP: await proofFor('/oauth/v2/par') }),
      400,
      'invalid_request',
      `dpop_jkt ${otherJkt} is not the thumbprint of the key of the request's DPoP proof, ${jkt}`
    );
  });

  it.each([
    ['htm-wrong', 'htm is not the method'],
    ['htu-query', 'htu keeps the query'],
  ] as const)('a bad proof (%s) is refused with invalid_dpop_proof in the verifier words', async (mistake, title) => {
    const path = mistake === 'htu-query' ? '/oauth/v2/par?x=1' : '/oauth/v2/par';
    expectOAuth2Error(
      await push(goodAuthorize(), { DPoP: await proofFor(path, key, mistake) }),
      400,
      'invalid_dpop_proof',
      `DPoP proof refused, ${mistake}: ${title}`
    );
  });

  it('a proof for the token endpoint is refused at the pushed request endpoint (htu, §4.3)', async () => {
    expectOAuth2Error(
      await push(goodAuthorize(), { DPoP: await proofFor('/oauth/v2/token') }),
      400,
      'invalid_dpop_proof',
      'htu'
    );
  });

  it('with the DPoP-Nonce switch on, a push without the nonce is answered use_dpop_nonce and one with it accepted (§8)', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    try {
      const first = await push(goodAuthorize(), { DPoP: await proofFor('/oauth/v2/par') });
      expectOAuth2Error(first, 400, 'use_dpop_nonce');
      const nonce = String(first.headers['dpop-nonce']);
      const r = await push(goodAuthorize(), { DPoP: await proofFor('/oauth/v2/par', key, undefined, nonce) });
      expect(r.status, r.body).toBe(201);
    } finally {
      await h.settings({ switches: { dpopNonce: false } });
    }
  });
});

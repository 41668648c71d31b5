import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { generateDpopKey } from '../../../../platform/jose';
import type { DpopKey } from '../../../../shared/dpop/dpop-key';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { jwkThumbprint } from '../../../../shared/dpop/thumbprint';
import { causeIds, HarRecorder } from './explain-recorder';

/**
 * `oauth-lab explain` on a code bound to a DPoP key (RFC 9449 §10) and exchanged without a proof of that key: the
 * refusal made by the mock over real sockets, recorded and exported as the app's HAR, and the cause named first
 * with its evidence (the bound key and the one the token request's proof used), the request pushed or not.
 */
const { client } = DEFAULT_CREDENTIALS;
const REDIRECT = client.redirectUris[0]!;
let mock: MockProvider;
let key: DpopKey;
let otherKey: DpopKey;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  key = (await generateDpopKey('ES256')).key;
  otherKey = (await generateDpopKey('ES256')).key;
});
afterAll(() => mock.stop());

/** The authorization request, sent in the URL or pushed first (RFC 9126): then the URL names its request_uri. */
async function authorize(rec: HarRecorder, params: Record<string, string>, pushed: boolean) {
  const authorizeUrl = `${mock.baseUrl}/oauth/v2/authorize`;
  if (!pushed) return rec.get(`${authorizeUrl}?${new URLSearchParams(params)}`);
  const push = await rec.post(`${mock.baseUrl}/oauth/v2/par`, { ...params, client_secret: client.secret });
  expect(push.response.status, push.response.bodyText).toBe(201);
  const requestUri = (JSON.parse(push.response.bodyText) as { request_uri: string }).request_uri;
  return rec.get(`${authorizeUrl}?${new URLSearchParams({ client_id: client.id, request_uri: requestUri })}`);
}

async function boundCodeExchanged(rec: HarRecorder, proofKey: DpopKey | null, pushed = false) {
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    response_type: 'code',
    client_id: client.id,
    redirect_uri: REDIRECT,
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    dpop_jkt: jwkThumbprint(key.publicJwk, nodeCrypto),
  };
  const x = await authorize(rec, params, pushed);
  const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
  const code = new URL(location).searchParams.get('code')!;
  const url = `${mock.baseUrl}/oauth/v2/token`;
  const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };
  const proof = proofKey && (await buildDpopProof({ key: proofKey, method: 'POST', url }, deps)).jwt;
  const fields = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: client.id,
    client_secret: client.secret,
  };
  const answer = await rec.post(url, fields, proof ? [['DPoP', proof]] : []);
  expect(answer.response.status).toBe(400);
}

describe('oauth-lab explain: the code bound to another DPoP key (RFC 9449 §10)', () => {
  it('a proof of another key: code_bound_to_another_dpop_key first, naming both keys', async () => {
    const rec = new HarRecorder();
    await boundCodeExchanged(rec, otherKey);
    const e = await rec.explain();
    expect(causeIds(e, 1)[0]).toBe('code_bound_to_another_dpop_key');
    const cause = e.causes.find((c) => c.id === 'code_bound_to_another_dpop_key')!;
    expect(cause.rfc).toBe('RFC 9449 §10');
    expect(cause.evidence).toContain(`DPoP key ${jwkThumbprint(key.publicJwk, nodeCrypto)} (dpop_jkt)`);
    expect(cause.evidence).toContain(`signed with key ${jwkThumbprint(otherKey.publicJwk, nodeCrypto)}`);
  });

  it('asked for through a pushed request (RFC 9126): the push is a leg, and the cause names the entry that bound it', async () => {
    const rec = new HarRecorder();
    await boundCodeExchanged(rec, otherKey, true);
    const e = await rec.explain();
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['pushed', true],
      ['authorization', true],
      ['token', false],
    ]);
    expect(causeIds(e, 2)[0]).toBe('code_bound_to_another_dpop_key');
    expect(e.causes[0]!.evidence).toContain(
      `entry 0 bound the code to DPoP key ${jwkThumbprint(key.publicJwk, nodeCrypto)}`
    );
  });

  it('no proof at all: the same cause, saying the token request carries none', async () => {
    const rec = new HarRecorder();
    await boundCodeExchanged(rec, null);
    const e = await rec.explain();
    expect(causeIds(e, 1)[0]).toBe('code_bound_to_another_dpop_key');
    expect(e.causes[0]!.evidence).toContain('carries no DPoP proof');
  });
});

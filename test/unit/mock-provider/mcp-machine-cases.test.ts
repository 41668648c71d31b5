import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDpopKey } from '../../../platform/jose';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import type { DpopKey } from '../../../shared/dpop/dpop-key';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { C, Harness, json, tokenRequest, type Res } from './helpers';

// The mock's MCP endpoint for clients without a user (MCP authorization extensions): a token asked for at the
// token endpoint with RFC 8707's resource is good at /mcp, and a DPoP-bound one is refused there with the
// resource's own nonce (RFC 9449 §9), in the DPoP scheme.
const h = new Harness({ autoLoginUser: 'demo' });
let key: DpopKey;
beforeAll(async () => {
  await h.start();
  key = (await generateDpopKey('ES256')).key;
});
afterAll(() => h.stop());

const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };
const proof = async (method: string, path: string, nonce: string | null, accessToken?: string) =>
  (await buildDpopProof({ key, method, url: `${h.base}${path}`, nonce, accessToken }, deps)).jwt;

const clientCredentials = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
  tokenRequest(
    h,
    {
      grant_type: 'client_credentials',
      client_id: C.client.id,
      client_secret: C.client.secret,
      scope: 'read',
      ...extra,
    },
    headers
  );

const initialize = (authorization: string, headers: Record<string, string> = {}): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization,
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });

describe('the mock MCP endpoint and machine clients', () => {
  it('client credentials with resource (RFC 8707 §2): the token is bound to it and accepted at /mcp', async () => {
    const r = await clientCredentials({ resource: `${h.base}/mcp` });
    expect(r.status, r.body).toBe(200);
    const answer = await initialize(`Bearer ${String(json(r.body).access_token)}`);
    expect(answer.status, answer.body).toBe(200);
    // Without resource, the token is for no resource in particular, and /mcp refuses it (no passthrough).
    const unbound = await clientCredentials({});
    expect((await initialize(`Bearer ${String(json(unbound.body).access_token)}`)).status).toBe(401);
  });

  it('a resource that is not an absolute URI without a fragment is invalid_target (RFC 8707 §2)', async () => {
    const r = await clientCredentials({ resource: `${h.base}/mcp#frag` });
    expect(r.status).toBe(400);
    expect(json(r.body)).toMatchObject({ error: 'invalid_target' });
  });

  it('DPoP with nonces: the resource asks for its own nonce in a DPoP challenge (RFC 9449 §9), then accepts', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    try {
      const first = await clientCredentials(
        { resource: `${h.base}/mcp` },
        { DPoP: await proof('POST', '/oauth/v2/token', null) }
      );
      expect(json(first.body)).toMatchObject({ error: 'use_dpop_nonce' });
      const asNonce = String(first.headers['dpop-nonce']);
      const t = await clientCredentials(
        { resource: `${h.base}/mcp` },
        { DPoP: await proof('POST', '/oauth/v2/token', asNonce) }
      );
      expect(t.status, t.body).toBe(200);
      const token = String(json(t.body).access_token);
      const refused = await initialize(`DPoP ${token}`, { dpop: await proof('POST', '/mcp', asNonce, token) });
      expect(refused.status, refused.body).toBe(401);
      expect(String(refused.headers['www-authenticate'])).toMatch(/^DPoP algs="[^"]+", .*error="use_dpop_nonce"/);
      const rsNonce = String(refused.headers['dpop-nonce']);
      expect(rsNonce).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(rsNonce).not.toBe(asNonce);
      const accepted = await initialize(`DPoP ${token}`, { dpop: await proof('POST', '/mcp', rsNonce, token) });
      expect(accepted.status, accepted.body).toBe(200);
    } finally {
      await h.settings({ switches: { dpopNonce: false } });
    }
  });
});

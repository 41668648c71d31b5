import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, json, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * Open registration (RFC 7591) bounded, over real sockets: a registration document is at most
 * 16 KiB, and at most 30 clients are registered per minute by the mock's clock, each refusal an RFC 7591 §3.2.2
 * error; registered clients are kept in a table of 1,000, oldest dropped first.
 */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const register = (metadata: unknown): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/oidc/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
const client = { grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_post' };

describe('open registration', () => {
  it('refuses a document over 16 KiB with invalid_client_metadata, naming the limit, and keeps nothing', async () => {
    const before = h.provider.context.state.registeredClients.size;
    const r = await register({ ...client, client_name: 'x'.repeat(20_000) });
    expectOAuth2Error(r, 400, 'invalid_client_metadata', 'at most 16384 bytes');
    expect(h.provider.context.state.registeredClients.size).toBe(before);
    expect((await register({ ...client, client_name: 'x'.repeat(15_000) })).status).toBe(201);
  });

  it('registers at most 30 clients a minute by the mock clock: the next is 429 with Retry-After', async () => {
    await h.admin('POST', '/_mock/reset');
    for (let i = 0; i < 30; i++) expect((await register(client)).status).toBe(201);
    const refused = await register(client);
    const body = expectOAuth2Error(refused, 429, 'invalid_client_metadata', '30 clients registered in the last 60 s');
    expect(String(body.error_description)).toContain('try again in');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(h.provider.context.state.registeredClients.size).toBe(30);
    await h.admin('POST', '/_mock/clock/advance', { seconds: 61 });
    const again = await register(client);
    expect(again.status, again.body).toBe(201);
    expect(json(again.body).client_id).toEqual(expect.any(String));
  });

  it('keeps at most 1,000 registered clients, the oldest dropped first', async () => {
    await h.admin('POST', '/_mock/reset');
    const ids: string[] = [];
    for (let i = 0; i < 1001; i++) {
      if (i % 30 === 0) await h.admin('POST', '/_mock/clock/advance', { seconds: 61 });
      const r = await register(client);
      expect(r.status, r.body).toBe(201);
      ids.push(String(json(r.body).client_id));
    }
    const kept = h.provider.context.state.registeredClients;
    expect(kept.size).toBe(1000);
    expect(kept.has(ids[0]!)).toBe(false);
    expect(kept.has(ids[1000]!)).toBe(true);
  });
});

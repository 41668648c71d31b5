import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider, parseConfig } from '../../../../mock-provider';
import { causeIds, HarRecorder } from './explain-recorder';

/**
 * `oauth-lab explain` on an authorization request refused for its request_uri (RFC 9126): used a second time
 * (single use, §4) or after its expires_in (§2.2). The mock refuses over real sockets; the exchanges are recorded
 * and exported as the app's HAR.
 */
const { client } = DEFAULT_CREDENTIALS;
let mock: MockProvider;
/** The built-in client with a registered ES256 key, to sign its request objects (the mock verifies asymmetric algorithms only). */
let requestObjectKey: CryptoKey;
beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  requestObjectKey = privateKey;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'ro-1' }] };
  const config = parseConfig({ oauth2: { clients: [{ ...client, redirectUris: [...client.redirectUris], jwks }] } });
  mock = new MockProvider({ config, autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

/** Pushes a code flow request and returns its request_uri. */
async function push(rec: HarRecorder): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const pushed = await rec.post(`${mock.baseUrl}/oauth/v2/par`, {
    response_type: 'code',
    client_id: client.id,
    client_secret: client.secret,
    redirect_uri: client.redirectUris[0],
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  expect(pushed.response.status, pushed.response.bodyText).toBe(201);
  return (JSON.parse(pushed.response.bodyText) as { request_uri: string }).request_uri;
}

const authorize = (rec: HarRecorder, requestUri: string) =>
  rec.get(
    `${mock.baseUrl}/oauth/v2/authorize?${new URLSearchParams({ client_id: client.id, request_uri: requestUri })}`
  );

describe('oauth-lab explain: a refused request_uri (RFC 9126)', () => {
  it('request_uri_reused: sent a second time, naming the entry that used it first', async () => {
    const rec = new HarRecorder();
    const uri = await push(rec);
    expect((await authorize(rec, uri)).response.status).toBe(302);
    expect((await authorize(rec, uri)).response.status).toBe(400);
    const e = await rec.explain();
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['pushed', true],
      ['authorization', true],
      ['authorization', false],
    ]);
    expect(causeIds(e, 2)).toEqual(['request_uri_reused']);
    expect(e.causes[0]).toMatchObject({ rfc: 'RFC 9126 §4' });
    expect(e.causes[0]!.evidence).toBe(`entry 1 already sent request_uri "${uri}"; entry 2 sends it again.`);
  });

  it('request_uri_expired: used past the expires_in its push answered, by the recorded times', async () => {
    const rec = new HarRecorder();
    const uri = await push(rec);
    expect((await rec.after(90, mock.clock, () => authorize(rec, uri))).response.status).toBe(400);
    const e = await rec.explain();
    expect(causeIds(e, 1)[0]).toBe('request_uri_expired');
    expect(e.causes[0]).toMatchObject({ rfc: 'RFC 9126 §2.2' });
    expect(e.causes[0]!.evidence).toMatch(
      new RegExp(`^entry 0 gave request_uri "${uri}" with expires_in 60; entry 1 used it 9\\d\\.\\d s later\\.$`)
    );
  });

  it('a request_uri the provider counts as used with nothing in the file to show it: both possible, no redirect_uri blame', async () => {
    mock.context.settings.switches.parFault = 'request-uri-reused';
    const rec = new HarRecorder();
    try {
      expect((await authorize(rec, await push(rec))).response.status).toBe(400);
    } finally {
      mock.context.settings.switches.parFault = 'off';
    }
    const e = await rec.explain();
    const ids = causeIds(e, 1);
    expect(ids).toContain('request_uri_reused');
    expect(ids).not.toContain('request_uri_expired');
    expect(ids).not.toContain('redirect_uri_mismatch');
    expect(ids).not.toContain('unknown_client');
    expect(e.causes.find((c) => c.id === 'request_uri_reused')!.evidence).toContain('within the expires_in of entry 0');
  });

  it('a pushed request object (RFC 9101 §5): its claims are the request, so a wrong code_verifier is named', async () => {
    const rec = new HarRecorder();
    const verifier = randomBytes(32).toString('base64url');
    const request = await new SignJWT({
      response_type: 'code',
      client_id: client.id,
      redirect_uri: client.redirectUris[0],
      state: 'state-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'ro-1', typ: 'oauth-authz-req+jwt' })
      .setIssuer(client.id)
      .setAudience(mock.baseUrl)
      .setExpirationTime('5m')
      .sign(requestObjectKey);
    const pushed = await rec.post(`${mock.baseUrl}/oauth/v2/par`, {
      client_id: client.id,
      client_secret: client.secret,
      request,
    });
    expect(pushed.response.status, pushed.response.bodyText).toBe(201);
    const uri = (JSON.parse(pushed.response.bodyText) as { request_uri: string }).request_uri;
    const location = (await authorize(rec, uri)).response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
    const token = await rec.post(`${mock.baseUrl}/oauth/v2/token`, {
      grant_type: 'authorization_code',
      code: new URL(location).searchParams.get('code')!,
      redirect_uri: client.redirectUris[0],
      code_verifier: randomBytes(32).toString('base64url'),
      client_id: client.id,
      client_secret: client.secret,
    });
    expect(token.response.status).toBe(400);
    const e = await rec.explain();
    expect(causeIds(e, 2)[0]).toBe('pkce_verifier_mismatch');
    expect(e.causes[0]!.evidence).toContain('entry 0 sent code_challenge');
  });
});

import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../../host/oidc/discover';
import { authorizeQuery, goodAuthorize, Harness, json, tokenRequest } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * Documents another party serves, read no further than their limit, over real sockets: a
 * body that never ends is cut off at the limit and its connection closed (the server sees it close), a body that
 * never finishes at the time limit; a refusal names what was wrong, never what was read, and reads alike whether
 * the port was closed, answered by a non-HTTP service, or answered with another status.
 */
const h = new Harness();
/** Each path's connections: whether the server saw them closed before it stopped writing. */
const closed = new Map<string, boolean>();
let documents: Server;
let base = '';
let banner: TcpServer;
let bannerBase = '';
let closedBase = '';

/** Writes `{"keys":[` then padding for as long as the client reads, noting when the connection closes. */
function endless(path: string, res: ServerResponse): void {
  closed.set(path, false);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('{"keys":["');
  const chunk = 'x'.repeat(16 * 1024);
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on('drain', pump);
  res.on('close', () => closed.set(path, true));
  pump();
}

beforeAll(async () => {
  await h.start();
  documents = createHttpServer((req, res) => {
    const path = req.url ?? '';
    if (path.startsWith('/endless')) return endless(path, res);
    if (path === '/stalled') {
      closed.set(path, false);
      res.on('close', () => closed.set(path, true));
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"client_id":');
    }
    if (path === '/bad-redirect.json')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ client_id: `${base}${path}`, redirect_uris: ['http://SECRET-HOST.example/cb'] }));
    if (path === '/secret-text') return void res.writeHead(200).end('SECRET-TEXT of a loopback service');
    if (path === '/liar.json')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ client_id: 'SECRET-ID-42', redirect_uris: ['http://127.0.0.1:9000/cb'] }));
    res.writeHead(404).end('SECRET-404-PAGE');
  });
  await new Promise<void>((r) => documents.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(documents.address() as { port: number }).port}`;
  // It reads what it is sent (else it never sees the other side close) and answers a banner, as an SSH server does.
  banner = createTcpServer((s) => s.resume().end('SSH-2.0-SECRET-BANNER\r\n'));
  await new Promise<void>((r) => banner.listen(0, '127.0.0.1', r));
  bannerBase = `http://127.0.0.1:${(banner.address() as { port: number }).port}`;
  const spare = createTcpServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedBase = `http://127.0.0.1:${(spare.address() as { port: number }).port}`;
  await new Promise((r) => spare.close(r));
});
afterAll(async () => {
  await h.stop();
  documents.closeAllConnections();
  await new Promise((r) => documents.close(r));
  await new Promise((r) => banner.close(r));
});

/** The mock's answer to an authorization request whose client_id is this document URL. */
const authorizeWith = (clientId: string) => h.send({ path: authorizeQuery(goodAuthorize({ client_id: clientId })) });

describe('a client ID metadata document', () => {
  it('that never ends is refused at 5120 bytes, and its connection is closed rather than read to the end', async () => {
    const r = await authorizeWith(`${base}/endless-metadata`);
    expect(r.status).toBe(400);
    expect(r.body).toContain('it is larger than 5120 bytes, the limit for a client metadata document');
    await expect.poll(() => closed.get('/endless-metadata')).toBe(true);
  });

  it('that never finishes is refused at the 5 s time limit, and its connection is closed', async () => {
    const r = await authorizeWith(`${base}/stalled`);
    expect(r.status).toBe(400);
    expect(r.body).toContain('no complete HTTP 200 answer within 5 s');
    await expect.poll(() => closed.get('/stalled')).toBe(true);
  }, 15_000);

  it('refused names what was wrong, never what was read, and does not tell open ports from closed ones', async () => {
    const liar = await authorizeWith(`${base}/liar.json`);
    expect(liar.body).toContain('its client_id member is not the URL it was fetched from');
    expect(liar.body).not.toContain('SECRET');
    const badRedirect = await authorizeWith(`${base}/bad-redirect.json`);
    expect(badRedirect.body).toContain('redirect_uris[0] is not a redirect URI this provider registers');
    expect(badRedirect.body).not.toContain('SECRET');
    const notJson = await authorizeWith(`${base}/secret-text`);
    expect(notJson.body).toContain('its answer is not JSON');
    expect(notJson.body).not.toContain('SECRET');
    const refusal = async (origin: string) =>
      (await authorizeWith(`${origin}/doc.json`)).body.replaceAll(origin.replace('http://', ''), 'ORIGIN');
    const closedPort = await refusal(closedBase);
    expect(closedPort).toContain('no complete HTTP 200 answer within 5 s');
    expect(await refusal(bannerBase)).toBe(closedPort);
    expect(await refusal(base)).toBe(closedPort);
  });
});

describe("a client's jwks_uri", () => {
  let keyPair: Awaited<ReturnType<typeof generateKeyPair>>;
  beforeAll(async () => {
    keyPair = await generateKeyPair('ES256');
  });

  /** Registers a private_key_jwt client with this jwks_uri and answers its client_credentials request. */
  async function authenticateWith(jwksUri: string) {
    const r = await h.send({
      method: 'POST',
      path: '/oidc/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: jwksUri,
      }),
    });
    const id = String(json(r.body).client_id);
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ iss: id, sub: id, aud: h.base, jti: randomUUID(), exp: now + 60 })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(keyPair.privateKey);
    return tokenRequest(h, {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
  }

  it('that never ends is refused at 65536 bytes, and its connection is closed', async () => {
    expectOAuth2Error(
      await authenticateWith(`${base}/endless-jwks`),
      401,
      'invalid_client',
      'it is larger than 65536 bytes, the limit for a JWK Set'
    );
    await expect.poll(() => closed.get('/endless-jwks')).toBe(true);
  });

  it('refused does not echo what a loopback service answered, nor tell open ports from closed ones', async () => {
    const notJson = expectOAuth2Error(await authenticateWith(`${base}/secret-text`), 401, 'invalid_client');
    expect(notJson.error_description).toContain('its answer is not JSON');
    expect(notJson.error_description).not.toContain('SECRET');
    const refusal = async (origin: string) =>
      String(
        expectOAuth2Error(await authenticateWith(`${origin}/jwks`), 401, 'invalid_client').error_description
      ).replaceAll(origin, 'ORIGIN');
    const closedPort = await refusal(closedBase);
    expect(closedPort).toContain('no complete HTTP 200 answer within 5 s');
    expect(await refusal(bannerBase)).toBe(closedPort);
    expect(await refusal(base)).toBe(closedPort);
  });
});

describe('discovery fetched by the client', () => {
  it('stops reading a metadata document that never ends at 1 MiB, names the limit, and closes the connection', async () => {
    const issuer = `${base}/endless-discovery`;
    const result = await discover(issuer, ['openid-configuration']);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain('more than the limit of 1048576 bytes');
    await expect.poll(() => closed.get('/endless-discovery/.well-known/openid-configuration')).toBe(true);
  });
});

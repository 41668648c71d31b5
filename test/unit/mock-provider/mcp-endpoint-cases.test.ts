import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeChallenge } from '../../../shared/oauth2/pkce';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import { C, Harness, json, REDIRECT } from './helpers';

// The mock as an MCP-protected server, over sockets: its protected resource metadata, the endpoint's 401 and 403
// challenges, tokens bound to the resource they were asked for (RFC 8707), and client ID metadata documents.
const h = new Harness({ autoLoginUser: 'demo' });
let documents: Server;
let documentBase = '';
const served = new Map<string, unknown>();
beforeAll(async () => {
  await h.start();
  documents = createServer((req, res) => {
    const doc = served.get(req.url ?? '');
    res.writeHead(doc ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(doc ?? {}));
  });
  await new Promise<void>((r) => documents.listen(0, '127.0.0.1', r));
  documentBase = `http://127.0.0.1:${(documents.address() as { port: number }).port}`;
});
afterAll(async () => {
  await h.stop();
  await new Promise((r) => documents.close(r));
});
afterEach(() => h.settings({ switches: { mcpFault: 'off' } }));

/** The authorization request's redirect: the code, or the error the mock answered with. */
async function authorize(params: Record<string, string>) {
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    client_id: C.client.id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's',
    scope: 'read',
    code_challenge: codeChallenge(verifier, 'S256', nodeCrypto),
    code_challenge_method: 'S256',
    ...params,
  });
  const res = await h.send({ path: `/oauth/v2/authorize?${q}` });
  const location = res.headers.location ? new URL(String(res.headers.location)) : null;
  return { res, verifier, code: location?.searchParams.get('code') ?? null, location };
}

async function token(code: string, verifier: string, extra: Record<string, string> = {}, client = C.client) {
  const res = await h.send({
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: client.id,
      ...('secret' in client ? { client_secret: client.secret } : {}),
      code_verifier: verifier,
      ...extra,
    }).toString(),
  });
  return { status: res.status, body: json(res.body) };
}

async function accessToken(params: Record<string, string>): Promise<string> {
  const a = await authorize(params);
  return (await token(a.code!, a.verifier)).body.access_token as string;
}

const mcp = (body: unknown, bearer?: string) =>
  h.send({
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });

/** A request on MCP 2026-07-28's stateless wire: the version header, Mcp-Method (and Mcp-Name), _meta. */
const stateless = (method: string, params: Record<string, unknown>, bearer: string, headers = {}) =>
  h.send({
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${bearer}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });

describe('the mock as an MCP 2026-07-28 server (the stateless wire)', () => {
  it('answers server/discover with the versions it speaks, and tools without initialize', async () => {
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const discover = await stateless('server/discover', {}, bound);
    expect(discover.status).toBe(200);
    expect(json(discover.body)).toMatchObject({
      id: 7,
      result: { supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: { tools: {} } },
    });
    const call = await stateless('tools/call', { name: 'whoami' }, bound, { 'mcp-name': 'whoami' });
    expect(json(call.body)).toMatchObject({ result: { content: [{ text: expect.stringContaining('user demo') }] } });
  });
  it.each([
    ['no _meta', { 'mcp-method': 'tools/list' }, {}, /missing _meta keys: io\.modelcontextprotocol\/protocolVersion/],
    [
      'Mcp-Method unlike the body',
      { 'mcp-method': 'tools/call' },
      null,
      /Mcp-Method header "tools\/call" does not match the body's method "tools\/list"/,
    ],
  ])('refuses a request with %s, HTTP 400 naming it', async (_, headers, meta, why) => {
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const res = await h.send({
      method: 'POST',
      path: '/mcp',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bound}`,
        'mcp-protocol-version': '2026-07-28',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/list',
        params: meta ?? {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(String((json(res.body).error as { message: string }).message)).toMatch(why);
  });
  it('refuses a tools/call whose Mcp-Name is not the tool named in the body', async () => {
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const res = await stateless('tools/call', { name: 'whoami' }, bound, { 'mcp-name': 'write_note' });
    expect(res.status).toBe(400);
    expect(res.body).toContain('Mcp-Name header \\"write_note\\" does not match');
  });
  it('mcpFault only-2025-11-25: refuses the 2026-07-28 wire as a server of the older revision does', async () => {
    await h.settings({ switches: { mcpFault: 'only-2025-11-25' } });
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const res = await stateless('server/discover', {}, bound);
    expect(res.status).toBe(400);
    expect(json(res.body).error).toMatchObject({
      message: expect.stringContaining('Unsupported protocol version 2026-07-28'),
    });
  });
});

describe('the mock as an MCP-protected server', () => {
  it('serves protected resource metadata at the path-inserted well-known URL (RFC 9728 §3.1)', async () => {
    const path = json((await h.send({ path: '/.well-known/oauth-protected-resource/mcp' })).body);
    expect(path).toMatchObject({
      resource: `${h.base}/mcp`,
      authorization_servers: [h.base],
      scopes_supported: ['read', 'write'],
    });
    await h.settings({ switches: { mcpFault: 'wrong-resource' } });
    expect(json((await h.send({ path: '/.well-known/oauth-protected-resource/mcp' })).body).resource).toBe(
      'https://elsewhere.example/mcp'
    );
  });
  it('answers a request without a token 401 with resource_metadata and the scope needed', async () => {
    const res = await mcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer realm="oauth-lab-mock", resource_metadata="${h.base}/.well-known/oauth-protected-resource/mcp", scope="read"`
    );
    expect((await h.send({ path: '/mcp' })).status).toBe(405);
  });
  it('accepts a token issued for its resource; refuses one issued for no resource, unless accept-other-resource', async () => {
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const init = await mcp(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } },
      bound
    );
    expect(init.status).toBe(200);
    expect(json(init.body)).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} } },
    });
    expect((await mcp({ jsonrpc: '2.0', method: 'notifications/initialized' }, bound)).status).toBe(202);

    const unbound = await accessToken({});
    const refused = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, unbound);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(json(refused.body).error_description).toContain(`issued for no resource, not for ${h.base}/mcp`);
    await h.settings({ switches: { mcpFault: 'accept-other-resource' } });
    expect((await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, unbound)).status).toBe(200);
  });
  it('answers 403 insufficient_scope naming the wider scope for write_note with a read token', async () => {
    const bound = await accessToken({ resource: `${h.base}/mcp` });
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'write_note', arguments: { text: 'x' } },
    };
    const res = await mcp(call, bound);
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toContain('scope="read write", error="insufficient_scope"');
    const wide = await accessToken({ resource: `${h.base}/mcp`, scope: 'read write' });
    expect(json((await mcp(call, wide)).body)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'note saved for demo: x' }] },
    });
    expect(json((await mcp({ ...call, params: { name: 'nope' } }, wide)).body).error).toMatchObject({ code: -32602 });
  });
  it('refuses a resource that is not an absolute URI, and a token request for another resource (RFC 8707)', async () => {
    const bad = await authorize({ resource: 'mcp#frag' });
    expect(bad.location!.searchParams.get('error')).toBe('invalid_target');
    const a = await authorize({ resource: `${h.base}/mcp` });
    const t = await token(a.code!, a.verifier, { resource: `${h.base}/other` });
    expect(t).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
  });
  it('fetches a client ID metadata document from loopback, accepts it as a public client, and refuses a bad one', async () => {
    expect(
      json((await h.send({ path: '/.well-known/oauth-authorization-server' })).body)
        .client_id_metadata_document_supported
    ).toBe(true);
    const good = `${documentBase}/good.json`;
    served.set('/good.json', { client_id: good, redirect_uris: [REDIRECT] });
    const a = await authorize({ client_id: good });
    expect(a.code).not.toBeNull();
    expect((await token(a.code!, a.verifier, {}, { id: good } as never)).status).toBe(200);

    const liar = `${documentBase}/liar.json`;
    served.set('/liar.json', { client_id: good, redirect_uris: [REDIRECT] });
    const refused = await authorize({ client_id: liar });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body).toContain('its client_id member is not the URL it was fetched from');
    const secretive = `${documentBase}/secret.json`;
    served.set('/secret.json', { client_id: secretive, redirect_uris: [REDIRECT], client_secret: 'x' });
    expect((await authorize({ client_id: secretive })).res.body).toContain('never do');
    expect((await authorize({ client_id: `${documentBase}/missing.json` })).res.body).toContain(
      'no complete HTTP 200 answer'
    );
  });
});

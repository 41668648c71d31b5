import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { machineCli, mockClientDeviceArgs } from './machine-cli';

/*
 * `oauth-lab flow device` finds its endpoints by the one resolution (shared/oidc/profile-endpoints.ts): the flag,
 * else the metadata's device_authorization_endpoint (RFC 8628 §4), else a preset, else the service's default path;
 * and says where each came from, as the Device page does. Over real sockets: the mock, and a server whose metadata
 * names a device endpoint away from the default path, and one with no metadata (each in front of the mock).
 */
const { client } = DEFAULT_CREDENTIALS;
let mock: MockProvider;
const servers: Server[] = [];

/** The mock's endpoint at `path` answering the request, its status and body passed back as they are. */
function forward(req: IncomingMessage, res: ServerResponse, path: string) {
  void fetch(`${mock.baseUrl}${path}`, {
    method: req.method,
    headers: { 'content-type': String(req.headers['content-type'] ?? '') },
    body: req.method === 'POST' ? req : undefined,
    duplex: 'half',
  } as RequestInit).then(async (r) => {
    res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await r.arrayBuffer()));
  });
}

/**
 * A server in front of the mock: with `metadata`, its discovery document names the device authorization endpoint
 * at /idp/device and nothing answers at the default path; without, no discovery document and the mock's paths.
 */
async function frontOfMock(metadata: boolean): Promise<string> {
  let url = '';
  const server = createServer((req, res) => {
    const wellKnown = req.url?.startsWith('/.well-known/');
    if (metadata && wellKnown) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: url,
          token_endpoint: `${url}/oauth/v2/token`,
          device_authorization_endpoint: `${url}/idp/device`,
          response_types_supported: ['code'],
        })
      );
    } else if (metadata && req.url === '/idp/device') forward(req, res, '/oidc/device_authorization');
    else if (!metadata && req.url === '/oidc/device_authorization') forward(req, res, req.url);
    else if (req.url === '/oauth/v2/token') forward(req, res, req.url);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    }
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return url;
}

let proxied = '';
let bare = '';
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  mock.context.settings.switches.devicePollInterval = 1;
  proxied = await frontOfMock(true);
  bare = await frontOfMock(false);
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
  await mock.stop();
});

const device = (base: string, ...args: string[]) =>
  machineCli(mockClientDeviceArgs(base, ...args), ({ complete }) => fetch(complete!));

it('--base-url: the device endpoint from the metadata, the token endpoint the default path, each said', async () => {
  const r = await device(proxied);
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`Device authorization endpoint: ${proxied}/idp/device (from the metadata of ${proxied})`);
  expect(r.err).toContain(`Token endpoint: ${proxied}/oauth/v2/token (from the service's default path)`);
}, 30_000);

it('--device-authorization-path wins over the metadata, and says so', async () => {
  const r = await device(proxied, '--device-authorization-path', '/idp/device', '--token-path', '/oauth/v2/token');
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`Device authorization endpoint: ${proxied}/idp/device (from --device-authorization-path)`);
  expect(r.err).toContain(`Token endpoint: ${proxied}/oauth/v2/token (from --token-path)`);
}, 30_000);

it('--issuer: both endpoints from the metadata', async () => {
  const r = await machineCli(
    ['device', '--issuer', proxied, '--client-id', client.id, '--client-secret', client.secret, '--scope', 'read'],
    ({ complete }) => fetch(complete!)
  );
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`Device authorization endpoint: ${proxied}/idp/device (from the metadata of ${proxied})`);
  expect(r.err).toContain(`Token endpoint: ${proxied}/oauth/v2/token (from the metadata of ${proxied})`);
}, 30_000);

it('--issuer with --device-authorization-path: the flag wins over the metadata, the token endpoint from it', async () => {
  const r = await machineCli(
    [
      'device',
      '--issuer',
      proxied,
      '--device-authorization-path',
      `${mock.baseUrl}/oidc/device_authorization`,
      '--client-id',
      client.id,
      '--client-secret',
      client.secret,
      '--scope',
      'read',
    ],
    ({ complete }) => fetch(complete!)
  );
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(
    `Device authorization endpoint: ${mock.baseUrl}/oidc/device_authorization (from --device-authorization-path)`
  );
  expect(r.err).toContain(`Token endpoint: ${proxied}/oauth/v2/token (from the metadata of ${proxied})`);
}, 30_000);

it('--base-url with no metadata: the default path, said as such', async () => {
  const r = await device(bare);
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`No discovery document at ${bare}`);
  expect(r.err).toContain(
    `Device authorization endpoint: ${bare}/oidc/device_authorization (from the service's default path)`
  );
}, 30_000);

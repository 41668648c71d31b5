import { createServer, type Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { NODE_EFFECTS } from '../../../../host/cli/flow/cli-host-port';
import { FlowReport } from '../../../../host/cli/flow/report';
import { runDeviceFlow } from '../../../../host/cli/flow/run-machine';
import { machineCli } from './machine-cli';

/*
 * The device flow against servers that answer otherwise than the mock, on 127.0.0.1: a device authorization
 * response without verification_uri (Google's older verification_url) is refused by name; one without interval
 * is polled every 5 s (RFC 8628 §3.2's default).
 */
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()));
});

/** A server whose device authorization endpoint answers `device`, and whose token endpoint answers a token. */
async function server(device: Record<string, unknown>) {
  const s = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(req.url === '/device' ? device : { access_token: 'at-1', token_type: 'Bearer' }));
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
}
const CODES = { device_code: 'dc', user_code: 'WDJB-MJHT', expires_in: 1800 };

it('no verification_uri: the device leg fails naming it, exit 1', async () => {
  const base = await server({ ...CODES, verification_url: 'https://example.com/device' });
  const r = await machineCli([
    'device',
    '--base-url',
    base,
    '--device-authorization-path',
    '/device',
    '--client-id',
    'c',
    '--client-auth',
    'none',
  ]);
  expect(r.code).toBe(1);
  expect(r.err).toContain(
    'oauth-lab flow device: failed at device: verification_uri is missing (RFC 8628 §3.2; some providers send verification_url).'
  );
});

it('no interval: the first poll waits the default 5 s', async () => {
  const base = await server({ ...CODES, verification_uri: 'https://example.com/device' });
  const waits: number[] = [];
  const err = new PassThrough();
  let text = '';
  err.on('data', (d: Buffer) => (text += d.toString()));
  const token = await runDeviceFlow(
    {
      baseUrl: base,
      tokenUrl: `${base}/token`,
      deviceAuthorizationUrl: `${base}/device`,
      clientId: 'c',
      clientSecret: '',
      authentication: 'none',
      apiPath: '/me',
      scope: null,
    },
    { open: false, waitTimeoutMs: 0, send: {}, stdin: new PassThrough(), recording: null },
    new FlowReport(err),
    null,
    { ...NODE_EFFECTS, sleep: async (ms) => void waits.push(ms) }
  );
  expect(waits).toEqual([5000]);
  expect(text).toContain('No interval: poll every 5 s (RFC 8628 §3.2).');
  expect(text).toMatch(/^user_code: WDJB-MJHT$/m);
  expect(text).not.toContain('verification_uri_complete');
  expect(token.accessToken).toBe('at-1');
});

it('flow device --help prints the usage of both commands, exit 0', async () => {
  const r = await machineCli(['device', '--help']);
  expect(r.code).toBe(0);
  expect(r.out).toContain(
    'oauth-lab flow client-credentials ((--base-url URL | --issuer URL) [--token-path P] | --token-url URL)'
  );
  // --device-authorization-path and --token-path win over the metadata with --issuer as with --base-url
  // (flow-device-endpoints, flow-issuer-token-path); the device flow takes every client authentication
  // client-credentials takes.
  expect(r.out).toContain(
    `       oauth-lab flow device (--base-url URL | --issuer URL) [--token-path P] [--device-authorization-path P]
           --client-id ID [--client-secret S] [--client-auth AUTH] [--private-key FILE] [--key-id KID] [--signing-alg ALG]
           [--scope S] [--client-cert FILE --client-key FILE] [--ca-file FILE]
           [--dpop [--dpop-key FILE] [--dpop-alg ALG] [--dpop-mistake M]] [--json]\n`
  );
});

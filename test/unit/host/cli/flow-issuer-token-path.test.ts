import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineCli } from './machine-cli';

/**
 * `--issuer URL --token-path P`: the typed path wins over the discovery document's token_endpoint, as
 * `flow oauth2 --issuer`'s --token-path and `flow device --issuer`'s --device-authorization-path do, and the trace
 * says it came from the flag. An issuer on 127.0.0.1 whose metadata names /discovered-token; every path it is asked
 * for is kept.
 */
let server: Server;
let issuer = '';
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    hits.push(`${req.method} ${path}`);
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      if (path.startsWith('/.well-known/')) {
        return res.end(
          JSON.stringify({
            issuer,
            token_endpoint: `${issuer}/discovered-token`,
            device_authorization_endpoint: `${issuer}/device`,
            response_types_supported: ['code'],
            grant_types_supported: ['client_credentials'],
          })
        );
      }
      if (path === '/device')
        return res.end(
          JSON.stringify({
            device_code: 'dc',
            user_code: 'ABCD-EFGH',
            verification_uri: `${issuer}/verify`,
            expires_in: 60,
            interval: 1,
          })
        );
      res.end(
        JSON.stringify({
          access_token: `token-from-${path.slice(1)}`,
          token_type: 'Bearer',
          expires_in: 60,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        })
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = ['--client-id', 'c', '--client-auth', 'none', '--json'];
const tokenPosts = () => hits.filter((h) => h.startsWith('POST') && h !== 'POST /device');

describe('--issuer with --token-path: the flag wins over the discovery document', () => {
  it('flow client-credentials posts to the typed path and says so', async () => {
    hits.length = 0;
    const r = await machineCli(['client-credentials', '--issuer', issuer, '--token-path', '/typed-token', ...client]);
    expect(r.code, r.err).toBe(0);
    expect(tokenPosts()).toEqual(['POST /typed-token']);
    expect(r.err).toContain(`Token endpoint: ${issuer}/typed-token (from --token-path)`);
    expect(JSON.parse(r.out)).toMatchObject({ access_token: 'token-from-typed-token' });
  });

  it('without --token-path the discovered endpoint is used, and its source said', async () => {
    hits.length = 0;
    const r = await machineCli(['client-credentials', '--issuer', issuer, ...client]);
    expect(r.code, r.err).toBe(0);
    expect(tokenPosts()).toEqual(['POST /discovered-token']);
    expect(r.err).toContain(`Token endpoint: ${issuer}/discovered-token (from the metadata of ${issuer})`);
  });

  it('flow token-exchange posts to the typed path', async () => {
    hits.length = 0;
    const r = await machineCli([
      'token-exchange',
      '--issuer',
      issuer,
      '--token-path',
      '/typed-token',
      '--subject-token',
      'subject',
      '--subject-token-type',
      'urn:ietf:params:oauth:token-type:access_token',
      ...client,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(tokenPosts()).toEqual(['POST /typed-token']);
  });

  it('flow device polls the typed path, its device authorization endpoint still from the metadata', async () => {
    hits.length = 0;
    const r = await machineCli(['device', '--issuer', issuer, '--token-path', '/typed-token', ...client]);
    expect(r.code, r.err).toBe(0);
    expect(hits).toContain('POST /device');
    expect(tokenPosts()).toEqual(['POST /typed-token']);
    expect(r.err).toContain(`Token endpoint: ${issuer}/typed-token (from --token-path)`);
  });

  it('--token-url with --token-path: refused (exit 2), naming both, before anything is sent', async () => {
    hits.length = 0;
    const r = await machineCli(['client-credentials', '--token-url', `${issuer}/t`, '--token-path', '/p', ...client]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--token-path goes with --base-url or --issuer; --token-url is the whole token endpoint');
    expect(hits).toEqual([]);
  });
});

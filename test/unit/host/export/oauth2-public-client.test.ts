import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type OAuth2Source } from '../../../../host/export';
import { findPython, run, scratch } from './mock-session';

/*
 * A public client (RFC 6749 §2.1, §3.2.1) refreshes with its client_id alone: the exported code, run for real
 * against a token endpoint on 127.0.0.1, sends no client_secret (not even an empty one) and no Basic header,
 * whether the profile says `none` (a secret left in it is not sent) or HTTP Basic with no secret.
 */
interface TokenRequest {
  readonly body: URLSearchParams;
  readonly authorization: string | undefined;
}
let server: Server;
let base = '';
let tokenRequests: TokenRequest[] = [];
let files: ReturnType<typeof scratch>;
const python = findPython();

beforeAll(async () => {
  files = scratch();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d));
    req.on('end', () => {
      if (req.url === '/token') {
        tokenRequests.push({ body: new URLSearchParams(body), authorization: req.headers.authorization });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"access_token":"fresh","token_type":"Bearer","expires_in":3600}');
      }
      // The call: 401 until the refreshed token comes (RFC 6750 §3.1).
      const fresh = req.headers.authorization === 'Bearer fresh';
      res.writeHead(fresh ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(fresh ? '{"ok":true}' : '{"error":"invalid_token"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  files.remove();
});

const source = (clientAuthentication: 'none' | 'basic', clientSecret: string): OAuth2Source => ({
  kind: 'oauth2',
  request: { method: 'GET', url: `${base}/api/me`, headers: [['Authorization', 'Bearer expired']] },
  refreshToken: 'refresh-1',
  tokenUrl: `${base}/token`,
  clientId: 'public-app',
  clientSecret,
  clientAuthentication,
});
/** The two ways to be a public client (made once the server's port is known). */
const CASES = [
  ['none, with a secret left in the profile', () => source('none', 'left-over-secret')],
  ['HTTP Basic with no secret', () => source('basic', '')],
] as const;

describe('a public client refreshes with its client_id alone', () => {
  const runners = [
    ['node-oauth2', 'mjs', () => process.execPath],
    ['python-oauth2', 'py', () => python],
  ] as const;
  for (const [target, extension, runner] of runners)
    it.each(CASES)(`${target}: %s`, { timeout: 30_000 }, async (_name, sourceOf) => {
      const s = sourceOf();
      if (!runner()) throw new Error(`${target} needs python3 with requests (npm run setup:system)`);
      tokenRequests = [];
      const { text } = exportRequest({ target, source: s, includeSecrets: true });
      expect(text).not.toContain('left-over-secret');
      const r = await run(runner()!, [files.write(`${target}-${s.clientAuthentication}.${extension}`, text)]);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(tokenRequests).toHaveLength(1);
      const [refresh] = tokenRequests;
      expect(Object.fromEntries(refresh!.body)).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'refresh-1',
        client_id: 'public-app',
      });
      expect(refresh!.authorization).toBeUndefined();
    });

  it.each(CASES)('postman and .http files: %s', (_name, sourceOf) => {
    const s = sourceOf();
    for (const include of [true, false]) {
      const postman = exportRequest({ target: 'postman', source: s, includeSecrets: include }).text;
      expect(postman).not.toContain('clientSecret');
      expect(postman).not.toContain('left-over-secret');
      expect(postman).toMatch(/"key": "client_authentication",\s*"value": "body"/);
      const http = exportRequest({ target: 'http-file', source: s, includeSecrets: include }).text;
      expect(http).toContain('grant_type=refresh_token&refresh_token={{refresh_token}}&client_id={{clientId}}\n');
      expect(http).not.toMatch(/client_secret|Basic|left-over-secret/);
    }
  });
});

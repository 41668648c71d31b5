import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callWithBearer } from '../../../../shared/flows';
import { createTransportHandlers } from '../../../../host/bridge/transport-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';

/**
 * The bearer call's automatic refresh reads the new access token where the profile says it is (AccessToken),
 * over real sockets: a resource that refuses the old token with 401 and a token endpoint that names the token its own way.
 */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/token') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return res.end(JSON.stringify({ AccessToken: 'fresh', TokenType: 'bearer' }));
    }
    const ok = req.headers.authorization === 'Bearer fresh';
    res.writeHead(ok ? 200 : 401, ok ? {} : { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    res.end(ok ? 'hello' : '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const { httpSend } = createTransportHandlers(nodeCrypto, {});
const call = (accessTokenField: string | null) =>
  callWithBearer(
    { method: 'GET', url: `${base}/me` },
    { accessToken: 'stale', refreshToken: 'r1', expiresAt: null, scope: null },
    { tokenUrl: `${base}/token`, clientId: 'c', clientSecret: 's', authentication: 'body', accessTokenField },
    async (request) => httpSend({ request }),
    Date.now
  );

it('refreshes on a 401 and finds the new token at the named field; without it the refresh names the fields', async () => {
  const named = await call('AccessToken');
  expect(named.steps.map((s) => [s.kind, s.ok])).toEqual([
    ['call', false],
    ['refresh', true],
    ['call', true],
  ]);
  expect(named.token.accessToken).toBe('fresh');
  const unnamed = await call(null);
  expect(unnamed.steps[1]!.ok).toBe(false);
  expect(unnamed.steps[1]!.summary).toContain('the fields AccessToken, TokenType');
});

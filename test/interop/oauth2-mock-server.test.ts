import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauth2Flow } from '../../shared/flows';
import { startCatcher, type Catcher } from '../../host/catcher';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { send } from '../../platform/node/transport';

// Our OAuth 2 engine against an implementation nobody here wrote: axa-group's oauth2-mock-server (npm), which
// verifies PKCE itself and issues JWT bearer tokens.
let server: OAuth2Server;
let catcher: Catcher;
let base: string;

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  base = server.issuer.url!;
  catcher = await startCatcher({ port: 0, timeoutMs: 10_000 });
});
afterAll(async () => {
  await catcher.close();
  await server.stop();
});

it('authorization with PKCE S256, code exchange, bearer call to /userinfo, refresh', async () => {
  let s = oauth2Flow.startOAuth2(
    {
      baseUrl: base,
      paths: { authorize: '/authorize', token: '/token' },
      clientId: 'lab-client',
      clientSecret: 'lab-secret',
      redirectUri: catcher.redirectUri,
      scope: 'openid profile',
      includeGrantType: false,
    },
    nodeRandom,
    nodeCrypto
  );
  const waiting = catcher.wait({ kind: 'oauth2', state: s.state });
  const browser = await fetch(oauth2Flow.buildAuthorizeRequest(s).url, { redirect: 'follow' });
  expect(browser.url.startsWith(catcher.redirectUri)).toBe(true);
  const cb = oauth2Flow.interpretCallback(s, (await waiting).query);
  expect(cb.checks).toEqual(cb.checks.map((c) => ({ ...c, ok: true })));
  s = cb.state;
  const token = oauth2Flow.interpretTokenResponse(s, await send(oauth2Flow.buildTokenExchange(s)), Date.now(), 'token');
  // Its token_type is "Bearer" (capitalised): accepted, since RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1) makes it case-insensitive.
  expect(token.checks.find((c) => c.name === 'token_type')).toMatchObject({ ok: true });
  expect(token.ok).toBe(true);
  s = token.state;
  expect(s.token!.accessToken.split('.')).toHaveLength(3);
  const me = await send(oauth2Flow.buildBearerRequest(s, { method: 'GET', path: '/userinfo' }));
  expect(oauth2Flow.interpretBearerResponse(s, me, Date.now()).ok).toBe(true);
  const refreshed = oauth2Flow.interpretTokenResponse(
    s,
    await send(oauth2Flow.buildRefreshRequest(s)),
    Date.now(),
    'refresh'
  );
  expect(refreshed.ok).toBe(true);
  expect(refreshed.state.legs.refresh).toBe('succeeded');
});

it('a wrong PKCE verifier is refused by the third-party server and reported as a failed token leg', async () => {
  let s = oauth2Flow.startOAuth2(
    {
      baseUrl: base,
      paths: { authorize: '/authorize', token: '/token' },
      clientId: 'lab-client',
      clientSecret: 'lab-secret',
      redirectUri: catcher.redirectUri,
      includeGrantType: false,
    },
    nodeRandom,
    nodeCrypto
  );
  const waiting = catcher.wait({ kind: 'oauth2', state: s.state });
  await fetch(oauth2Flow.buildAuthorizeRequest(s).url, { redirect: 'follow' });
  s = oauth2Flow.interpretCallback(s, (await waiting).query).state;
  const tampered = { ...s, pkce: { ...s.pkce!, verifier: 'x'.repeat(43) } };
  const r = oauth2Flow.interpretTokenResponse(
    tampered,
    await send(oauth2Flow.buildTokenExchange(tampered)),
    Date.now(),
    'token'
  );
  expect(r.ok).toBe(false);
  expect(r.state.legs.token).toBe('failed');
});

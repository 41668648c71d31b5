import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauth2Flow } from '../../shared/flows';
import { buildUserInfoRequest, DEFAULT_CLOCK_SKEW_SECONDS, interpretUserInfo } from '../../shared/oidc';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { discover } from '../../host/oidc/discover';
import { validateIdToken } from '../support/validate-id-token';
import { send } from '../../platform/node/transport';
import { startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';

/**
 * Interop: OAuth Lab's OpenID Connect client (discovery, nonce, PKCE, the id_token trace, UserInfo) against
 * node-oidc-provider (panva, a certified OpenID Provider), nobody here wrote it. It runs on 127.0.0.1 with a
 * loopback redirect URI; its interaction step is answered by a handler that logs the user in and approves.
 */
const CLIENT = { client_id: 'lab-client', client_secret: 'lab-client-secret-that-is-long-enough-for-hs256' };
const REDIRECT = 'http://127.0.0.1:8765/callback';
let op: RunningOidcProvider;
let issuer = '';

beforeAll(async () => {
  op = await startOidcProvider([
    {
      ...CLIENT,
      redirect_uris: [REDIRECT],
      application_type: 'native',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
  issuer = op.issuer;
});
afterAll(() => op.close());

/** The user's browser: logs in and approves, up to the redirect to the client (nothing listens there). */
const browse = (url: string) => op.browse(url, false);

it('discovery, code flow with PKCE and a nonce, the id_token trace all green, UserInfo with the sub match', async () => {
  const d = await discover(issuer);
  expect(d.kind).toBe('openid-configuration');
  expect(d.checks.filter((c) => !c.ok)).toEqual([]);
  const endpoints = d.endpoints!;

  let s = oauth2Flow.startOAuth2(
    {
      baseUrl: issuer,
      paths: { authorize: endpoints.authorization!, token: endpoints.token! },
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      redirectUri: REDIRECT,
      scope: 'openid profile',
      authentication: 'basic',
      includeGrantType: false,
    },
    nodeRandom,
    nodeCrypto
  );
  // With scope openid the flow makes a nonce and sends it (OIDC Core §3.1.2.1).
  const nonce = s.nonce!;
  expect(oauth2Flow.buildAuthorizeRequest(s).params).toContainEqual(['nonce', nonce]);
  const cb = oauth2Flow.interpretCallback(s, await browse(oauth2Flow.buildAuthorizeRequest(s).url));
  expect(cb.ok).toBe(true);
  s = cb.state;
  const exchange = await send(oauth2Flow.buildTokenExchange(s));
  const token = oauth2Flow.interpretTokenResponse(s, exchange, Date.now(), 'token');
  expect(token.ok).toBe(true);
  const body = JSON.parse(exchange.response.bodyText) as { id_token: string; access_token: string };

  const trace = await validateIdToken(body.id_token, {
    issuer,
    issuerSource: 'the provider under test',
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
    registeredAlg: 'RS256',
    allowedAlgs: endpoints.idTokenAlgs,
    jwksUri: endpoints.jwks,
    nonce,
    accessToken: body.access_token,
    now: Date.now(),
    clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
  });
  expect(trace.steps.filter((x) => x.status === 'failed')).toEqual([]);
  expect(trace.steps.find((x) => x.id === 'signature')!.status).toBe('passed');
  expect(trace.steps.find((x) => x.id === 'nonce')!.status).toBe('passed');
  expect(trace.claims!.sub).toBe('demo');

  const userinfo = interpretUserInfo(await send(buildUserInfoRequest(endpoints.userinfo!, body.access_token)), 'demo');
  expect(userinfo.ok).toBe(true);
  expect(userinfo.claims).toMatchObject({ sub: 'demo', name: 'Demo User' });
});

it('an id_token from this provider presented with another nonce fails exactly the nonce step', async () => {
  const d = await discover(issuer);
  let s = oauth2Flow.startOAuth2(
    {
      baseUrl: issuer,
      paths: { authorize: d.endpoints!.authorization!, token: d.endpoints!.token! },
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      redirectUri: REDIRECT,
      scope: 'openid',
      authentication: 'basic',
      includeGrantType: false,
    },
    nodeRandom,
    nodeCrypto
  );
  s = oauth2Flow.interpretCallback(s, await browse(oauth2Flow.buildAuthorizeRequest(s).url)).state;
  const body = JSON.parse((await send(oauth2Flow.buildTokenExchange(s))).response.bodyText) as {
    id_token: string;
    access_token: string;
  };
  const trace = await validateIdToken(body.id_token, {
    issuer,
    issuerSource: 'the provider under test',
    clientId: CLIENT.client_id,
    registeredAlg: null,
    allowedAlgs: d.endpoints!.idTokenAlgs,
    jwksUri: d.endpoints!.jwks,
    nonce: 'a-nonce-this-client-never-sent',
    accessToken: body.access_token,
    now: Date.now(),
    clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
  });
  expect(trace.steps.filter((x) => x.status === 'failed').map((x) => x.id)).toEqual(['nonce']);
});

import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineCli } from '../unit/host/cli/machine-cli';

/**
 * Interop: `oauth-lab flow client-credentials` and `flow device` against node-oidc-provider (panva, a certified
 * OpenID Provider; nobody here wrote it), found by discovery (--issuer), on 127.0.0.1. The user at the other device
 * is played through the provider's own model (its DeviceCode found by the user code, approved or denied), as its
 * verification pages would. node-oidc-provider never answers slow_down (the mock's test covers it).
 */
const CLIENT = { client_id: 'machine', client_secret: 'machine-secret-long-enough-for-anything' };
const API = 'https://api.example.com/';
let server: Server;
let issuer = '';
let provider: Provider;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        grant_types: ['client_credentials', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: 'openid api:read',
      },
      {
        client_id: 'tv',
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'none',
      },
    ],
    cookies: { keys: ['interop-test-cookie-key'] },
    // A device code that expires in 1 s, before the first poll (5 s later).
    ttl: {
      DeviceCode: (_ctx, _code, client) => ((client as { clientId: string }).clientId === 'tv' ? 1 : 600),
      AccessToken: 600,
      Grant: 600,
    },
    scopes: ['openid', 'api:read'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      // RFC 8707: the resource names the API; the access token is a JWT for it.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx: unknown, resource: unknown) => {
          if (resource !== API) throw new Error(`unknown resource ${String(resource)}`);
          return { scope: 'api:read', audience: API, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  });
  server.on('request', provider.callback());
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The user approves (or denies) the device's request, as node-oidc-provider's verification pages record it. */
async function decide(userCode: string, decision: 'approve' | 'deny') {
  // Stored as its page reads it: upper case, letters and digits only (helpers/user_codes.js normalize).
  const code = (await provider.DeviceCode.findByUserCode(userCode.toUpperCase().replace(/[^A-Z0-9]/g, '')))!;
  if (decision === 'deny') {
    code.error = 'access_denied';
    code.errorDescription = 'End-User aborted interaction';
  } else {
    const grant = new provider.Grant({ accountId: 'demo', clientId: code.clientId });
    grant.addOIDCScope('openid');
    code.accountId = 'demo';
    code.grantId = await grant.save();
  }
  await code.save();
}

const client = [
  '--issuer',
  '',
  '--client-id',
  CLIENT.client_id,
  '--client-secret',
  CLIENT.client_secret,
  '--client-auth',
  'basic',
];
const withIssuer = (args: string[]) => args.map((a, i) => (i === 1 ? issuer : a));

describe('flow client-credentials against node-oidc-provider', () => {
  it('a token for the resource (RFC 8707): a JWT whose aud is the resource, scope as asked', async () => {
    const r = await machineCli([
      'client-credentials',
      ...withIssuer(client),
      '--scope',
      'api:read',
      '--resource',
      API,
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const body = JSON.parse(r.out) as { access_token: string; scope: string; token_type: string };
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'api:read' });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ aud: API, client_id: CLIENT.client_id, scope: 'api:read' });
  });

  it("a wrong secret: invalid_client in the provider's words, exit 1, nothing on stdout", async () => {
    const args = withIssuer(client).map((a) => (a === CLIENT.client_secret ? 'not-the-secret' : a));
    const r = await machineCli(['client-credentials', ...args, '--json']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('failed at token: HTTP 401, the provider says: invalid_client');
  });
});

describe('flow device against node-oidc-provider', () => {
  it('approved: the codes on stderr, polls, the token on stdout', async () => {
    const r = await machineCli(['device', ...withIssuer(client), '--scope', 'openid', '--json'], ({ userCode }) =>
      decide(userCode, 'approve')
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(new RegExp(`^verification_uri: ${issuer}/device$`, 'm'));
    expect(r.err).toMatch(/^verification_uri_complete: \S+\?user_code=\S+$/m);
    expect(JSON.parse(r.out)).toHaveProperty('access_token');
  }, 30_000);

  it('denied: access_denied explained, exit 1', async () => {
    const r = await machineCli(['device', ...withIssuer(client), '--scope', 'openid'], ({ userCode }) =>
      decide(userCode, 'deny')
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('failed at poll: access_denied: The user denied the request; polling stops.');
    expect(r.err).toContain('End-User aborted interaction');
  }, 30_000);

  it('expired: expired_token explained, exit 1 (a public client, --client-auth none)', async () => {
    const r = await machineCli([
      'device',
      '--issuer',
      issuer,
      '--client-id',
      'tv',
      '--client-auth',
      'none',
      '--scope',
      'openid',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('failed at poll: expired_token: The device code expired before the user approved');
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../../../platform/node/http-server';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { runFlowCli } from '../flows/run-flow-cli';
import { runCli } from './run-cli';

// `flow --lifecycle` with endpoints the metadata may leave out (both optional in RFC 8414 §2), named by flags: the
// real CLI against the mock over sockets, each endpoint printed with where it came from.
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
const { client } = DEFAULT_CREDENTIALS;
const grant = () => [
  'oauth2',
  '--base-url',
  mock.baseUrl,
  '--client-id',
  client.id,
  '--client-secret',
  client.secret,
  '--scope',
  'read',
  '--no-open',
  '--no-history',
  '--lifecycle',
];
const browse = (url: string) => fetch(url, { redirect: 'follow' });

describe('flow --lifecycle: revocation and introspection endpoints from flags or metadata', () => {
  it('a path given by --revocation-endpoint is used (relative to the base URL); introspection comes from the metadata', async () => {
    const r = await runFlowCli([...grant(), '--revocation-endpoint', '/oidc/revoke'], browse);
    expect(r.stderr).toContain(`revocation endpoint: ${mock.baseUrl}/oidc/revoke (from --revocation-endpoint)`);
    expect(r.stderr).toContain(
      `introspection endpoint: ${mock.baseUrl}/oidc/introspect (from the metadata of ${mock.baseUrl})`
    );
    expect(r.stderr).toMatch(/-> POST http:\/\/127\.0\.0\.1:\d+\/oidc\/revoke\n<- 200/);
    expect(r.code).toBe(0);
  });

  it('with both flags no metadata is needed: the issuer named has none, the legs still run', async () => {
    // The issuer named is not the mock's: the mock's iss (RFC 9207) would rightly fail the callback, so it is off.
    mock.context.settings.switches.issParameter = false;
    const r = await runFlowCli(
      [
        ...grant(),
        '--issuer',
        `${mock.baseUrl}/nowhere`,
        '--revocation-endpoint',
        `${mock.baseUrl}/oidc/revoke`,
        '--introspection-endpoint',
        `${mock.baseUrl}/oidc/introspect`,
      ],
      browse
    ).finally(() => {
      mock.context.settings.switches.issParameter = true;
    });
    expect(r.stderr).not.toContain('.well-known');
    expect(r.stderr).toContain('(from --introspection-endpoint)');
    expect(r.stderr).toMatch(/Token lifecycle: introspection after the revocation/);
    expect(r.code).toBe(0);
  });

  it('metadata behind a redirect to another issuer: the hop is shown, and the issuer check still refuses it', async () => {
    const front = await startHttpServer({
      name: 'the redirecting front',
      onRequest: (req, res) => res.writeHead(301, { Location: `${mock.baseUrl}${req.url}` }).end(),
    });
    // The mock's iss (RFC 9207) would fail the callback before the metadata is read (the lifecycle reads it): off.
    mock.context.settings.switches.issParameter = false;
    try {
      const issuer = `http://127.0.0.1:${front.port}`;
      const r = await runFlowCli([...grant(), '--issuer', issuer], browse);
      expect(r.stderr).toContain(
        `redirected: HTTP 301 ${issuer}/.well-known/openid-configuration -> ${mock.baseUrl}/.well-known/openid-configuration`
      );
      // The document's issuer is the mock's, not the one asked (RFC 8414 §3.3): its endpoints are not used.
      expect(r.stderr).toContain(`The document is refused: issuer is "${mock.baseUrl}"`);
      expect(r.stderr).toContain('Its endpoints are not used.');
      expect(r.stderr).not.toContain(`revocation endpoint: ${mock.baseUrl}/oidc/revoke`);
      expect(r.code).toBe(0);
    } finally {
      mock.context.settings.switches.issParameter = true;
      await front.close();
    }
  });

  it('--jwks-uri names the key set the id_token is checked with, and says so', async () => {
    const args = grant()
      .filter((a) => a !== '--lifecycle')
      .map((a) => (a === 'read' ? 'openid' : a));
    const r = await runFlowCli([...args, '--jwks-uri', '/oidc/jwks'], browse);
    expect(r.stderr).toContain(`JWKS: ${mock.baseUrl}/oidc/jwks (from --jwks-uri)`);
    expect(r.stderr).toMatch(/ok {3}Key from the JWKS/);
    expect(r.code).toBe(0);
  });

  it('bad URLs are refused before anything is sent, naming the flag and what is expected (exit 2)', async () => {
    const revoke = await runCli(['flow', ...grant(), '--revocation-endpoint', 'ftp://x/revoke']);
    expect(revoke.code).toBe(2);
    expect(revoke.err).toMatch(
      /--revocation-endpoint: The revocation endpoint: Invalid URL "ftp:\/\/x\/revoke": scheme "ftp"/
    );
    const introspect = await runCli(['flow', ...grant(), '--introspection-endpoint', 'introspect']);
    expect(introspect.err).toContain(
      '--introspection-endpoint: The introspection endpoint must be a path starting with "/" or a full http:// or https:// URL; got "introspect".'
    );
    const issuer = await runCli(['flow', ...grant(), '--issuer', `${mock.baseUrl}/?tenant=1`]);
    expect(issuer.code).toBe(2);
    expect(issuer.err).toContain('--issuer: The issuer: an issuer has no query or fragment (RFC 8414 §2).');
    const jwks = await runCli(['flow', ...grant(), '--jwks-uri', 'jwks.json']);
    expect(jwks.err).toContain('--jwks-uri: The JWKS URL must be a path starting with "/"');
  });
});

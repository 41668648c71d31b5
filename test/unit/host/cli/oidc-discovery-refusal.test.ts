import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { HostileMetadata } from '../../../support/hostile-metadata';
import { runCli } from './run-cli';
import { runFlow } from './run-flow';

/**
 * A discovery document whose issuer is not the issuer asked is refused before its JWKS is fetched (OIDC Discovery
 * §4.3, RFC 8414 §3.3), and the iss step says where the expected issuer came from. Over real sockets: the mock issues
 * the tokens; a server on 127.0.0.1 answers discovery as an impersonator would.
 */
let mock: MockProvider;
// Claims the mock's issuer (so the id_token's iss would match it) and serves the mock's real keys at its own /jwks.
let impersonator: HostileMetadata;
// Publishes no metadata at all.
let silent: HostileMetadata;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  // The issuers named here are not the mock's: its iss (RFC 9207) would rightly fail the callback before the
  // discovery these tests are about, so it is off.
  mock.context.settings.switches.issParameter = false;
  impersonator = new HostileMetadata(
    (base) => ({
      issuer: mock.baseUrl,
      authorization_endpoint: `${mock.baseUrl}/oauth/v2/authorize`,
      token_endpoint: `${mock.baseUrl}/oauth/v2/token`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'ES256'],
    }),
    `${mock.baseUrl}/oidc/jwks`
  );
  silent = new HostileMetadata(null);
  await Promise.all([impersonator.start(), silent.start()]);
});
afterAll(() => Promise.all([mock.stop(), impersonator.stop(), silent.stop()]));

const { client } = DEFAULT_CREDENTIALS;
const flowArgs = (issuer: string) => [
  '--base-url',
  mock.baseUrl,
  '--client-id',
  client.id,
  '--client-secret',
  client.secret,
  '--scope',
  'openid profile',
  '--issuer',
  issuer,
  '--no-open',
];

describe('a discovery document whose issuer is not the one asked', () => {
  it('stops `flow --issuer` at discovery, exit 1, before the authorization request or any JWKS', async () => {
    const r = await runFlow(flowArgs(impersonator.base));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed at discovery: The document is refused: issuer is "${mock.baseUrl}"`);
    expect(r.stderr).toContain('None of its endpoints is used: the flow stops before the authorization request');
    expect(r.stderr).not.toContain('Flow completed');
    expect(r.stderr).not.toMatch(/Issuer \(iss\)/);
    expect(impersonator.jwksRequests).toBe(0);
    // Discovery runs first with --issuer (OIDC Discovery §4.3): no authorization request, no code, no tokens.
    expect(r.stderr).not.toContain('/authorize?');
    expect(r.stdout).not.toContain('access_token=');
  });

  it('`flow --lifecycle` without openid takes no endpoints from it, and says why', async () => {
    const args = flowArgs(impersonator.base).map((a) => (a === 'openid profile' ? 'profile' : a));
    const r = await runFlow([...args, '--lifecycle']);
    expect(r.stderr).toContain(`The document is refused: issuer is "${mock.baseUrl}"`);
    expect(r.stderr).toContain('Its endpoints are not used.');
    expect(r.stderr).toContain('Without both endpoints, the introspection and revocation legs are left out.');
    expect(r.code).toBe(0);
  });

  it('`discover` exits 1, names the refusal and offers no endpoints for a profile', async () => {
    const text = await runCli(['discover', impersonator.base]);
    expect(text.code).toBe(1);
    expect(text.out).toContain('FAIL issuer:');
    expect(text.out).toContain('The document is refused');
    expect(text.out).not.toContain('Endpoints for a profile');
    const json = await runCli(['discover', impersonator.base, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, endpoints: null, refused: expect.any(String) });
    expect(impersonator.jwksRequests).toBe(0);
  });
});

it('a document with its own issuer but a missing member and an http jwks_uri on another host: warnings, not silence', async () => {
  const lax = new HostileMetadata((base) => ({
    issuer: base,
    authorization_endpoint: `${mock.baseUrl}/oauth/v2/authorize`,
    token_endpoint: `${mock.baseUrl}/oauth/v2/token`,
    jwks_uri: 'http://keys.example/jwks',
    response_types_supported: ['code'],
    id_token_signing_alg_values_supported: ['RS256'],
  }));
  await lax.start();
  try {
    const r = await runFlow(flowArgs(lax.base));
    expect(r.stderr).toContain(
      'warn required members: Missing required member: subject_types_supported (OIDC Discovery §3). The flow goes on with the rest of the document.'
    );
    expect(r.stderr).toMatch(/warn jwks_uri: .*so it is not used\. The flow goes on/);
    // The key step cannot use the http JWKS on another host, so the flow fails there rather than trust it.
    expect(r.stderr).toMatch(/FAIL Key from the JWKS/);
    expect(r.code).toBe(1);
  } finally {
    await lax.stop();
  }
});

describe('the iss step says where the expected issuer came from', () => {
  it('with --issuer and no metadata there, it names the flag and says discovery confirmed nothing', async () => {
    const r = await runFlow(flowArgs(silent.base));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `expected exactly "${silent.base}" (from --issuer; not confirmed by discovery: no metadata was found)`
    );
    expect(r.stderr).not.toMatch(/discovery confirmed|the issuer from discovery/);
  });

  it('with the mock as --issuer, discovery confirmed it and the step says so with the document URL', async () => {
    const r = await runFlow(flowArgs(mock.baseUrl));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `ok   Issuer (iss) [OIDC Core §3.1.3.7 (2)]: iss is "${mock.baseUrl}", the expected issuer (from --issuer, confirmed by discovery at ${mock.baseUrl}/.well-known/openid-configuration).`
    );
  });
});

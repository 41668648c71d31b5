import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeOauth2Server, type RunningOauth2Server } from '../support/node-oauth2-server';
import { runCli } from '../unit/host/cli/run-cli';

// Interop: `oauth-lab audit` against @node-oauth/oauth2-server as it ships (its handlers over node:http, the model
// in memory; the metadata written by the test, since the library has none): its real findings, each checked by
// hand (docs/audit.md).
const REDIRECT_URI = 'https://client.example/callback';
const CONFIDENTIAL = { id: 'lab-client', secret: 'lab-client-secret' };
const PUBLIC_CLIENT_ID = 'lab-public';

type Finding = { id: string; severity: string; status: string; evidence: string[] };
const found = (findings: Finding[]) => findings.filter((f) => f.status === 'found').map((f) => f.id);

async function audit(issuer: string, args: string[], secret?: string) {
  const r = await runCli(
    ['audit', issuer, '--redirect-uri', REDIRECT_URI, '--max-requests', '200', '--json', ...args],
    '',
    secret ? { OAUTH_LAB_CLIENT_SECRET: secret } : {}
  );
  return { code: r.code, findings: JSON.parse(r.out).findings as Finding[] };
}

describe('audit against @node-oauth/oauth2-server as it ships', () => {
  let server: RunningOauth2Server;
  beforeAll(async () => {
    server = await startNodeOauth2Server([
      { ...CONFIDENTIAL, redirectUris: [REDIRECT_URI] },
      { id: PUBLIC_CLIENT_ID, secret: null, redirectUris: [REDIRECT_URI] },
    ]);
  });
  afterAll(() => server?.close());

  it('read only: the iss parameter not advertised (low), exit 0', async () => {
    const r = await audit(server.issuer, []);
    expect(found(r.findings)).toEqual(['metadata-no-iss-parameter']);
    expect(r.code).toBe(0);
  });

  it('active: the code of a confidential client exchanged without its secret when a code_verifier is sent (advertised-not-enforced)', async () => {
    const r = await audit(
      server.issuer,
      ['--active', '--auto-login', '--client-id', CONFIDENTIAL.id],
      CONFIDENTIAL.secret
    );
    expect(found(r.findings)).toEqual(['metadata-no-iss-parameter', 'advertised-not-enforced']);
    expect(r.code).toBe(1);
    const advertised = r.findings.find((f) => f.id === 'advertised-not-enforced')!;
    expect(advertised.evidence).toContain(
      'token_endpoint_auth_methods_supported ["client_secret_basic","client_secret_post"]; a code of this confidential client exchanged with its client_id alone (none): 200 with tokens (access_token, token_type, expires_in, refresh_token)'
    );
    const skipped = Object.fromEntries(
      r.findings.filter((f) => f.status === 'skipped').map((f) => [f.id, f.evidence[0]])
    );
    expect(Object.keys(skipped)).toEqual([
      'metadata-jwks-private-key', // no jwks_uri: it signs nothing
      'pkce-not-required', // a confidential client (the public one below)
      'code-reuse-tokens-not-revoked', // no introspection
      'code-long-lived',
      'code-other-client', // no registration
      'iss-missing-in-response', // not advertised
      'client-secret-in-query-accepted', // tokens without any secret: the query proves nothing
      'par-required-not-enforced',
      'dpop-required-not-enforced',
      'dcr-insecure-redirect-accepted',
    ]);
    expect(skipped['client-secret-in-query-accepted']).toContain('but one exchanged with no secret at all too');
  });

  it('active, a public client: a code issued without a code challenge (pkce-not-required; its exchange then refused)', async () => {
    const r = await audit(server.issuer, [
      '--active',
      '--auto-login',
      '--client-id',
      PUBLIC_CLIENT_ID,
      '--only',
      'pkce-not-required',
    ]);
    expect(r.findings).toMatchObject([{ id: 'pkce-not-required', status: 'found', severity: 'high' }]);
    expect(r.code).toBe(1);
  });
});

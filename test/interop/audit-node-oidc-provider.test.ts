import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from 'oidc-provider';
import { OP_CLIENT, startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { runCli } from '../unit/host/cli/run-cli';

// Interop: `oauth-lab audit` against node-oidc-provider configured strictly (a server nobody here wrote, its
// interactions approved at once by the test's handler): no high or medium finding, and the probes decided rather
// than skipped wherever the server offers what they need.
let op: RunningOidcProvider;
let parOp: RunningOidcProvider;
const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const PUBLIC_CLIENT = { client_id: 'lab-public', token_endpoint_auth_method: 'none', application_type: 'native' };
const client = (extra: Record<string, unknown> = {}) => ({
  ...OP_CLIENT,
  redirect_uris: [REDIRECT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  ...extra,
});
/**
 * The strict part of the configuration: node-oidc-provider as it ships registers a web client's plain http redirect
 * URI on any host (found as dcr-insecure-redirect-accepted); RFC 9700 §2.6 allows http on loopback only.
 */
const httpOnLoopbackOnly = {
  extraClientMetadata: {
    properties: ['oauth_lab_redirect_policy'],
    validator: (_ctx: unknown, _key: string, _value: unknown, metadata: { redirect_uris?: string[] }) => {
      const insecure = (metadata.redirect_uris ?? []).filter((u) => {
        const url = new URL(u);
        return url.protocol === 'http:' && !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
      });
      if (insecure.length)
        throw new errors.InvalidClientMetadata(
          `redirect_uris ${insecure.join(', ')}: http only on loopback (RFC 9700 §2.6)`
        );
    },
  },
};
beforeAll(async () => {
  op = await startOidcProvider(
    [client(), client(PUBLIC_CLIENT)],
    {
      introspection: { enabled: true },
      revocation: { enabled: true },
      registration: { enabled: true },
      dPoP: { enabled: true },
    },
    null,
    httpOnLoopbackOnly
  );
  parOp = await startOidcProvider([client()], {
    pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true } as { enabled: boolean },
  });
});
afterAll(async () => {
  await op.close();
  await parOp.close();
});

type Finding = { id: string; severity: string; status: string; evidence: string[] };
const serious = (f: Finding) => f.status === 'found' && ['high', 'medium'].includes(f.severity);

async function audit(issuer: string, args: string[], secret?: string) {
  const r = await runCli(
    ['audit', issuer, '--redirect-uri', REDIRECT_URI, '--auto-login', '--max-requests', '200', '--json', ...args],
    '',
    secret ? { OAUTH_LAB_CLIENT_SECRET: secret } : {}
  );
  return { code: r.code, findings: JSON.parse(r.out).findings as Finding[] };
}

describe('audit against node-oidc-provider, strict', () => {
  it('as it ships, registration takes an http redirect URI on any host (dcr-insecure-redirect-accepted)', async () => {
    const shipped = await startOidcProvider([client()], { registration: { enabled: true } });
    try {
      const r = await audit(shipped.issuer, ['--active', '--register', '--only', 'dcr-insecure-redirect-accepted']);
      expect(r.findings[0]).toMatchObject({ status: 'found', severity: 'medium' });
      expect(r.code).toBe(1);
    } finally {
      await shipped.close();
    }
  });

  it('read only: no high or medium finding, exit 0', async () => {
    const r = await audit(op.issuer, []);
    expect(r.findings.filter(serious)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('active, with --register: no high or medium finding; skipped only where the server offers nothing to probe', async () => {
    const r = await audit(
      op.issuer,
      ['--active', '--register', '--client-id', OP_CLIENT.client_id],
      OP_CLIENT.client_secret
    );
    expect(r.findings.filter(serious)).toEqual([]);
    expect(r.code).toBe(0);
    const skipped = Object.fromEntries(
      r.findings.filter((f) => f.status === 'skipped').map((f) => [f.id, f.evidence[0]])
    );
    expect(Object.keys(skipped)).toEqual([
      'redirect-uri-other-port', // a loopback redirect URI
      'redirect-uri-scheme-downgrade', // not https
      'pkce-not-required', // a confidential client (the public one below)
      'code-long-lived',
      'refresh-reuse-not-detected', // no refresh token without offline_access
      'par-required-not-enforced', // not required (the second provider below)
    ]);
  });

  it('a public client without a challenge is refused (pkce-not-required not found)', async () => {
    const r = await audit(op.issuer, [
      '--active',
      '--client-id',
      PUBLIC_CLIENT.client_id,
      '--only',
      'pkce-not-required',
    ]);
    expect(r.findings[0]).toMatchObject({ status: 'not-found' });
  });

  it('pushed requests required: a plain authorization request is refused (par-required-not-enforced not found)', async () => {
    const r = await audit(
      parOp.issuer,
      ['--active', '--client-id', OP_CLIENT.client_id, '--only', 'par-required-not-enforced'],
      OP_CLIENT.client_secret
    );
    expect(r.findings[0]).toMatchObject({ status: 'not-found' });
  });
});

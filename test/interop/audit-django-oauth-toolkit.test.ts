import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDjangoOauthToolkit, type RunningDjangoOauthToolkit } from '../support/django-oauth-toolkit';
import { hasRuntime } from '../support/system-runtimes';
import { runCli } from '../unit/host/cli/run-cli';

// Interop: `oauth-lab audit` against Django OAuth Toolkit 1.7.0 as it ships (Debian's python3-django-oauth-toolkit,
// OpenID Connect on as its documentation sets it up): its real findings, each checked by hand (docs/audit.md).
const REDIRECT_URI = 'https://client.example/callback';
const CONFIDENTIAL = { client_id: 'lab-client', client_secret: 'lab-client-secret' };
const PUBLIC_CLIENT_ID = 'lab-public';
const application = (client_id: string, client_secret: string, client_type: 'confidential' | 'public') => ({
  client_id,
  client_secret,
  client_type,
  authorization_grant_type: 'authorization-code' as const,
  redirect_uris: REDIRECT_URI,
  algorithm: 'RS256' as const,
});

type Finding = { id: string; severity: string; status: string; evidence: string[] };
const found = (findings: Finding[]) => findings.filter((f) => f.status === 'found').map((f) => f.id);

async function audit(issuer: string, args: string[], secret?: string) {
  const r = await runCli(
    ['audit', issuer, '--redirect-uri', REDIRECT_URI, '--max-requests', '200', '--json', ...args],
    '',
    secret ? { OAUTH_LAB_CLIENT_SECRET: secret } : {}
  );
  return { code: r.code, err: r.err, findings: JSON.parse(r.out).findings as Finding[] };
}

const READ_ONLY_FOUND = [
  'metadata-no-s256', // PKCE is taken, code_challenge_methods_supported not published
  'metadata-implicit-advertised', // response_types_supported lists token, id_token token, ...
  'metadata-no-iss-parameter',
  'metadata-weak-alg', // HS256 for id_tokens
];

describe.skipIf(!hasRuntime('python3DjangoOauthToolkit'))(
  'audit against Django OAuth Toolkit 1.7.0 as it ships',
  () => {
    let dot: RunningDjangoOauthToolkit;
    beforeAll(async () => {
      dot = await startDjangoOauthToolkit([
        application(CONFIDENTIAL.client_id, CONFIDENTIAL.client_secret, 'confidential'),
        application(PUBLIC_CLIENT_ID, '', 'public'),
      ]);
    });
    afterAll(() => dot?.close());

    it('read only: the metadata findings, exit 1', async () => {
      const r = await audit(dot.issuer, []);
      expect(found(r.findings)).toEqual(READ_ONLY_FOUND);
      expect(r.code).toBe(1);
    });

    it('active, its confidential application: an added query, PKCE plain and a token in the query taken; the rest refused or skipped', async () => {
      const r = await audit(
        dot.issuer,
        ['--active', '--auto-login', '--client-id', CONFIDENTIAL.client_id],
        CONFIDENTIAL.client_secret
      );
      expect(found(r.findings)).toEqual([
        ...READ_ONLY_FOUND,
        'redirect-uri-query-added', // a query added to the registered redirect URI is taken
        'pkce-plain-accepted',
        'bearer-in-query-accepted', // UserInfo reads ?access_token=
      ]);
      expect(r.code).toBe(1);
      const skipped = Object.fromEntries(
        r.findings.filter((f) => f.status === 'skipped').map((f) => [f.id, f.evidence[0]])
      );
      expect(Object.keys(skipped)).toEqual([
        'pkce-not-required', // a confidential client (the public one below)
        'code-reuse-tokens-not-revoked', // no introspection_endpoint in its metadata
        'code-long-lived',
        'code-other-client', // no registration (--register)
        'iss-missing-in-response', // not advertised
        'par-required-not-enforced',
        'dpop-required-not-enforced',
        'dcr-insecure-redirect-accepted',
      ]);
      // Its metadata leaves out none: a code of the confidential application exchanged without the secret is refused.
      expect(r.findings.find((f) => f.id === 'advertised-not-enforced')).toMatchObject({ status: 'not-found' });
      expect(r.findings.find((f) => f.id === 'request-object-none-accepted')?.evidence[0]).toContain(
        'the state outside it back (the object ignored)'
      );
    });

    it('active, its public application: a code without a code challenge (pkce-not-required)', async () => {
      const r = await audit(dot.issuer, [
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
  }
);

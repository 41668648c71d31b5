import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { scratchDir } from '../../../support/scratch-dir';
import { auditMock, auditOne, setSwitches } from './audit-mock';
import { runCli } from './run-cli';

// The redirect URI probes of `oauth-lab audit --active` against the mock over real sockets: each found with its lax
// switch, not found with the mock strict.
let mock: MockProvider;
let loginMock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
  loginMock = await auditMock();
});
afterAll(async () => {
  await mock.stop();
  await loginMock.stop();
});

const CASES: [id: string, changed: string][] = [
  ['redirect-uri-prefix-match', 'redirect_uri https://client.example/cb/oauth-lab-audit'],
  ['redirect-uri-query-added', 'redirect_uri https://client.example/cb?oauth_lab_audit=1'],
  ['redirect-uri-other-port', 'redirect_uri https://client.example:8443/cb'],
  ['redirect-uri-other-host', 'redirect_uri https://oauth-lab-audit.invalid/cb'],
  ['redirect-uri-scheme-downgrade', 'redirect_uri http://client.example/cb'],
  ['error-redirect-unregistered', 'unregistered redirect_uri https://oauth-lab-audit.invalid/callback'],
];

describe('audit --active: redirect URI probes', () => {
  it.each(CASES)('%s: found with the flaw, not found without', async (id, changed) => {
    setSwitches(mock, { lax: [id] });
    const on = await auditOne(mock, id);
    expect(on.finding).toMatchObject({ id, status: 'found' });
    expect(on.finding.evidence[0]).toContain(changed);
    expect(on.finding.evidence.at(-1)).toMatch(
      /^reproduce: curl --globoff --request GET '?http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/authorize\?/
    );
    expect(on.code).toBe(1);
    setSwitches(mock);
    const off = await auditOne(mock, id);
    expect(off.finding).toMatchObject({ id, status: 'not-found' });
    expect(off.finding.evidence[0]).toContain('400, no redirect');
    expect(off.code).toBe(0);
  });

  it('a loopback redirect URI: other port and scheme downgrade are skipped, saying why', async () => {
    setSwitches(mock);
    for (const [id, why] of [
      ['redirect-uri-other-port', 'is loopback, where any port is allowed (RFC 8252 §7.3)'],
      ['redirect-uri-scheme-downgrade', 'is not https'],
    ] as const) {
      const r = JSON.parse(
        (
          await runCli(
            [
              'audit',
              mock.baseUrl,
              '--active',
              '--client-id',
              'oauth-lab-client',
              '--auto-login',
              '--only',
              id,
              '--json',
            ],
            '',
            { OAUTH_LAB_CLIENT_SECRET: 'oauth-lab-client-secret' }
          )
        ).out
      );
      expect(r.findings[0].status).toBe('skipped');
      expect(r.findings[0].evidence[0]).toContain(why);
    }
  });

  it('logs in on the mock login form with --user and --password-file; without a login it is skipped', async () => {
    const dir = scratchDir('audit-login-');
    const password = join(dir, 'password');
    writeFileSync(password, 'demo\n');
    setSwitches(loginMock, { lax: ['redirect-uri-prefix-match'] });
    const form = await auditOne(loginMock, 'redirect-uri-prefix-match', [
      '--user',
      'demo',
      '--password-file',
      password,
    ]);
    expect(form.finding.status).toBe('found');
    const none = await auditOne(loginMock, 'redirect-uri-prefix-match', []);
    expect(none.finding.status).toBe('skipped');
    expect(none.finding.evidence[0]).toContain('give --auto-login for an issuer that approves at once');
  });

  it('a client whose own redirect URI is refused: every redirect probe is skipped naming it', async () => {
    setSwitches(mock);
    const r = await auditOne(mock, 'redirect-uri-other-host', [
      '--auto-login',
      '--redirect-uri',
      'https://elsewhere.example/cb',
    ]);
    expect(r.finding.status).toBe('skipped');
    expect(r.finding.evidence[0]).toContain('itself was not taken');
  });
});

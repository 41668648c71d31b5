import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS } from '../../../../shared/audit/findings';
import { MOCK_LAX } from '../../../../shared/audit/mock-lax';
import { updateMockSettings, type MockProvider } from '../../../../mock-provider';
import { auditMock, setSwitches, WEB_CLIENT } from './audit-mock';
import { runCli } from './run-cli';

// Every flaw at once: a whole active audit of the mock with all its lax switches on finds each probe's finding
// though the others are there too (one flaw must not hide another), exit 1.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

describe('audit --active against a mock with every flaw', () => {
  it('finds every finding but those the other flaws leave nothing to probe', async () => {
    setSwitches(mock, {
      lax: [...MOCK_LAX],
      allowPlainPkce: true,
      issParameter: true,
      requestObjectAlgs: 'all',
      allowQueryAccessToken: true,
      revokeOnCodeReuse: false,
      requirePushedAuthorizationRequests: true,
    });
    updateMockSettings(mock.context, { lifetimes: { codeTtl: 900 } });
    const r = await runCli(
      [
        'audit',
        mock.baseUrl,
        '--active',
        '--register',
        '--client-id',
        WEB_CLIENT.id,
        '--redirect-uri',
        WEB_CLIENT.redirectUri,
        '--auto-login',
        '--json',
      ],
      '',
      { OAUTH_LAB_CLIENT_SECRET: WEB_CLIENT.secret }
    );
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    const notFound = j.findings
      .filter((f: { status: string }) => f.status !== 'found')
      .map((f: { id: string }) => f.id);
    expect(notFound).toEqual([
      'metadata-no-iss-parameter', // issParameter is on (iss-missing-in-response is the flaw)
      'pkce-not-required', // a confidential client
      'advertised-not-enforced', // metadata-no-s256 leaves S256 out, so plain is advertised
    ]);
    expect(j.findings).toHaveLength(FINDINGS.length);
  });
});

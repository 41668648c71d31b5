import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS } from '../../../../shared/audit/findings';
import { PROBES } from '../../../../host/audit/probes/run-probes';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, setSwitches, WEB_CLIENT } from './audit-mock';
import { runCli } from './run-cli';

// A whole `oauth-lab audit --active` of the strict mock over real sockets: nothing found, within the default
// request budget (how long it takes is measured by `npm run bench`: test/bench/audit.bench.ts).
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

const fullAudit = () =>
  runCli(
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

describe('audit --active: the whole audit', () => {
  it('every active finding has its probe', () => {
    expect(FINDINGS.filter((f) => f.active && !PROBES[f.id]).map((f) => f.id)).toEqual([]);
  });

  it('the strict mock: no finding found, exit 0, at most 60 requests', async () => {
    setSwitches(mock);
    const r = await fullAudit();
    const j = JSON.parse(r.out);
    expect(j.findings.filter((f: { status: string }) => f.status === 'found')).toEqual([]);
    expect(r.code).toBe(0);
    expect(j.probes).toBeLessThanOrEqual(60);
    const skipped = j.findings
      .filter((f: { status: string }) => f.status === 'skipped')
      .map((f: { id: string }) => f.id);
    // A confidential client (pkce-not-required needs a public one), PAR not required here.
    expect(skipped).toEqual(['pkce-not-required', 'par-required-not-enforced']);
  });
});

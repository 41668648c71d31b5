import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMockSettings, type MockProvider } from '../../../../mock-provider';
import { auditMock, auditOne, setSwitches } from './audit-mock';

// The code probes of `oauth-lab audit --active` against the mock over real sockets: each found with its switch, not
// found with the mock strict.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

describe('audit --active: authorization code probes', () => {
  it('code-reuse-accepted: a second exchange of one code gets tokens only with the flaw', async () => {
    setSwitches(mock, { lax: ['code-reuse-accepted'] });
    const on = await auditOne(mock, 'code-reuse-accepted');
    expect(on.finding).toMatchObject({ status: 'found', explain: 'code_reused' });
    expect(on.finding.evidence[0]).toContain('then again: 200 with tokens');
    setSwitches(mock);
    const off = await auditOne(mock, 'code-reuse-accepted');
    expect(off.finding.status).toBe('not-found');
    expect(off.finding.evidence[0]).toContain('then again: 400 error "invalid_grant"');
  });

  it('code-long-lived: on the mock, its clock moved 601 s on (and back), a code is taken only when it lives longer', async () => {
    setSwitches(mock);
    updateMockSettings(mock.context, { lifetimes: { codeTtl: 900 } });
    const on = await auditOne(mock, 'code-long-lived');
    expect(on.finding).toMatchObject({ status: 'found', severity: 'low', explain: 'code_expired' });
    expect(on.finding.evidence[0]).toContain("after the mock's clock was moved 601 s on: 200 with tokens");
    expect(Math.abs(mock.clock.now() - Date.now())).toBeLessThan(60_000);
    updateMockSettings(mock.context, { lifetimes: { codeTtl: 60 } });
    const off = await auditOne(mock, 'code-long-lived');
    expect(off.finding.status).toBe('not-found');
    expect(off.finding.evidence[0]).toContain('400 error "invalid_grant"');
    expect(Math.abs(mock.clock.now() - Date.now())).toBeLessThan(60_000);
  });

  it('code-reuse-tokens-not-revoked: the first access token stays active only with revokeOnCodeReuse off', async () => {
    setSwitches(mock, { revokeOnCodeReuse: false });
    const on = await auditOne(mock, 'code-reuse-tokens-not-revoked');
    expect(on.finding.status).toBe('found');
    expect(on.finding.evidence[0]).toContain('introspected: active true');
    expect(on.finding.evidence.at(-1)).toContain('token=<ACCESS_TOKEN>');
    setSwitches(mock, { revokeOnCodeReuse: true });
    const off = await auditOne(mock, 'code-reuse-tokens-not-revoked');
    expect(off.finding.status).toBe('not-found');
    expect(off.finding.evidence[0]).toContain('introspected: active false');
  });
});

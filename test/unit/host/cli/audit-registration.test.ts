import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, auditOne, setSwitches } from './audit-mock';
import { runCli } from './run-cli';

// `oauth-lab audit --active --register` against the mock over real sockets: the probes' client registered by RFC
// 7591, and the probes that register one more, each found with its lax switch and not found without.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

describe('audit --active --register', () => {
  it('without --client-id, registers the probes client at the registration endpoint and probes with it', async () => {
    setSwitches(mock, { lax: ['code-reuse-accepted'] });
    const r = await runCli([
      'audit',
      mock.baseUrl,
      '--active',
      '--register',
      '--auto-login',
      '--only',
      'code-reuse-accepted',
      '--json',
    ]);
    const f = JSON.parse(r.out).findings[0];
    expect(f.status).toBe('found');
    expect(f.evidence.at(-1)).toContain('Basic <base64 of CLIENT_ID:CLIENT_SECRET>');
    expect(r.code).toBe(1);
  });

  it('code-other-client: a second registered client exchanges the code only with the flaw', async () => {
    setSwitches(mock, { lax: ['code-other-client'] });
    const on = await auditOne(mock, 'code-other-client', ['--auto-login', '--register']);
    expect(on.finding).toMatchObject({ status: 'found', explain: 'grant_for_another_client' });
    expect(on.finding.evidence[0]).toMatch(/exchanged by the client registered as dcr-\S+: 200 with tokens/);
    setSwitches(mock);
    const off = await auditOne(mock, 'code-other-client', ['--auto-login', '--register']);
    expect(off.finding.status).toBe('not-found');
    expect(off.finding.evidence[0]).toContain('400 error "invalid_grant"');
    const unasked = await auditOne(mock, 'code-other-client');
    expect(unasked.finding.status).toBe('skipped');
    expect(unasked.finding.evidence[0]).toContain('give --register to allow it');
  });

  it('dcr-insecure-redirect-accepted: an http redirect URI elsewhere is registered only with the flaw', async () => {
    setSwitches(mock, { lax: ['dcr-insecure-redirect-accepted'] });
    const on = await auditOne(mock, 'dcr-insecure-redirect-accepted', ['--register']);
    expect(on.finding.status).toBe('found');
    expect(on.finding.evidence[0]).toContain('201, registered');
    setSwitches(mock);
    const off = await auditOne(mock, 'dcr-insecure-redirect-accepted', ['--register']);
    expect(off.finding.status).toBe('not-found');
    expect(off.finding.evidence[0]).toContain('400 error "invalid_redirect_uri"');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, auditOne, setSwitches, WEB_CLIENT } from './audit-mock';

// The authorization response and token probes of `oauth-lab audit --active` against the mock over real sockets:
// each found with its switch, not found with the mock strict.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

const CASES: [id: string, flaw: Record<string, unknown>, on: string, off: string][] = [
  [
    'state-not-echoed',
    { lax: ['state-not-echoed'] },
    'the redirect carried no state',
    'the redirect carried the same state',
  ],
  [
    'iss-missing-in-response',
    { lax: ['iss-missing-in-response'] },
    'the redirect carried no iss',
    'the redirect carried iss "http://127.0.0.1:',
  ],
  [
    'token-endpoint-get-accepted',
    { lax: ['token-endpoint-get-accepted'] },
    'by GET, its parameters in the query: 200 with tokens',
    'by GET, its parameters in the query: 405 error "invalid_request"',
  ],
  [
    'token-response-cacheable',
    { lax: ['token-response-cacheable'] },
    'with Cache-Control (absent)',
    'with Cache-Control "no-store"',
  ],
  [
    'client-secret-in-query-accepted',
    { lax: ['client-secret-in-query-accepted'] },
    'query: 200 with tokens',
    'query: 400 error "invalid_request"',
  ],
  [
    'bearer-in-query-accepted',
    { allowQueryAccessToken: true },
    'in the access_token query parameter: 200',
    'in the access_token query parameter: 400 error "invalid_request"',
  ],
  [
    'refresh-reuse-not-detected',
    { lax: ['refresh-reuse-not-detected'] },
    'then used again: 200 with tokens',
    'then used again: 400 error "invalid_grant"',
  ],
];

describe('audit --active: authorization response and token probes', () => {
  it.each(CASES)('%s: found with the flaw, not found without', async (id, flaw, on, off) => {
    setSwitches(mock, flaw);
    const found = await auditOne(mock, id);
    expect(found.finding).toMatchObject({ id, status: 'found' });
    expect(found.finding.evidence[0]).toContain(on);
    expect(found.out).not.toContain(WEB_CLIENT.secret);
    setSwitches(mock);
    const not = await auditOne(mock, id);
    expect(not.finding).toMatchObject({ id, status: 'not-found' });
    expect(not.finding.evidence[0]).toContain(off);
  });

  it('iss-missing-in-response is skipped when the metadata does not advertise iss', async () => {
    setSwitches(mock, { issParameter: false });
    const r = await auditOne(mock, 'iss-missing-in-response');
    expect(r.finding.status).toBe('skipped');
    expect(r.finding.evidence[0]).toContain('that is metadata-no-iss-parameter');
  });

  it('refresh-reuse-not-detected is skipped when the server does not rotate', async () => {
    setSwitches(mock, { rotateRefreshTokens: false });
    const r = await auditOne(mock, 'refresh-reuse-not-detected');
    expect(r.finding.status).toBe('skipped');
    expect(r.finding.evidence[0]).toContain('does not rotate refresh tokens');
  });
});

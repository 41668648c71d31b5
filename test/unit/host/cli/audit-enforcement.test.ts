import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, auditOne, setSwitches } from './audit-mock';

// The probes of `oauth-lab audit --active` that check what the metadata promises is kept (PAR, request objects,
// DPoP, what is advertised) against the mock over real sockets: found with the flaw, not found without.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

const CASES: [
  id: string,
  on: Record<string, unknown>,
  off: Record<string, unknown>,
  extra: string[],
  onText: string,
  offText: string,
][] = [
  [
    'par-required-not-enforced',
    { requirePushedAuthorizationRequests: true, lax: ['par-required-not-enforced'] },
    { requirePushedAuthorizationRequests: true },
    [],
    'a plain authorization request: 302 redirect with a code',
    'a plain authorization request: 400, no redirect',
  ],
  [
    'request-object-none-accepted',
    { requestObjectAlgs: 'all' },
    {},
    [],
    '(alg none): 302 redirect with a code, the request object state echoed',
    '(alg none): 400, no redirect',
  ],
  [
    'dpop-required-not-enforced',
    { lax: ['dpop-required-not-enforced'] },
    {},
    ['--register'],
    'without a DPoP proof: 200 with tokens',
    'without a DPoP proof: 400 error "invalid_dpop_proof"',
  ],
  [
    'advertised-not-enforced',
    { lax: ['advertised-not-enforced'] },
    {},
    [],
    'code_challenge_methods_supported ["S256"]; code_challenge_method=plain: a code was issued',
    'code_challenge_method=plain: refused with error "invalid_request"',
  ],
];

describe('audit --active: what the metadata promises, kept', () => {
  it.each(CASES)('%s: found with the flaw, not found without', async (id, on, off, extra, onText, offText) => {
    setSwitches(mock, on);
    const found = await auditOne(mock, id, ['--auto-login', ...extra]);
    expect(found.finding).toMatchObject({ id, status: 'found' });
    expect(found.finding.evidence[0]).toContain(onText);
    setSwitches(mock, off);
    const not = await auditOne(mock, id, ['--auto-login', ...extra]);
    expect(not.finding).toMatchObject({ id, status: 'not-found' });
    expect(not.finding.evidence[0]).toContain(offText);
  });

  it('par-required-not-enforced is skipped when the metadata does not require pushed requests', async () => {
    setSwitches(mock);
    const r = await auditOne(mock, 'par-required-not-enforced');
    expect(r.finding.status).toBe('skipped');
    expect(r.finding.evidence[0]).toContain('require_pushed_authorization_requests: true');
  });
});

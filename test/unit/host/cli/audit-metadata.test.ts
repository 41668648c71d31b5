import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockProvider, updateMockSettings } from '../../../../mock-provider';
import { runCli } from './run-cli';

// Each read-only finding of `oauth-lab audit` against the mock over real sockets: found with the mock's switch that
// gives it the flaw, not found with the mock strict.
let mock: MockProvider;
const STRICT = { allowPlainPkce: false, issParameter: true, requestObjectAlgs: 'asymmetric', lax: [] } as const;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

async function audit(id: string) {
  const r = await runCli(['audit', mock.baseUrl, '--only', id, '--json']);
  const j = JSON.parse(r.out);
  expect(j.findings).toHaveLength(1);
  return { code: r.code, finding: j.findings[0] };
}

const CASES: [id: string, flaw: Record<string, unknown>, evidence: string][] = [
  ['metadata-issuer-mismatch', { lax: ['metadata-issuer-mismatch'] }, 'the issuer asked is'],
  [
    'metadata-http-endpoint',
    { lax: ['metadata-http-endpoint'] },
    'end_session_endpoint "http://logout.oauth-lab-mock.example',
  ],
  ['metadata-no-s256', { lax: ['metadata-no-s256'] }, 'code_challenge_methods_supported is ["plain"]'],
  ['metadata-plain-pkce-advertised', { allowPlainPkce: true }, 'code_challenge_methods_supported is ["S256","plain"]'],
  ['metadata-implicit-advertised', { lax: ['metadata-implicit-advertised'] }, 'response_types_supported lists token'],
  ['metadata-password-grant-advertised', { lax: ['metadata-password-grant-advertised'] }, '"password"'],
  ['metadata-no-iss-parameter', { issParameter: false }, 'authorization_response_iss_parameter_supported is false'],
  ['metadata-jwks-private-key', { lax: ['metadata-jwks-private-key'] }, '(kid "lax-shared-secret") has k'],
  ['metadata-weak-alg', { requestObjectAlgs: 'all' }, 'request_object_signing_alg_values_supported lists none'],
];

describe('audit: the read-only findings against the mock', () => {
  it('the strict mock: no read-only finding found, exit 0', async () => {
    updateMockSettings(mock.context, { switches: STRICT });
    const r = await runCli(['audit', mock.baseUrl, '--json']);
    expect(r.code).toBe(0);
    const read = JSON.parse(r.out).findings.filter((f: { id: string }) => f.id.startsWith('metadata-'));
    expect(read.map((f: { status: string }) => f.status)).toEqual(CASES.map(() => 'not-found'));
  });

  it.each(CASES)('%s: found with the flaw, not found without', async (id, flaw, evidence) => {
    updateMockSettings(mock.context, { switches: { ...STRICT, ...flaw } });
    const on = await audit(id);
    expect(on.finding.status).toBe('found');
    expect(on.finding.evidence[0]).toContain(evidence);
    expect(on.finding.evidence.at(-1)).toMatch(/^reproduce: curl --globoff --request GET http:\/\/127\.0\.0\.1:\d+\//);
    expect(on.code).toBe(['high', 'medium'].includes(on.finding.severity) ? 1 : 0);
    updateMockSettings(mock.context, { switches: STRICT });
    const off = await audit(id);
    expect(off.finding.status).toBe('not-found');
    expect(off.code).toBe(0);
  });
});

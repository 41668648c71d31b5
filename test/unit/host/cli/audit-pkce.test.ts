import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, auditOne, PUBLIC_CLIENT, setSwitches, WEB_CLIENT } from './audit-mock';

// The PKCE probes of `oauth-lab audit --active` against the mock over real sockets: each found with its switch, not
// found with the mock strict.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

const CASES: [
  id: string,
  flaw: Record<string, unknown>,
  client: typeof WEB_CLIENT | typeof PUBLIC_CLIENT,
  on: string,
  off: string,
][] = [
  [
    'pkce-not-required',
    { lax: ['pkce-not-required'] },
    PUBLIC_CLIENT,
    'a code was issued',
    'refused with error "invalid_request"',
  ],
  [
    'pkce-plain-accepted',
    { allowPlainPkce: true },
    WEB_CLIENT,
    'a code was issued',
    'refused with error "invalid_request"',
  ],
  [
    'pkce-verifier-not-checked',
    { lax: ['pkce-verifier-not-checked'] },
    WEB_CLIENT,
    '200 with tokens',
    '400 error "invalid_grant"',
  ],
  ['pkce-downgrade', { lax: ['pkce-downgrade'] }, WEB_CLIENT, '200 with tokens', '400 error "invalid_grant"'],
];

describe('audit --active: PKCE probes', () => {
  it.each(CASES)('%s: found with the flaw, not found without', async (id, flaw, client, on, off) => {
    setSwitches(mock, flaw);
    const found = await auditOne(mock, id, ['--auto-login'], client);
    expect(found.finding).toMatchObject({ id, status: 'found' });
    expect(found.finding.evidence[0]).toContain(on);
    expect(found.out).not.toContain(WEB_CLIENT.secret);
    setSwitches(mock);
    const not = await auditOne(mock, id, ['--auto-login'], client);
    expect(not.finding).toMatchObject({ id, status: 'not-found' });
    expect(not.finding.evidence[0]).toContain(off);
  });

  it('a token probe reproduces its request with placeholders for the secret and the code', async () => {
    setSwitches(mock);
    const r = await auditOne(mock, 'pkce-downgrade');
    const reproduce = r.finding.evidence.at(-1);
    expect(reproduce).toContain("--header 'Authorization: Basic <base64 of CLIENT_ID:CLIENT_SECRET>'");
    expect(reproduce).toMatch(/--data-raw 'grant_type=authorization_code&code=<CODE>&redirect_uri=/);
    const body = await auditOne(mock, 'pkce-downgrade', ['--auto-login', '--client-auth', 'body']);
    expect(body.finding.status).toBe('not-found');
    expect(body.finding.evidence.at(-1)).toMatch(/&client_id=audit-web&client_secret=<CLIENT_SECRET>'$/);
    expect(body.finding.evidence.at(-1)).not.toContain('Authorization');
  });

  it('pkce-not-required with a confidential client is skipped, saying it needs a public one', async () => {
    const r = await auditOne(mock, 'pkce-not-required');
    expect(r.finding.status).toBe('skipped');
    expect(r.finding.evidence[0]).toContain('needs a public client');
  });
});

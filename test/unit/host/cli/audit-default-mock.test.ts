import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, defaultConfig, MockProvider, updateMockSettings } from '../../../../mock-provider';
import { runCli } from './run-cli';

// `oauth-lab audit` of the mock as it ships (its default configuration, no switch set) over real sockets: strict by
// default (RFC 9700 §2.1.1 S256 only, §4.4 iss, RFC 9101 §10.1 / RFC 8725 §3.1 signed request objects), so neither
// the read-only nor the active audit finds anything; each lax value, set alone on the default mock, brings back its
// findings and no other (each finding's evidence both ways: audit-metadata, audit-pkce and audit-enforcement).
const { client } = DEFAULT_CREDENTIALS;
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: DEFAULT_CREDENTIALS.user.username });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

const found = (out: string) =>
  JSON.parse(out)
    .findings.filter((f: { status: string }) => f.status === 'found')
    .map((f: { id: string; severity: string }) => `${f.severity} ${f.id}`);

/** `oauth-lab audit --active --register` with the built-in client, its secret from the environment. */
const activeAudit = () =>
  runCli(
    [
      'audit',
      mock.baseUrl,
      '--active',
      '--register',
      '--client-id',
      client.id,
      '--redirect-uri',
      client.redirectUris[0],
      '--auto-login',
      '--json',
    ],
    '',
    { OAUTH_LAB_CLIENT_SECRET: client.secret }
  );

const LAX: [lax: Record<string, unknown>, findings: string[], code: number][] = [
  [{ allowPlainPkce: true }, ['low metadata-plain-pkce-advertised', 'low pkce-plain-accepted'], 0],
  [{ issParameter: false }, ['low metadata-no-iss-parameter'], 0],
  [{ requestObjectAlgs: 'all' }, ['medium metadata-weak-alg', 'medium request-object-none-accepted'], 1],
];

describe('audit of the default mock', () => {
  it('read-only: nothing found, exit 0', async () => {
    const r = await runCli(['audit', mock.baseUrl, '--json']);
    expect(found(r.out)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('--active with the built-in client: nothing found, exit 0', async () => {
    const r = await activeAudit();
    expect(found(r.out)).toEqual([]);
    expect(r.code).toBe(0);
    // Every probe ran but those the built-in client gives nothing to decide: a loopback http redirect URI, a
    // confidential client (pkce-not-required needs a public one), and PAR not required.
    const skipped = JSON.parse(r.out)
      .findings.filter((f: { status: string }) => f.status === 'skipped')
      .map((f: { id: string }) => f.id);
    expect(skipped).toEqual([
      'redirect-uri-other-port',
      'redirect-uri-scheme-downgrade',
      'pkce-not-required',
      'par-required-not-enforced',
    ]);
  });

  it.each(LAX)('%o alone brings back its findings and no other', async (lax, findings, code) => {
    const { switches } = defaultConfig();
    updateMockSettings(mock.context, { switches: lax });
    try {
      const r = await activeAudit();
      expect(found(r.out)).toEqual(findings);
      expect(r.code).toBe(code);
    } finally {
      updateMockSettings(mock.context, { switches });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { runCli } from './run-cli';

// `oauth-lab audit` of the mock as it ships (its default configuration, no switch set) over real sockets: strict by
// default (RFC 9700 §2.1.1 S256 only, §4.4 iss, RFC 9101 §10.1 / RFC 8725 §3.1 signed request objects), so neither
// the read-only nor the active audit finds anything. Each lax switch bringing its finding back is tested in
// audit-metadata, audit-pkce and audit-enforcement.
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

describe('audit of the default mock', () => {
  it('read-only: nothing found, exit 0', async () => {
    const r = await runCli(['audit', mock.baseUrl, '--json']);
    expect(found(r.out)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('--active with the built-in client: nothing found, exit 0', async () => {
    const r = await runCli(
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
});

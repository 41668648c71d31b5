import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, PUBLIC_CLIENT, setSwitches } from './audit-mock';
import { runCli } from './run-cli';

// The command line's exact shape: `--client-id ID [--client-secret-file F | --client-auth ...]` and
// `[--user NAME --password-file F | --auto-login]`, each alternative held whether or not --active is given.
let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock('demo');
});
afterAll(() => mock.stop());

describe('oauth-lab audit: the flags as the issue writes them', () => {
  it('--client-auth none is a public client (no secret): its probe runs as one', async () => {
    setSwitches(mock);
    const r = await runCli([
      'audit',
      mock.baseUrl,
      '--active',
      '--auto-login',
      '--client-id',
      PUBLIC_CLIENT.id,
      '--client-auth',
      'none',
      '--redirect-uri',
      PUBLIC_CLIENT.redirectUri,
      '--only',
      'pkce-not-required',
      '--json',
    ]);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out).findings).toMatchObject([{ id: 'pkce-not-required', status: 'not-found' }]);
    expect(r.code).toBe(0);
  });

  it('--client-auth none with a secret, or basic/body without one, exits 2 saying what goes together', async () => {
    const withSecret = await runCli(
      ['audit', mock.baseUrl, '--active', '--client-id', 'x', '--client-auth', 'none'],
      '',
      { OAUTH_LAB_CLIENT_SECRET: 's' }
    );
    expect(withSecret.code).toBe(2);
    expect(withSecret.err).toContain('--client-auth none is a public client: give no client secret');
    const noSecret = await runCli(['audit', mock.baseUrl, '--active', '--client-id', 'x', '--client-auth', 'body']);
    expect(noSecret.code).toBe(2);
    expect(noSecret.err).toContain('--client-auth body sends the client secret: give it with --client-secret-file F');
  });

  it('--user with --auto-login, or --user without --password-file, exits 2 also without --active (nothing sent)', async () => {
    const both = await runCli(['audit', 'http://127.0.0.1:9/', '--user', 'demo', '--auto-login']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--user and --auto-login both say how to log in; give one.');
    const alone = await runCli(['audit', 'http://127.0.0.1:9/', '--user', 'demo']);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain('--user NAME and --password-file F go together');
  });
});

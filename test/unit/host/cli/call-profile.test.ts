import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { json, startEmulation, type Emulation } from '../../../support/emulations/provider-emulation';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

// `oauth-lab call` as a new user meets it: what a refusal says, which saved token is used, a path as --url.
const servers: Emulation[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function api() {
  const e = await startEmulation({
    '/me': (r) =>
      String(r.headers.authorization) === 'Bearer live-token'
        ? json({ name: 'Ada' })
        : {
            status: 401,
            headers: {
              'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token was revoked"',
            },
          },
    // OAuth Problem Reporting in a form body, percent-encoded, as OAuth 1.0a providers answer.
    '/v1/me': () => ({
      status: 401,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'oauth_problem=token_rejected&oauth_problem_advice=The%20token%20was%20deauthorized%20by%20the%20user',
    }),
  });
  servers.push(e);
  return e;
}

/** A store with one profile on `baseUrl` and saved OAuth 2 tokens, newest first as given. */
function store(baseUrl: string, tokens: { id: string; token: string; expiresAt: number | null }[]) {
  const dir = scratchDir('oauth-lab-call-');
  const s = createAppStore({ cwd: dir });
  s.profileSave({ profile: profileSchema.parse({ id: 'api', name: 'API', baseUrl }) });
  tokens.forEach((t, i) =>
    s.tokenSave({
      token: savedTokenSchema.parse({ ...t, profileId: 'api', kind: 'oauth2', obtainedAt: 2_000_000_000_000 - i }),
    })
  );
  return dir;
}

describe('oauth-lab call: refusals in words, the token used, paths', () => {
  it("a 401 prints the provider's words: WWW-Authenticate's error and error_description, or a decoded oauth_problem", async () => {
    const e = await api();
    const bearer = await runCli(['call', '--url', `${e.base}/me`, '--bearer', 'old', '--no-history']);
    expect(bearer.code).toBe(1);
    expect(bearer.err).toContain('The provider says (WWW-Authenticate): invalid_token: The access token was revoked.');
    const oauth1 = await runCli([
      'call',
      '--url',
      `${e.base}/v1/me`,
      '--consumer-key',
      'ck',
      '--consumer-secret',
      'cs',
      '--token',
      't',
      '--token-secret',
      'ts',
      '--no-history',
    ]);
    expect(oauth1.code).toBe(1);
    expect(oauth1.err).toMatch(
      /The provider says \(oauth_problem\): token_rejected.*The token was deauthorized by the user/
    );
    expect(oauth1.err).not.toContain('%20');
  });

  it('--profile says which saved token it uses and prefers a live one; --token-id picks another', async () => {
    const e = await api();
    const dir = store(e.base, [
      { id: 'expired-newest', token: 'gone', expiresAt: 1_000 },
      { id: 'live-older', token: 'live-token', expiresAt: null },
    ]);
    const r = await runCli(['call', '--profile', 'API', '--url', '/me', '--store-dir', dir, '--no-history']);
    expect(r.err).toMatch(
      /Using the saved OAuth 2 token live-older \(the newest live one; obtained .*, no expiry given\); --token-id ID picks another of the 2 saved\./
    );
    expect(r.code).toBe(0);
    const named = await runCli([
      'call',
      '--profile',
      'API',
      '--url',
      '/me',
      '--token-id',
      'expired-newest',
      '--store-dir',
      dir,
      '--no-history',
    ]);
    expect(named.err).toMatch(
      /Using the saved OAuth 2 token expired-newest \(named by --token-id; .*expires 1970-01-01T00:00:01\.000Z/
    );
    expect(named.err).toContain('--token-id picks another: live-older.');
    expect(named.code).toBe(1);
    const unknown = await runCli([
      'call',
      '--profile',
      'API',
      '--url',
      '/me',
      '--token-id',
      'nope',
      '--store-dir',
      dir,
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(
      '--token-id "nope": the profile has no saved token with this id; its tokens: expired-newest, live-older.'
    );
  });

  it("a path as --url: resolved against the profile's base URL; the built-in mock profile has none, so --base-url", async () => {
    const e = await api();
    const dir = store(`${e.base}/`, [{ id: 'live', token: 'live-token', expiresAt: null }]);
    expect((await runCli(['call', '--profile', 'api', '--url', '/me', '--store-dir', dir, '--no-history'])).code).toBe(
      0
    );
    const s = createAppStore({ cwd: dir });
    s.tokenSave({
      token: savedTokenSchema.parse({ id: 'm', profileId: 'mock', kind: 'oauth2', token: 'live-token', obtainedAt: 1 }),
    });
    const mock = await runCli(['call', '--profile', 'Mock provider', '--url', '/me', '--store-dir', dir]);
    expect(mock.code).toBe(2);
    expect(mock.err).toContain(
      '--url /me is a path, and the profile "Mock provider" has no base URL (the built-in mock\'s changes with every start): give --base-url http://127.0.0.1:PORT or a full --url.'
    );
    const based = await runCli([
      'call',
      '--profile',
      'Mock provider',
      '--url',
      '/me',
      '--base-url',
      e.base,
      '--store-dir',
      dir,
      '--no-history',
    ]);
    expect(based.code).toBe(0);
    expect(based.out).toContain('"name":"Ada"');
  });
});

import { afterEach, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { json, startEmulation, type Emulation } from '../../../support/emulations/provider-emulation';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

/*
 * `oauth-lab call --profile` uses a saved token of the kind the request needs, and says which and why: the newest
 * token of any kind sent an OAuth 2 (DPoP) token to an OAuth 1.0a endpoint.
 */
const servers: Emulation[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function api() {
  const e = await startEmulation({
    '/api/v1/me': (r) =>
      /^OAuth .*oauth_token="t1-token"/.test(String(r.headers.authorization))
        ? json({ protocol: 'oauth1' })
        : { status: 401, body: `wrong credentials: ${String(r.headers.authorization).split(' ')[0]}` },
    '/api/v2/me': (r) =>
      String(r.headers.authorization) === 'Bearer o2-token'
        ? json({ protocol: 'oauth2' })
        : { status: 401, body: 'wrong credentials' },
  });
  servers.push(e);
  return e;
}

/** A profile with both protocols' credentials; an OAuth 1.0a token, then a newer OAuth 2 one. */
function store(baseUrl: string, kinds: readonly ('oauth1' | 'oauth2')[] = ['oauth2', 'oauth1']) {
  const dir = scratchDir('oauth-lab-call-kind-');
  const s = createAppStore({ cwd: dir });
  s.profileSave({
    profile: profileSchema.parse({
      id: 'both',
      name: 'Both',
      baseUrl,
      oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
      oauth2: { clientId: 'client' },
    }),
  });
  kinds.forEach((kind, i) =>
    s.tokenSave({
      token: savedTokenSchema.parse(
        kind === 'oauth1'
          ? {
              id: 't1',
              profileId: 'both',
              kind,
              token: 't1-token',
              tokenSecret: 'ts',
              obtainedAt: 2_000_000_000_000 - i,
            }
          : { id: 'o2', profileId: 'both', kind, token: 'o2-token', obtainedAt: 2_000_000_000_000 - i }
      ),
    })
  );
  return dir;
}

const call = (dir: string, ...args: string[]) =>
  runCli(['call', '--profile', 'Both', '--store-dir', dir, '--no-history', ...args]);

it("the profile's OAuth 1.0a API endpoint gets its OAuth 1.0a token, though an OAuth 2 token is newer", async () => {
  const e = await api();
  const dir = store(e.base);
  const r = await call(dir, '--url', '/api/v1/me');
  expect(r.err).toMatch(
    /Using the saved OAuth 1\.0a token t1 \(the newest OAuth 1\.0a one: the URL is the profile's OAuth 1\.0a API endpoint;/
  );
  expect(r.out).toContain('"protocol":"oauth1"');
  expect(r.code).toBe(0);
});

it("the profile's OAuth 2 API endpoint gets its OAuth 2 token, and --consumer-key asks for OAuth 1.0a", async () => {
  const e = await api();
  const dir = store(e.base, ['oauth1', 'oauth2']);
  const r = await call(dir, '--url', '/api/v2/me');
  expect(r.err).toMatch(
    /Using the saved OAuth 2 token o2 \(the newest OAuth 2 one: the URL is the profile's OAuth 2 API endpoint;/
  );
  expect(r.code).toBe(0);
  const flagged = await call(dir, '--url', `${e.base}/api/v1/me`, '--consumer-key', 'ck');
  expect(flagged.err).toMatch(
    /Using the saved OAuth 1\.0a token t1 \(the newest OAuth 1\.0a one: --consumer-key signs with OAuth 1\.0a;/
  );
  expect(flagged.code).toBe(0);
});

it('says so when the profile has no saved token of the kind needed', async () => {
  const e = await api();
  const dir = store(e.base, ['oauth2']);
  const r = await call(dir, '--url', '/api/v1/me');
  expect(r.code).toBe(2);
  expect(r.err).toContain(
    `the profile "Both" has no saved OAuth 1.0a token (the URL is the profile's OAuth 1.0a API endpoint); its saved tokens: o2 (OAuth 2). Run oauth-lab flow oauth1 ... --save "Both" first, or pick one with --token-id.`
  );
});

import { afterEach, describe, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider/default-credentials';
import { runCli } from './run-cli';

/**
 * `oauth-lab flow oauth2 --headless` (issue 42): no browser; the CLI fetches the authorization URL itself and takes
 * the code from the redirect, so OAuth Lab's own client can be driven by `oauth-lab grade`.
 */
const mocks: MockProvider[] = [];
afterEach(async () => {
  for (const m of mocks.splice(0)) await m.stop();
});

const { client } = DEFAULT_CREDENTIALS;
const flowArgs = (base: string) => [
  'flow',
  'oauth2',
  '--base-url',
  base,
  '--client-id',
  client.id,
  '--client-secret',
  client.secret,
  '--redirect-uri',
  client.redirectUris[0],
  '--headless',
  '--no-history',
];

describe('oauth-lab flow oauth2 --headless', () => {
  it('completes against an issuer that approves at once, with no browser and nothing on stdin', async () => {
    const mock = new MockProvider({ autoLoginUser: 'demo' });
    mocks.push(mock);
    const r = await runCli([...flowArgs(await mock.start({ port: 0 })), '--json']);
    expect(r.err).toContain('Flow completed.');
    expect(r.err).not.toContain('Open this URL');
    expect(JSON.parse(r.out)).toHaveProperty('access_token');
    expect(r.code).toBe(0);
  });

  it('fails at authorize, saying why, when the issuer shows a login page instead of redirecting', async () => {
    const mock = new MockProvider();
    mocks.push(mock);
    const r = await runCli(flowArgs(await mock.start({ port: 0 })));
    expect(r.code).toBe(1);
    expect(r.err).toContain('The authorization endpoint answered 200 without a redirect: --headless needs an issuer');
  });

  it('is refused with flow oauth1', async () => {
    const { consumer } = DEFAULT_CREDENTIALS;
    const oauth1 = [
      '--base-url',
      'http://127.0.0.1:1',
      '--consumer-key',
      consumer.key,
      '--consumer-secret',
      consumer.secret,
    ];
    const r = await runCli(['flow', 'oauth1', ...oauth1, '--headless']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--headless goes with flow oauth2.');
  });

  it("is graded: the scenarios OAuth Lab's client passes today pass when oauth-lab grade drives it", async () => {
    const drive = `"${process.execPath}" bin/oauth-lab.mjs flow oauth2 --base-url "$OAUTH_LAB_ISSUER" --issuer "$OAUTH_LAB_ISSUER" --client-id "$OAUTH_LAB_CLIENT_ID" --client-auth basic --scope "$OAUTH_LAB_SCOPE" --redirect-uri "$OAUTH_LAB_REDIRECT_URI" --authorize-path /authorize --token-path /token --headless --no-history`;
    const ids = [
      'oidcc-client-test',
      'oidcc-client-test-userinfo-invalid-sub',
      'oidcc-client-test-discovery-issuer-mismatch',
      'authorization-response-state-mismatch',
      'pkce-s256',
      'token-type-case-insensitive',
    ];
    const r = await runCli(
      ['grade', '--drive', drive, '--pack', 'all', ...ids.flatMap((id) => ['--scenario', id]), '--json'],
      '',
      process.env
    );
    const json = JSON.parse(r.out) as { scenarios: { id: string; verdict: string }[]; failed: number };
    expect(json.scenarios.map((s) => [s.id, s.verdict])).toEqual(ids.map((id) => [id, 'pass']));
    expect(r.code).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider/default-credentials';
import { runCli } from './run-cli';

/**
 * `oauth-lab flow oauth2 --headless`: no browser; the CLI fetches the authorization URL itself and takes
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

  it('--issuer alone: discovery first gives the endpoints; --lifecycle refreshes and calls UserInfo again', async () => {
    const mock = new MockProvider({ autoLoginUser: 'demo' });
    mocks.push(mock);
    const issuer = await mock.start({ port: 0 });
    const args = flowArgs(issuer).map((a) => (a === '--base-url' ? '--issuer' : a));
    const r = await runCli([...args, '--scope', 'openid profile', '--lifecycle']);
    expect(r.code).toBe(0);
    const discovery = r.err.indexOf(`-> GET ${issuer}/.well-known/openid-configuration`);
    expect(discovery).toBeGreaterThanOrEqual(0);
    expect(discovery).toBeLessThan(r.err.indexOf('/oauth/v2/authorize?'));
    expect(r.err).toContain(`authorization endpoint: ${issuer}/oauth/v2/authorize (from the metadata of ${issuer})`);
    // Fetched once, before the authorization request; the id_token's checks reuse it.
    expect(r.err.split(`-> GET ${issuer}/.well-known/`)).toHaveLength(2);
    // UserInfo with the first access token, then again after the refresh (OIDC Core §12.2).
    const userinfo = r.err.split(`-> GET ${issuer}/oidc/userinfo`);
    expect(userinfo).toHaveLength(3);
    expect(userinfo[1]).toContain('Token lifecycle: refresh');
  });

  it('--issuer with --authorize-path: the flag wins over the document, and says so', async () => {
    const mock = new MockProvider({ autoLoginUser: 'demo' });
    mocks.push(mock);
    const issuer = await mock.start({ port: 0 });
    const args = flowArgs(issuer).map((a) => (a === '--base-url' ? '--issuer' : a));
    const r = await runCli([...args, '--scope', 'openid', '--authorize-path', '/oauth/v2/authorize?tenant=lab']);
    expect(r.err).toContain(`authorization endpoint: ${issuer}/oauth/v2/authorize?tenant=lab (from --authorize-path)`);
    expect(r.err).toContain(`token endpoint: ${issuer}/oauth/v2/token (from the metadata of ${issuer})`);
    expect(r.err).toContain(`-> GET ${issuer}/oauth/v2/authorize?tenant=lab&client_id=`);
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

  it('passes its own grader: every scenario served passes when oauth-lab grade drives it with discovery', async () => {
    // The way docs/cli.md grades OAuth Lab's own client: the issuer's discovery gives every endpoint, --lifecycle
    // refreshes when the token response has a refresh token, and the secret comes from OAUTH_LAB_CLIENT_SECRET.
    const drive = `"${process.execPath}" bin/oauth-lab.mjs flow oauth2 --issuer "$OAUTH_LAB_ISSUER" --client-id "$OAUTH_LAB_CLIENT_ID" --client-auth basic --scope "$OAUTH_LAB_SCOPE" --redirect-uri "$OAUTH_LAB_REDIRECT_URI" --id-token-alg "$OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG" --headless --lifecycle --no-history`;
    const r = await runCli(['grade', '--drive', drive, '--pack', 'all', '--json'], '', process.env);
    const json = JSON.parse(r.out) as {
      scenarios: { id: string; verdict: string; expectation: string; evidence: string[]; exitCode: number | null }[];
    };
    // A failure shows its evidence's reason, so a regression names the scenario and why.
    const notPassed = json.scenarios
      .filter((s) => s.verdict !== 'pass')
      .map((s) => `${s.id} ${s.verdict}${s.verdict === 'fail' ? `: ${s.evidence[0]}` : ''}`);
    // Every scenario passes, the unsigned id_token of a client registered for none (--id-token-alg) among them.
    expect(notPassed).toEqual([]);
    expect(json.scenarios.map((s) => s.id)).toContain('oidcc-client-test-idtoken-sig-none');
    expect(json.scenarios.length).toBeGreaterThanOrEqual(28);
    // A careful client says so too: it exits 1 where it stopped, 0 where it carried on (with --lifecycle and no
    // refresh token, the lifecycle is left out, not failed).
    const exits = (expectation: string) =>
      new Set(
        json.scenarios.filter((s) => s.expectation === expectation && s.verdict === 'pass').map((s) => s.exitCode)
      );
    expect(exits('reject')).toEqual(new Set([1]));
    expect(exits('accept')).toEqual(new Set([0]));
    expect(r.code).toBe(0);
  }, 240_000);
});

import { describe, expect, it } from 'vitest';
import { startDropbox, DROPBOX } from '../../../support/emulations/dropbox';
import { startFacebookLegacy, FACEBOOK } from '../../../support/emulations/facebook-legacy';
import { startGithub, GITHUB } from '../../../support/emulations/github';
import { startGoogle, GOOGLE } from '../../../support/emulations/google';
import { startLinkedin, LINKEDIN } from '../../../support/emulations/linkedin';
import { startReddit, REDDIT } from '../../../support/emulations/reddit';
import { startSlack, SLACK } from '../../../support/emulations/slack';
import { startStackExchange, STACK_EXCHANGE } from '../../../support/emulations/stackexchange';
import type { Emulation } from '../../../support/emulations/provider-emulation';
import { oauth2Flow } from '../../../../shared/flows';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { send } from '../../../../platform/node/transport';
import { runFlowCli } from './run-flow-cli';

// `oauth-lab flow oauth2` against emulations of what real providers document (cited in each emulation file), over
// real sockets. The emulated authorization endpoints approve at once, so the "browser" just follows the redirect.
const browser = (url: string) => fetch(url, { redirect: 'follow' });

async function flow(
  start: () => Promise<Emulation>,
  client: { clientId: string; clientSecret: string },
  paths: { authorize: string; token: string },
  extra: string[] = []
) {
  const emulation = await start();
  try {
    return await runFlowCli(
      [
        'oauth2',
        '--base-url',
        emulation.base,
        '--client-id',
        client.clientId,
        '--client-secret',
        client.clientSecret,
        '--authorize-path',
        paths.authorize,
        '--token-path',
        paths.token,
        '--no-open',
        ...extra,
      ],
      browser
    );
  } finally {
    await emulation.close();
  }
}

const GITHUB_PATHS = { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' };
const SLACK_PATHS = { authorize: '/oauth/v2/authorize', token: '/api/oauth.v2.access' };

describe('oauth-lab flow oauth2 obtains the tokens real providers send', () => {
  it('GitHub: no expires_in and no refresh_token; each a note, no FAIL', async () => {
    const r = await flow(startGithub, GITHUB, GITHUB_PATHS, ['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ access_token: GITHUB.token, scope: 'repo,gist', token_type: 'bearer' });
    expect(r.stderr).toMatch(/note expires_in: No expires_in \(RECOMMENDED by RFC 6749 §5\.1\)/);
    expect(r.stderr).toMatch(/note refresh_token: No refresh_token \(OPTIONAL, RFC 6749 §5\.1\)/);
    expect(r.stderr).not.toContain('FAIL');
    expect(r.stderr).toContain('Flow completed.');
  });
  it('GitHub: the same response judged as the service (--service) fails on what its interface requires', async () => {
    const r = await flow(startGithub, GITHUB, GITHUB_PATHS, ['--service']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAIL expires_in: expires_in is missing; the service requires it \(interface §2\.4\)/);
    expect(r.stderr).toMatch(
      /failed at token: Access token received, but the response breaks the service's interface: /
    );
  });
  it("GitHub: an error with HTTP 200 is shown in GitHub's own words, with the raw response", async () => {
    const r = await flow(startGithub, { ...GITHUB, clientSecret: 'wrong' }, GITHUB_PATHS);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'failed at token: HTTP 200, the provider says: incorrect_client_credentials: The client_id and/or client_secret passed are incorrect.\n'
    );
    expect(r.stderr).toMatch(
      /The response \(secrets masked\):\n {3}\| HTTP\/1\.1 200 OK\n[\s\S]*\| \{"error":"incorrect_client_credentials",/
    );
  });
  it('Slack: a user token nested at authed_user.access_token is found and printed', async () => {
    const r = await flow(() => startSlack({ bot: false }), SLACK, SLACK_PATHS);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`authed_user.access_token=${SLACK.userToken}\n`);
    expect(r.stdout).toContain('authed_user.token_type=user\n');
    expect(r.stderr).toContain('ok   access_token: access_token found at authed_user.access_token.');
    expect(r.stderr).not.toContain('FAIL');
  });
  it('Slack: a bot token with token_type "bot" is taken, the user token kept beside it', async () => {
    const r = await flow(() => startSlack({ bot: true }), SLACK, SLACK_PATHS, ['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      access_token: SLACK.botToken,
      token_type: 'bot',
      authed_user: { access_token: SLACK.userToken },
    });
    expect(r.stderr).toMatch(/note token_type: token_type is "bot", not bearer; the token is sent as a Bearer token/);
    expect(r.stderr).toMatch(
      /note other fields: Kept and shown: ok, bot_user_id, app_id, team, enterprise, authed_user\./
    );
  });
  it("Slack: ok:false is the leg's reason", async () => {
    const r = await flow(() => startSlack({ bot: false }), { ...SLACK, clientSecret: 'wrong' }, SLACK_PATHS);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at token: HTTP 200, the provider says: bad_client_secret.\n');
  });
  it('Facebook before v2.3: a text/plain form with `expires`', async () => {
    const r = await flow(startFacebookLegacy, FACEBOOK, { authorize: '/dialog/oauth', token: '/oauth/access_token' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /note content-type: The body is a form with Content-Type "text\/plain; charset=UTF-8"; RFC 6749 §5\.1 specifies application\/json\. Read as a form\./
    );
    expect(r.stdout).toBe(`access_token=${FACEBOOK.token}\nexpires=5183999\n`);
    expect(r.stderr).toMatch(/note token_type: No token_type/);
    expect(r.stderr).toContain(
      "note expires_in: No expires_in; expires=5183999 read as the lifetime in seconds: Facebook's name for expires_in before Graph API v2.3."
    );
    expect(r.stderr).not.toContain('note other fields');
  });
  it('Stack Exchange: the form endpoint and the /json one, a token outside the b64token characters', async () => {
    for (const token of ['/oauth/access_token', '/oauth/access_token/json']) {
      const r = await flow(startStackExchange, STACK_EXCHANGE, { authorize: '/oauth', token }, ['--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ access_token: STACK_EXCHANGE.token });
    }
  });
  it('Google: id_token and every other field are kept and shown', async () => {
    const r = await flow(startGoogle, GOOGLE, { authorize: '/o/oauth2/v2/auth', token: '/token' }, ['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      access_token: GOOGLE.token,
      id_token: GOOGLE.idToken,
      token_type: 'Bearer',
      expires_in: 3599,
    });
    expect(r.stderr).toContain('note other fields: Kept and shown: id_token.');
    expect(r.stderr).not.toContain('FAIL');
  });
  it('Google: invalid_client with its description and what the RFC code means', async () => {
    const r = await flow(
      startGoogle,
      { ...GOOGLE, clientSecret: 'wrong' },
      { authorize: '/o/oauth2/v2/auth', token: '/token' }
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'failed at token: HTTP 401, the provider says: invalid_client: The OAuth client was not found. (RFC 6749 §5.2: Client authentication failed'
    );
  });
  it('Reddit: Basic client authentication; a refusal whose "error" is a number still speaks', async () => {
    const paths = { authorize: '/api/v1/authorize', token: '/api/v1/access_token' };
    const ok = await flow(startReddit, REDDIT, paths, ['--client-auth', 'basic', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ access_token: REDDIT.token });
    const refused = await flow(startReddit, { ...REDDIT, clientSecret: 'wrong' }, paths, ['--client-auth', 'basic']);
    expect(refused.stderr).toContain('failed at token: HTTP 401, the provider says: 401: Unauthorized.\n');
  });
  it('LinkedIn: no token_type at all', async () => {
    const r = await flow(
      startLinkedin,
      LINKEDIN,
      { authorize: '/oauth/v2/authorization', token: '/oauth/v2/accessToken' },
      ['--json']
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ access_token: LINKEDIN.token, expires_in: 5184000, scope: 'r_liteprofile' });
    expect(r.stderr).toMatch(
      /note token_type: No token_type, which RFC 6749 §5\.1 requires; the token is sent as a Bearer token/
    );
  });
});

/** The service's step machine with the real transport: authorize (the emulation's redirect), exchange, then a call. */
async function tokenThenCall(
  emulation: Emulation,
  client: { clientId: string; clientSecret: string },
  paths: { authorize: string; token: string },
  call: { method: string; path: string },
  spoil = false
) {
  let s = oauth2Flow.startOAuth2(
    { baseUrl: emulation.base, ...client, redirectUri: 'http://127.0.0.1:1/callback', paths },
    nodeRandom,
    nodeCrypto
  );
  const redirect = await fetch(oauth2Flow.buildAuthorizeRequest(s).url, { redirect: 'manual' });
  s = oauth2Flow.interpretCallback(s, redirect.headers.get('location')!).state;
  const token = oauth2Flow.interpretTokenResponse(s, await send(oauth2Flow.buildTokenExchange(s)), Date.now(), 'token');
  expect(token.ok).toBe(true);
  s = spoil ? { ...token.state, token: { ...token.state.token!, accessToken: 'revoked' } } : token.state;
  return oauth2Flow.interpretBearerResponse(s, await send(oauth2Flow.buildBearerRequest(s, call)), Date.now());
}

describe("API refusals in the provider's own words (step machine, real transport)", () => {
  it('GitHub without Accept: application/json answers a form, which is read as one', async () => {
    const e = await startGithub();
    try {
      let s = oauth2Flow.startOAuth2(
        { baseUrl: e.base, ...GITHUB, redirectUri: 'http://127.0.0.1:1/callback', paths: GITHUB_PATHS },
        nodeRandom,
        nodeCrypto
      );
      s = oauth2Flow.interpretCallback(
        s,
        (await fetch(oauth2Flow.buildAuthorizeRequest(s).url, { redirect: 'manual' })).headers.get('location')!
      ).state;
      const request = oauth2Flow.buildTokenExchange(s);
      const exchange = await send({
        ...request,
        headers: request.headers.filter(([n]) => n.toLowerCase() !== 'accept'),
      });
      expect(exchange.response.bodyText).toBe(`access_token=${GITHUB.token}&scope=repo%2Cgist&token_type=bearer`);
      const r = oauth2Flow.interpretTokenResponse(s, exchange, 0, 'token');
      expect(r.ok).toBe(true);
      expect(r.state.token).toMatchObject({ accessToken: GITHUB.token, scope: 'repo,gist', tokenType: 'bearer' });
      expect(r.checks.find((c) => c.name === 'content-type')).toMatchObject({
        ok: true,
        kind: 'note',
        message: expect.stringMatching(/Read as a form/),
      });
    } finally {
      await e.close();
    }
  });
  it('Google: a nested error object, with what to do', async () => {
    const e = await startGoogle();
    try {
      const r = await tokenThenCall(
        e,
        GOOGLE,
        { authorize: '/o/oauth2/v2/auth', token: '/token' },
        { method: 'GET', path: '/drive/v3/files' },
        true
      );
      expect(r.ok).toBe(false);
      expect(r.summary).toBe(
        'HTTP 401, the provider says: 401: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. The token is not accepted (RFC 6750 §3.1): refresh it, or authorize again.'
      );
    } finally {
      await e.close();
    }
  });
  it('LinkedIn: status and message', async () => {
    const e = await startLinkedin();
    try {
      const r = await tokenThenCall(
        e,
        LINKEDIN,
        { authorize: '/oauth/v2/authorization', token: '/oauth/v2/accessToken' },
        { method: 'GET', path: '/v2/me' },
        true
      );
      expect(r.summary).toMatch(/^HTTP 401, the provider says: INVALID_ACCESS_TOKEN: Invalid access token\. /);
    } finally {
      await e.close();
    }
  });
  it('Slack: an API answering 200 with ok:false stays a 200, with its words as a note on the leg', async () => {
    const e = await startSlack({ bot: true });
    try {
      const call = { method: 'GET', path: '/api/auth.test' };
      const good = await tokenThenCall(e, SLACK, SLACK_PATHS, call);
      expect([good.ok, good.summary, good.checks.map((c) => c.name)]).toEqual([
        true,
        'API call answered 200.',
        ['status'],
      ]);
      const bad = await tokenThenCall(e, SLACK, SLACK_PATHS, call, true);
      expect(bad.ok).toBe(true);
      expect(bad.summary).toBe('API call answered 200, but the body says: invalid_auth.');
      expect(bad.checks.find((c) => c.name === 'body')).toEqual({
        name: 'body',
        ok: true,
        kind: 'warning',
        message: 'HTTP 200, but the body says: invalid_auth.',
      });
    } finally {
      await e.close();
    }
  });
  it('Dropbox: error_summary', async () => {
    const e = await startDropbox();
    try {
      const r = await tokenThenCall(
        e,
        DROPBOX,
        { authorize: '/oauth2/authorize', token: '/oauth2/token' },
        { method: 'POST', path: '/2/users/get_current_account' }
      );
      expect(r.summary).toMatch(/^HTTP 401, the provider says: expired_access_token\/\.\.\. /);
    } finally {
      await e.close();
    }
  });
});

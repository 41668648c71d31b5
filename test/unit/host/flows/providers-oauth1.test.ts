import { describe, expect, it } from 'vitest';
import { startFlickr, FLICKR } from '../../../support/emulations/flickr';
import { startJira } from '../../../support/emulations/jira';
import type { Emulation } from '../../../support/emulations/provider-emulation';
import { startTrello, TRELLO } from '../../../support/emulations/trello';
import { startX, X } from '../../../support/emulations/twitter-oauth1';
import { runFlowCli } from './run-flow-cli';

// `oauth-lab flow oauth1` against emulations of what real providers document (cited in each emulation file), over
// real sockets. The emulated authorization endpoints approve at once, so the "browser" just follows the redirect.
const browser = (url: string) => fetch(url, { redirect: 'follow' });

async function flow(
  emulation: Emulation,
  consumer: { consumerKey: string; consumerSecret: string },
  paths: { requestToken: string; authorize: string; accessToken: string },
  extra: string[] = []
) {
  try {
    return await runFlowCli(
      [
        'oauth1',
        '--base-url',
        emulation.base,
        '--consumer-key',
        consumer.consumerKey,
        '--consumer-secret',
        consumer.consumerSecret,
        '--request-token-path',
        paths.requestToken,
        '--authorize-path',
        paths.authorize,
        '--access-token-path',
        paths.accessToken,
        '--no-open',
        ...extra,
      ],
      browser
    );
  } finally {
    await emulation.close();
  }
}

const X_PATHS = {
  requestToken: '/oauth/request_token',
  authorize: '/oauth/authorize',
  accessToken: '/oauth/access_token',
};
const FLICKR_PATHS = {
  requestToken: '/services/oauth/request_token',
  authorize: '/services/oauth/authorize',
  accessToken: '/services/oauth/access_token',
};
const JIRA_PATHS = {
  requestToken: '/plugins/servlet/oauth/request-token',
  authorize: '/plugins/servlet/oauth/authorize',
  accessToken: '/plugins/servlet/oauth/access-token',
};

describe('oauth-lab flow oauth1 obtains the tokens real providers send', () => {
  it('X: text/html labels, no oauth_expires_in, user_id and screen_name kept and printed; no FAIL', async () => {
    const r = await flow(await startX(), X, X_PATHS, ['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      oauth_token: X.accessToken,
      oauth_token_secret: X.accessSecret,
      user_id: '7588892',
      screen_name: 'kaiserkiwi',
    });
    expect(r.stderr).toMatch(
      /note oauth_expires_in: No oauth_expires_in: RFC 5849 defines no lifetime for request tokens/
    );
    expect(r.stderr).toMatch(
      /note content-type: Content-Type is "text\/html; charset=utf-8"; RFC 5849 §2\.1 uses application\/x-www-form-urlencoded\. Read as a form\./
    );
    expect(r.stderr).toContain('note other fields: Kept and shown: user_id=7588892, screen_name=kaiserkiwi.');
    expect(r.stderr).not.toContain('FAIL');
  });
  it('X: the same server judged as the service (--service) fails on oauth_expires_in, citing its interface', async () => {
    const r = await flow(await startX(), X, X_PATHS, ['--service']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /FAIL oauth_expires_in: oauth_expires_in is missing; the service sends the lifetime in whole seconds \(interface §2\.1\)/
    );
  });
  it('X: an errors array (callback not approved) is the reason', async () => {
    const r = await flow(await startX({ refuse: 'callback not approved' }), X, X_PATHS);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'failed at request token: No request token: HTTP 403, the provider says: 415: Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings.\n'
    );
    expect(r.stderr).toMatch(/ -- {2}oauth_token: oauth_token is missing/);
  });
  it('X: an XML error document is the reason', async () => {
    const r = await flow(await startX({ refuse: 'desktop app' }), X, X_PATHS);
    expect(r.stderr).toContain(
      "failed at request token: No request token: HTTP 401, the provider says: Desktop applications only support the oauth_callback value 'oob'.\n"
    );
  });
  it('X: a user who refuses (denied=…) fails the authorize step in those words', async () => {
    const r = await flow(await startX({ deny: true }), X, X_PATHS);
    expect(r.stderr).toContain(
      `failed at authorize: The provider says: the user denied access (denied=${X.requestToken}).\n`
    );
    expect(r.stderr).toMatch(/ -- {2}oauth_verifier: oauth_verifier is missing/);
  });
  it('Flickr: text/plain forms, fullname, user_nsid and username kept', async () => {
    const r = await flow(await startFlickr(), FLICKR, FLICKR_PATHS);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `oauth_token=${FLICKR.accessToken}\noauth_token_secret=${FLICKR.accessSecret}\nfullname=Jamal Fanaian\nuser_nsid=21207597@N07\nusername=jamalfanaian\n`
    );
    expect(r.stderr).not.toContain('FAIL');
  });
  it('Flickr: oauth_problem is the reason, with what to do', async () => {
    const r = await flow(await startFlickr(), { ...FLICKR, consumerKey: 'unknown' }, FLICKR_PATHS);
    expect(r.stderr).toContain(
      "failed at request token: No request token: HTTP 401, the provider says: consumer_key_unknown. Check the profile's consumer key.\n"
    );
  });
  it('Trello: a plain-text refusal is the reason; a success needs no lifetime; --verbose shows each raw response', async () => {
    const paths = {
      requestToken: '/1/OAuthGetRequestToken',
      authorize: '/1/OAuthAuthorizeToken',
      accessToken: '/1/OAuthGetAccessToken',
    };
    const ok = await flow(await startTrello(), TRELLO, paths, ['--json', '--verbose']);
    expect(ok.code).toBe(0);
    // --verbose: every raw response, the token secret masked.
    expect(ok.stderr).toMatch(
      /<- 200 OK .*\n {3}\| HTTP\/1\.1 200 OK\n[\s\S]*\| oauth_token=trello-rt&oauth_token_secret=%C2%ABredacted%C2%BB&oauth_callback_confirmed=true\n/
    );
    expect(ok.stderr).not.toContain('trello-rts');
    expect(JSON.parse(ok.stdout)).toEqual({ oauth_token: TRELLO.accessToken, oauth_token_secret: TRELLO.accessSecret });
    const refused = await flow(await startTrello(), { ...TRELLO, consumerKey: 'nope' }, paths);
    expect(refused.stderr).toContain(
      'failed at request token: No request token: HTTP 401, the provider says: invalid key.\n'
    );
  });
  it('Jira: oauth_problem_advice decoded; behind single sign-on, the redirect and the HTML error page', async () => {
    const rejected = await flow(await startJira(), X, JIRA_PATHS);
    expect(rejected.stderr).toContain(
      'failed at request token: No request token: HTTP 401, the provider says: signature_method_rejected: The signature method HMAC-SHA1 is not supported; use RSA-SHA1.\n'
    );
    const sso = await flow(await startJira({ front: 'sso redirect' }), X, JIRA_PATHS);
    expect(sso.stderr).toContain(
      'failed at request token: No request token: HTTP 302, the provider says: redirect to /login.jsp?os_destination=%2Fplugins%2Fservlet%2Foauth%2Frequest-token.\n'
    );
    const page = await flow(await startJira({ front: 'html error' }), X, JIRA_PATHS);
    expect(page.stderr).toContain(
      "failed at request token: No request token: HTTP 404, the provider says: Oops, you've found a dead link. - Jira: Oops, you've found a dead link. Go back to the previous page, or visit the homepage.\n"
    );
  });
});

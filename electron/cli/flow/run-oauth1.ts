import { oauth1ConfigOf, oauth1Flow } from '../../../shared/flows';
import type { Profile } from '../../../shared/store/profile';
import { nodeCrypto, nodeRandom } from '../../services/node-crypto';
import { authorizeInBrowser, startFlowCatcher } from './browser-leg';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

const signing = () => ({ ...oauth1Flow.freshNonceAndTimestamp(nodeRandom, Date.now()), crypto: nodeCrypto });

/** Runs the three OAuth 1.0a legs (interface §4.1) with the profile's settings and returns the access token response's fields. */
export async function runOAuth1(
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport
): Promise<Record<string, string>> {
  const catcher = await startFlowCatcher(profile, options, report);
  try {
    let state = oauth1Flow.startOAuth1(oauth1ConfigOf(profile, profile.baseUrl, catcher.redirectUri));
    const method = state.config.legMethod ?? 'POST';

    report.step(`Step one: request token (${method}, signed, oauth_callback)`);
    const rt = oauth1Flow.buildRequestTokenRequest(state, signing());
    const rtExchange = await sendLeg('request token', rt.request, options, report);
    const rtResult = oauth1Flow.interpretRequestToken(state, rtExchange, Date.now());
    report.checks(rtResult.checks);
    if (!rtResult.ok) throw new FlowFailure('request token', rtResult.summary, rtExchange.response);
    state = rtResult.state;

    report.step('Step two: user authorization (browser)');
    const landed = await authorizeInBrowser(
      oauth1Flow.buildAuthorizeUrl(state),
      { kind: 'oauth1', requestToken: state.requestToken!.token },
      catcher,
      profile,
      options,
      report
    );
    const cbResult = oauth1Flow.interpretCallback(state, landed.params);
    report.checks(cbResult.checks);
    if (!cbResult.ok) throw new FlowFailure('authorize', cbResult.summary);
    state = cbResult.state;

    report.step(`Step three: access token (${method}, signed with the request token secret, oauth_verifier)`);
    const at = oauth1Flow.buildAccessTokenRequest(state, signing());
    const exchange = await sendLeg('access token', at.request, options, report);
    const atResult = oauth1Flow.interpretAccessToken(state, exchange, Date.now());
    report.checks(atResult.checks);
    if (!atResult.ok) throw new FlowFailure('access token', atResult.summary, exchange.response);
    const { token, secret, fields } = atResult.state.accessToken!;
    const all = { oauth_token: token, oauth_token_secret: secret, ...fields };
    options.onTokens?.({
      fields: all,
      tokens: { kind: 'oauth1', token, tokenSecret: secret, expiresAt: null },
    });
    return all;
  } finally {
    await catcher.close();
  }
}

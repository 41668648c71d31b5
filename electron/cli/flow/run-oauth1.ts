import { randomBytes } from 'node:crypto';
import { oauth1Flow } from '../../../shared/flows';
import type { OAuth1Config } from '../../../shared/flows/oauth1-flow';
import { nodeCrypto } from '../../services/node-crypto';
import { authorizeInBrowser, startFlowCatcher } from './browser-leg';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

const signing = () => ({ nonce: randomBytes(16).toString('hex'), timestamp: String(Math.floor(Date.now() / 1000)), crypto: nodeCrypto });

/** Runs the service's three OAuth 1.0a legs (seed §4.1) and returns the access token response's fields. */
export type OAuth1Settings = Pick<OAuth1Config, 'consumerKey' | 'consumerSecret' | 'signatureMethod' | 'realm' | 'includeVersion' | 'paths' | 'service'>;

export async function runOAuth1(credentials: OAuth1Settings, options: FlowRunOptions, report: FlowReport): Promise<Record<string, string>> {
  const catcher = await startFlowCatcher(options);
  try {
    let state = oauth1Flow.startOAuth1({ baseUrl: options.baseUrl, ...credentials, callback: catcher.redirectUri });

    report.step('Step one: request token (POST, signed, oauth_callback)');
    const rt = oauth1Flow.buildRequestTokenRequest(state, signing());
    const rtExchange = await sendLeg('request token', rt.request, options, report);
    const rtResult = oauth1Flow.interpretRequestToken(state, rtExchange, Date.now());
    report.checks(rtResult.checks);
    if (!rtResult.ok) throw new FlowFailure('request token', rtResult.summary, rtExchange.response);
    state = rtResult.state;

    report.step('Step two: user authorization (browser)');
    const callback = await authorizeInBrowser(oauth1Flow.buildAuthorizeUrl(state), { kind: 'oauth1', requestToken: state.requestToken!.token }, catcher, options, report);
    const cbResult = oauth1Flow.interpretCallback(state, callback.params);
    report.checks(cbResult.checks);
    if (!cbResult.ok) throw new FlowFailure('authorize', cbResult.summary);
    state = cbResult.state;

    report.step('Step three: access token (POST, signed with the request token secret, oauth_verifier)');
    const at = oauth1Flow.buildAccessTokenRequest(state, signing());
    const exchange = await sendLeg('access token', at.request, options, report);
    const atResult = oauth1Flow.interpretAccessToken(state, exchange, Date.now());
    report.checks(atResult.checks);
    if (!atResult.ok) throw new FlowFailure('access token', atResult.summary, exchange.response);
    const { token, secret, fields } = atResult.state.accessToken!;
    return { oauth_token: token, oauth_token_secret: secret, ...fields };
  } finally {
    await catcher.close();
  }
}

import { oauth2Flow } from '../../../shared/flows';
import { nodeCrypto, nodeRandom } from '../../services/node-crypto';
import { authorizeInBrowser, startFlowCatcher } from './browser-leg';
import { sendLeg } from './exchange';
import { discover } from '../../services/oidc/validate';
import { lifecycleLeg } from './lifecycle-leg';
import { openIdLeg } from './oidc-leg';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

export interface OAuth2Credentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string | null;
  readonly pkce: boolean;
  readonly authentication: 'body' | 'basic';
  readonly paths?: { readonly authorize?: string | undefined; readonly token?: string | undefined };
  /** OpenID Connect (scope openid): the issuer to discover, the base URL when null; the registered id_token alg. */
  readonly issuer?: string | null;
  readonly idTokenAlg?: string | null;
  /** After the exchange: refresh (rotation shown), introspect, revoke, introspect again. */
  readonly lifecycle?: boolean;
}

/** Runs the authorization code grant (seed §4.2) and returns the token response's JSON fields. */
export async function runOAuth2(credentials: OAuth2Credentials, options: FlowRunOptions, report: FlowReport): Promise<Record<string, unknown>> {
  const catcher = await startFlowCatcher(options);
  try {
    let state = oauth2Flow.startOAuth2(
      { baseUrl: options.baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret, redirectUri: catcher.redirectUri, scope: credentials.scope, pkce: credentials.pkce ? 'S256' : null, authentication: credentials.authentication, paths: credentials.paths ?? {} },
      nodeRandom,
      nodeCrypto,
    );

    report.step(`Step one: authorization code (browser${state.pkce ? ', PKCE S256' : ''})`);
    const callback = await authorizeInBrowser(oauth2Flow.buildAuthorizeRequest(state).url, { kind: 'oauth2', state: state.state }, catcher, options, report);
    const cb = oauth2Flow.interpretCallback(state, callback.query);
    report.checks(cb.checks);
    if (!cb.ok) throw new FlowFailure('authorize', cb.summary);
    state = cb.state;

    report.step('Step two: exchange the code for an access token (POST)');
    const exchange = await sendLeg('token', oauth2Flow.buildTokenExchange(state), options, report);
    const token = oauth2Flow.interpretTokenResponse(state, exchange, Date.now(), 'token');
    report.checks(token.checks);
    if (!token.ok) throw new FlowFailure('token', token.summary);
    const body = JSON.parse(exchange.response.bodyText) as Record<string, unknown>;
    // With scope openid the flow sent a nonce (OIDC Core §3.1.2.1); the id_token must bring it back.
    const issuer = credentials.issuer ?? options.baseUrl;
    const endpoints = state.nonce ? await openIdLeg(body, { issuer, clientId: credentials.clientId, clientSecret: credentials.clientSecret, idTokenAlg: credentials.idTokenAlg ?? null, nonce: state.nonce }, options, report) : null;
    if (credentials.lifecycle) {
      const known = endpoints ?? (await discover(issuer, undefined, options.send)).endpoints;
      await lifecycleLeg(token.state, known, { clientId: credentials.clientId, clientSecret: credentials.clientSecret, authentication: credentials.authentication }, options, report);
    }
    return body;
  } finally {
    await catcher.close();
  }
}

import { oauth2ConfigOf, oauth2Flow } from '../../../shared/flows';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { LoginOptions } from '../../../shared/oidc/login-options';
import type { Profile } from '../../../shared/store/profile';
import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { dpopTokenChecks } from '../../../shared/dpop/token-checks';
import { nodeCrypto, nodeRandom } from '../../services/node-crypto';
import { authorizationUrl, type AuthorizationRequestMode } from './authorize-request-leg';
import { authorizeInBrowser, startFlowCatcher } from './browser-leg';
import { sendLeg } from './exchange';
import { sendDpopLeg } from './dpop-leg';
import { lifecycleLeg } from './lifecycle-leg';
import { openIdLeg } from './oidc-leg';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** OpenID Connect on top of the grant (scope openid) and the token's lifecycle after it: flags, not profile fields. */
export interface OpenIdOptions {
  /** The id_token algorithm the client registered; any the discovery document lists when null. */
  readonly idTokenAlg: string | null;
  /** After the exchange: refresh (rotation shown), introspect, revoke, introspect again. */
  readonly lifecycle: boolean;
  /** UserInfo: send an access token outside RFC 6750's b64token as issued. */
  readonly bearerAsIssued: boolean;
  /** prompt and max_age on the authorization request (OIDC Core §3.1.2.1); max_age is checked against auth_time. */
  readonly login?: LoginOptions;
}

/** Runs the authorization code grant (interface §4.2) with the profile's settings: the response's fields and the token read from it. */
export async function runOAuth2(
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport,
  openId: OpenIdOptions = { idTokenAlg: null, lifecycle: false, bearerAsIssued: false },
  dpop: { readonly client: DpopClient; readonly thumbprint: string } | null = null,
  authorization: AuthorizationRequestMode = { par: false, requestObject: false }
): Promise<{ fields: Record<string, unknown>; token: TokenSet }> {
  const catcher = await startFlowCatcher(profile, options, report);
  try {
    let state = oauth2Flow.startOAuth2(
      { ...oauth2ConfigOf(profile, profile.baseUrl, catcher.redirectUri), login: openId.login ?? {} },
      nodeRandom,
      nodeCrypto
    );

    report.step(`Step one: authorization code (browser${state.pkce ? `, PKCE ${state.pkce.method}` : ''})`);
    const url = await authorizationUrl(state, profile, authorization, options, report);
    const landed = await authorizeInBrowser(
      url,
      { kind: 'oauth2', state: state.state },
      catcher,
      profile,
      options,
      report
    );
    const cb = oauth2Flow.interpretCallback(state, `?${landed.query}`);
    report.checks(cb.checks);
    if (!cb.ok) throw new FlowFailure('authorize', cb.summary);
    state = cb.state;

    report.step('Step two: exchange the code for an access token (POST)');
    const request = oauth2Flow.buildTokenExchange(state);
    const exchange = dpop
      ? await sendDpopLeg('token', request, dpop.client, options, report)
      : await sendLeg('token', request, options, report);
    const token = oauth2Flow.interpretTokenResponse(state, exchange, Date.now(), 'token');
    report.checks(token.checks);
    // RFC 9449 §5: a token asked for with a proof must come back bound to its key.
    if (dpop && token.state.token) report.checks(dpopTokenChecks(token.state.token.fields, dpop.thumbprint));
    if (!token.ok || !token.state.token) throw new FlowFailure('token', token.summary, exchange.response);
    const fields = token.state.token.fields;
    const t = token.state.token;
    options.onTokens?.({
      fields,
      tokens: {
        kind: 'oauth2',
        token: t.accessToken,
        refreshToken: t.refreshToken ?? '',
        scope: t.scope ?? '',
        expiresAt: t.expiresAt,
      },
    });
    // With scope openid the flow sent a nonce (OIDC Core §3.1.2.1); the id_token must bring it back.
    const discovered = state.nonce
      ? await openIdLeg(
          fields,
          profile,
          {
            idTokenAlg: openId.idTokenAlg,
            nonce: state.nonce,
            code: state.code,
            bearerAsIssued: openId.bearerAsIssued,
            maxAge: openId.login?.maxAge ?? null,
            dpop: dpop?.client ?? null,
          },
          options,
          report
        )
      : null;
    if (openId.lifecycle) await lifecycleLeg(token.state, profile, discovered, options, report, dpop);
    return { fields, token: token.state.token };
  } finally {
    await catcher.close();
  }
}

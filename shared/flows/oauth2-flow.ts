import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Exchange, RawRequest } from '../http';
import type { Param } from '../url-encoded';
import { buildAuthorizationUrl } from '../oauth2/authorization-request';
import { codeChallenge, generateCodeVerifier, type PkceMethod } from '../oauth2/pkce';
import { generateState } from '../oauth2/state';
import { buildTokenRequest, type ClientAuthentication, type TokenBodyFormat } from '../oauth2/token-request';
import { parseTokenResponse, type TokenSet } from '../oauth2/token-response';
import { loginParams, type LoginOptions } from '../oidc/login-options';
import { generateNonce, isOpenIdScope } from '../oidc/nonce';
import type { CryptoPort, RandomPort } from '../ports';
import { SEED } from '../seed';
import { asConsequences, endpointUrl, statusCheck, withLeg, type Interpretation, type LegStatus } from './common';
import { withExtraHeaders } from './extra-headers';
import { oauth2CallbackChecks } from './callback-checks';
import { parseCallbackQuery, single } from './callback-query';
import { parseHttpUrl } from '../url';

/** The legs of the service's OAuth 2 flow (interface §4.2) plus a bearer API request and a refresh (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)). */
export type OAuth2Leg = 'authorize' | 'token' | 'api' | 'refresh';

export interface OAuth2Config {
  readonly baseUrl: string;
  /** Endpoint paths; `api` is the protected resource the bearer leg calls (GET) when the flow runs on its own. */
  readonly paths?: { readonly authorize?: string; readonly token?: string; readonly api?: string };
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly scope?: string | null;
  /** PKCE is on by default with S256 (RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)); null turns it off. */
  readonly pkce?: PkceMethod | null;
  readonly authentication?: ClientAuthentication;
  /** `grant_type=authorization_code` on the authorization URL, as the service sends it; RFC 6749 §4.1.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1) has none. */
  readonly includeGrantType?: boolean;
  readonly extraParams?: Partial<Record<OAuth2Leg, readonly Param[]>>;
  /** The token request body (token and refresh legs): a form by default. */
  readonly tokenBody?: TokenBodyFormat;
  /** The token response's field holding the access token (a dotted path); null or absent: access_token. */
  readonly accessTokenField?: string | null;
  /** Extra headers on every request the client sends; a default User-Agent unless one is given. */
  readonly headers?: readonly Param[];
  /**
   * The server is the service (the built-in mock, or a profile marked so): what its interface requires beyond the
   * RFCs is checked (interface §2.4). Any other server is judged by the RFCs alone. Default false.
   */
  readonly service?: boolean;
  /** OpenID Connect's login options on the authorization request (OIDC Core §3.1.2.1); unset: the provider decides. */
  readonly login?: LoginOptions;
  /**
   * With DPoP on: the RFC 7638 thumbprint of the key the token leg proves, sent as dpop_jkt so the provider binds
   * the code to that key and refuses it with a proof of any other (RFC 9449 §10); null or absent: none sent.
   */
  readonly dpopJkt?: string | null;
  /**
   * The issuer the authorization response's `iss` must equal (RFC 9207 §2.4
   * (https://www.rfc-editor.org/rfc/rfc9207#section-2.4)): a callback carrying another is refused, the mix-up
   * defence of RFC 9700 §4.4. Absent: an `iss` is not compared (and refused, callback-checks.ts says why).
   */
  readonly issuer?: string;
  /** The metadata advertises authorization_response_iss_parameter_supported: a callback without `iss` is refused. */
  readonly issuerRequired?: boolean;
  /**
   * The pushed authorization request endpoint (RFC 9126 §5): when set, the authorization request is pushed there
   * first (the grant's `par` leg) and the browser carries only client_id and request_uri (§4). Absent: not pushed.
   */
  readonly parEndpoint?: string | null;
}

/** What the redirect back must carry: the state sent, and the issuer's `iss` (RFC 9207) as the config expects it. */
export const callbackExpectation = (s: { readonly state: string; readonly config: OAuth2Config }) => ({
  state: s.state,
  ...(s.config.issuer === undefined ? {} : { issuer: s.config.issuer }),
  ...(s.config.issuerRequired ? { issuerRequired: true } : {}),
});

export interface OAuth2State {
  readonly config: OAuth2Config;
  readonly legs: Readonly<Record<OAuth2Leg, LegStatus>>;
  readonly state: string;
  readonly pkce: { readonly verifier: string; readonly challenge: string; readonly method: PkceMethod } | null;
  readonly code: string | null;
  readonly token: TokenSet | null;
  /** OpenID Connect: sent on the authorization request when the scope has openid, expected in the id_token (OIDC Core §3.1.2.1). */
  readonly nonce: string | null;
  /**
   * The parameters the authorization request carries in place of the flow's own: client_id and a request object
   * (RFC 9101 §5), pushed as they are (RFC 9126 §3) or put on the URL. Absent: the flow's own.
   */
  readonly authorizationParams?: readonly Param[];
  /** The request_uri the pushed request was answered with (RFC 9126 §2.2); the browser's URL names it (§4). */
  readonly requestUri?: string | null;
}

const paths = (c: OAuth2Config) => ({
  authorize: c.paths?.authorize ?? SEED.endpoints.oauth2Authorize.path,
  token: c.paths?.token ?? SEED.endpoints.oauth2Token.path,
});

/** A new attempt: a fresh state and PKCE verifier from the injected random source. */
export function startOAuth2(config: OAuth2Config, random: RandomPort, crypto: CryptoPort): OAuth2State {
  const method = config.pkce === undefined ? 'S256' : config.pkce;
  const verifier = method ? generateCodeVerifier(random) : null;
  return {
    config,
    legs: { authorize: 'ready', token: 'not_started', api: 'not_started', refresh: 'not_started' },
    state: generateState(random),
    pkce: method && verifier ? { verifier, challenge: codeChallenge(verifier, method, crypto), method } : null,
    code: null,
    token: null,
    nonce: isOpenIdScope(config.scope) ? generateNonce(random) : null,
  };
}

/** Step one (interface §4.2, RFC 6749 §4.1.1): the URL for the user's browser, with its parameters for display. */
/** The authorization endpoint's URL, where the browser goes (and beside which a pushed request's URL is built). */
export const authorizeEndpoint = (s: OAuth2State): string => endpointUrl(s.config.baseUrl, paths(s.config).authorize);

/** The token endpoint's URL the token and refresh legs send to. */
export const tokenEndpoint = (s: OAuth2State): string => endpointUrl(s.config.baseUrl, paths(s.config).token);

export function buildAuthorizeRequest(s: OAuth2State) {
  const c = s.config;
  return buildAuthorizationUrl({
    authorizeUrl: authorizeEndpoint(s),
    clientId: c.clientId,
    redirectUri: c.redirectUri,
    state: s.state,
    scope: c.scope ?? null,
    pkce: s.pkce ? { challenge: s.pkce.challenge, method: s.pkce.method } : null,
    includeGrantType: c.includeGrantType ?? true,
    extraParams: [
      ...(s.nonce ? [['nonce', s.nonce] as const] : []),
      ...(c.dpopJkt ? [['dpop_jkt', c.dpopJkt] as const] : []),
      ...loginParams(c.login),
      ...(c.extraParams?.authorize ?? []),
    ],
  });
}

export const authorizationOpened = (s: OAuth2State): OAuth2State => ({
  ...s,
  legs: withLeg(s.legs, 'authorize', 'waiting'),
});

/**
 * The redirect back (interface §4.2): the callback's checks (the state, as sent, before the code is taken: RFC 6749
 * §10.12; the issuer's `iss`, RFC 9207). A URL, or just its query.
 */
export function interpretCallback(s: OAuth2State, callbackUrlOrQuery: string): Interpretation<OAuth2State> {
  const query = /^https?:/i.test(callbackUrlOrQuery)
    ? (parseHttpUrl(callbackUrlOrQuery, 'callback').query ?? '')
    : callbackUrlOrQuery.replace(/^\?/, '');
  const parsed = parseCallbackQuery(query);
  const { checks } = oauth2CallbackChecks(parsed, callbackExpectation(s));
  const failed = checks.find((c) => !c.ok);
  if (failed)
    return {
      ok: false,
      checks,
      summary: failed.message,
      state: { ...s, legs: withLeg(s.legs, 'authorize', 'failed') },
    };
  return {
    ok: true,
    checks,
    summary: 'Authorization code received.',
    state: { ...s, code: single(parsed.params, 'code')!, legs: { ...s.legs, authorize: 'succeeded', token: 'ready' } },
  };
}

function tokenRequest(
  s: OAuth2State,
  grant: Parameters<typeof buildTokenRequest>[0]['grant'],
  leg: OAuth2Leg
): RawRequest {
  const c = s.config;
  const built = buildTokenRequest({
    tokenUrl: tokenEndpoint(s),
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    authentication: c.authentication ?? 'body',
    grant,
    extraParams: c.extraParams?.[leg] ?? [],
    bodyFormat: c.tokenBody ?? 'form',
  });
  return withExtraHeaders(built.request, c.headers);
}

/** Step two (interface §4.2, RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3)): code, the same redirect_uri, and the PKCE verifier. */
export function buildTokenExchange(s: OAuth2State): RawRequest {
  if (!s.code)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CODE,
      'token',
      'There is no authorization code yet; finish the authorization step first.'
    );
  return tokenRequest(
    s,
    {
      type: 'authorization_code',
      code: s.code,
      redirectUri: s.config.redirectUri,
      codeVerifier: s.pkce?.verifier ?? null,
    },
    'token'
  );
}

/** RFC 6749 §6 (the service does not show this operation: an assumption). */
export function buildRefreshRequest(s: OAuth2State): RawRequest {
  if (!s.token?.refreshToken)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_REFRESH_TOKEN,
      'refresh',
      'There is no refresh token; exchange a code first.'
    );
  return tokenRequest(s, { type: 'refresh_token', refreshToken: s.token.refreshToken }, 'refresh');
}

export function interpretTokenResponse(
  s: OAuth2State,
  exchange: Exchange,
  now: number,
  leg: 'token' | 'refresh'
): Interpretation<OAuth2State> {
  const r = parseTokenResponse(exchange.response, {
    now,
    grant: leg === 'token' ? 'authorization_code' : 'refresh_token',
    service: s.config.service ?? false,
    accessTokenField: s.config.accessTokenField ?? null,
  });
  const status = statusCheck(exchange);
  if (r.kind !== 'token')
    return {
      ok: false,
      checks: [status, ...(status.ok ? r.checks : asConsequences(r.checks))],
      summary: r.reason,
      state: { ...s, legs: withLeg(s.legs, leg, 'failed') },
    };
  const checks = [status, ...r.checks];
  // A refresh without a new refresh token keeps the old one (RFC 6749 §6).
  const token =
    leg === 'refresh' && !r.token.refreshToken ? { ...r.token, refreshToken: s.token?.refreshToken ?? null } : r.token;
  const failed = checks.find((c) => !c.ok);
  const legs =
    leg === 'token'
      ? {
          ...s.legs,
          token: failed ? ('failed' as const) : ('succeeded' as const),
          api: 'ready' as const,
          refresh: token.refreshToken ? ('ready' as const) : ('not_started' as const),
        }
      : { ...s.legs, refresh: failed ? ('failed' as const) : ('succeeded' as const), api: 'ready' as const };
  const received = `Access token received${token.foundAt !== 'access_token' ? ` (at ${token.foundAt})` : ''}${token.expiresIn !== null ? `, valid for ${token.expiresIn} s` : ''}`;
  const summary = failed
    ? `${received}, but the response breaks the service's interface: ${failed.message}`
    : `${received}.`;
  return { ok: !failed, checks, summary, state: { ...s, token, code: leg === 'token' ? null : s.code, legs } };
}

// The bearer call is every grant's last leg (RFC 6750); it is part of this flow's namespace (oauth2Flow).
export { buildBearerRequest, interpretBearerResponse } from './bearer-leg';

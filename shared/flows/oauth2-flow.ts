import { ProtocolError } from '../errors';
import { headerValue, type Exchange, type RawRequest } from '../http';
import type { Param } from '../oauth1/parameters';
import { buildAuthorizationUrl } from '../oauth2/authorization-request';
import { bearerAuthorization } from '../oauth2/bearer';
import { parseCallback } from '../oauth2/callback';
import { codeChallenge, generateCodeVerifier, type PkceMethod } from '../oauth2/pkce';
import { generateState } from '../oauth2/state';
import { buildTokenRequest, type ClientAuthentication } from '../oauth2/token-request';
import { parseTokenResponse, type TokenSet } from '../oauth2/token-response';
import { generateNonce, isOpenIdScope } from '../oidc/nonce';
import type { CryptoPort, RandomPort } from '../ports';
import { SEED } from '../seed';
import { check, endpointUrl, statusCheck, withLeg, type Interpretation, type LegStatus } from './common';

/** The legs of the service's OAuth 2 flow (seed §4.2) plus a bearer API request and a refresh (RFC 6749 §6). */
export type OAuth2Leg = 'authorize' | 'token' | 'api' | 'refresh';

export interface OAuth2Config {
  readonly baseUrl: string;
  readonly paths?: { readonly authorize?: string; readonly token?: string };
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly scope?: string | null;
  /** PKCE is on by default with S256 (RFC 9700 §2.1.1); null turns it off. */
  readonly pkce?: PkceMethod | null;
  readonly authentication?: ClientAuthentication;
  readonly includeGrantType?: boolean;
  readonly extraParams?: Partial<Record<OAuth2Leg, readonly Param[]>>;
}

export interface OAuth2State {
  readonly config: OAuth2Config;
  readonly legs: Readonly<Record<OAuth2Leg, LegStatus>>;
  readonly state: string;
  readonly pkce: { readonly verifier: string; readonly challenge: string; readonly method: PkceMethod } | null;
  readonly code: string | null;
  readonly token: TokenSet | null;
  /** OpenID Connect: sent on the authorization request when the scope has openid, expected in the id_token (OIDC Core §3.1.2.1). */
  readonly nonce: string | null;
}

const paths = (c: OAuth2Config) => ({ authorize: c.paths?.authorize ?? SEED.endpoints.oauth2Authorize.path, token: c.paths?.token ?? SEED.endpoints.oauth2Token.path });

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

/** Step one (seed §4.2, RFC 6749 §4.1.1): the URL for the user's browser, with its parameters for display. */
export function buildAuthorizeRequest(s: OAuth2State) {
  const c = s.config;
  return buildAuthorizationUrl({
    authorizeUrl: endpointUrl(c.baseUrl, paths(c).authorize),
    clientId: c.clientId,
    redirectUri: c.redirectUri,
    state: s.state,
    scope: c.scope ?? null,
    pkce: s.pkce ? { challenge: s.pkce.challenge, method: s.pkce.method } : null,
    includeGrantType: c.includeGrantType ?? true,
    extraParams: [...(s.nonce ? [['nonce', s.nonce] as const] : []), ...(c.extraParams?.authorize ?? [])],
  });
}

export const authorizationOpened = (s: OAuth2State): OAuth2State => ({ ...s, legs: withLeg(s.legs, 'authorize', 'waiting') });

/** The redirect back: the state must be the one sent (seed §4.2, RFC 6749 §10.12) before the code is taken. */
export function interpretCallback(s: OAuth2State, callbackUrlOrQuery: string): Interpretation<OAuth2State> {
  const r = parseCallback(callbackUrlOrQuery, s.state);
  const stateOk = r.kind === 'code' || (r.kind === 'error' && r.stateMatches);
  const returned = r.kind === 'code' ? r.state : r.kind === 'error' ? r.state : r.kind === 'state_mismatch' ? r.received : null;
  const checks = [
    check('state matches', stateOk, 'The returned state equals the state sent (RFC 6749 §10.12).', `The returned state ${JSON.stringify(returned)} is not the state sent (${JSON.stringify(s.state)}): the callback may be forged.`),
    check('no error', r.kind !== 'error', 'The provider reports no error.', r.kind === 'error' ? `The provider returned error "${r.error}"${r.description ? `: ${r.description}` : ''} (RFC 6749 §4.1.2.1).` : ''),
    check('code', r.kind === 'code', 'An authorization code arrived; exchange it now (seed §8).', r.kind === 'invalid' ? r.reason : 'No authorization code.'),
  ];
  if (r.kind !== 'code') return { ok: false, checks, summary: checks.find((x) => !x.ok)!.message, state: { ...s, legs: withLeg(s.legs, 'authorize', 'failed') } };
  return { ok: true, checks, summary: 'Authorization code received.', state: { ...s, code: r.code, legs: { ...s.legs, authorize: 'succeeded', token: 'ready' } } };
}

function tokenRequest(s: OAuth2State, grant: Parameters<typeof buildTokenRequest>[0]['grant'], leg: OAuth2Leg): RawRequest {
  const c = s.config;
  return buildTokenRequest({ tokenUrl: endpointUrl(c.baseUrl, paths(c).token), clientId: c.clientId, clientSecret: c.clientSecret, authentication: c.authentication ?? 'body', grant, extraParams: c.extraParams?.[leg] ?? [] }).request;
}

/** Step two (seed §4.2, RFC 6749 §4.1.3): code, the same redirect_uri, and the PKCE verifier. */
export function buildTokenExchange(s: OAuth2State): RawRequest {
  if (!s.code) throw new ProtocolError('missing_code', 'token', 'There is no authorization code yet; finish the authorization step first.');
  return tokenRequest(s, { type: 'authorization_code', code: s.code, redirectUri: s.config.redirectUri, codeVerifier: s.pkce?.verifier ?? null }, 'token');
}

/** RFC 6749 §6 (the service does not show this operation: an assumption). */
export function buildRefreshRequest(s: OAuth2State): RawRequest {
  if (!s.token?.refreshToken) throw new ProtocolError('missing_refresh_token', 'refresh', 'There is no refresh token; exchange a code first.');
  return tokenRequest(s, { type: 'refresh_token', refreshToken: s.token.refreshToken }, 'refresh');
}

export function interpretTokenResponse(s: OAuth2State, exchange: Exchange, now: number, leg: 'token' | 'refresh'): Interpretation<OAuth2State> {
  const r = parseTokenResponse(exchange.response, { now, grant: leg === 'token' ? 'authorization_code' : 'refresh_token' });
  const checks = [statusCheck(exchange), ...r.checks];
  if (r.kind !== 'token') {
    const summary = r.kind === 'error' ? `The server refused: ${r.error.error}${r.error.description ? ` (${r.error.description})` : ''}.${r.error.meaning ? ` ${r.error.meaning}` : ''}` : `HTTP ${r.status}: not a token response.`;
    return { ok: false, checks, summary, state: { ...s, legs: withLeg(s.legs, leg, 'failed') } };
  }
  // A refresh without a new refresh token keeps the old one (RFC 6749 §6).
  const token = leg === 'refresh' && !r.token.refreshToken ? { ...r.token, refreshToken: s.token?.refreshToken ?? null } : r.token;
  const legs = leg === 'token' ? { ...s.legs, token: 'succeeded' as const, api: 'ready' as const, refresh: token.refreshToken ? ('ready' as const) : ('not_started' as const) } : { ...s.legs, refresh: 'succeeded' as const, api: 'ready' as const };
  return { ok: true, checks, summary: `Access token received${token.expiresIn !== null ? `, valid for ${token.expiresIn} s` : ''}.`, state: { ...s, token, code: leg === 'token' ? null : s.code, legs } };
}

/** A bearer request to a protected resource (RFC 6750 §2.1). */
export function buildBearerRequest(s: OAuth2State, input: { method: string; path: string }): RawRequest {
  if (!s.token) throw new ProtocolError('no_access_token', 'api', 'There is no access token yet; exchange the code first.');
  return { method: input.method.toUpperCase(), url: endpointUrl(s.config.baseUrl, input.path), headers: [['Authorization', bearerAuthorization(s.token.accessToken)]] };
}

export function interpretBearerResponse(s: OAuth2State, exchange: Exchange, now: number): Interpretation<OAuth2State> {
  const status = exchange.response.status;
  const checks = [statusCheck(exchange)];
  const challenge = headerValue(exchange.response.headers, 'www-authenticate');
  if (status === 401) {
    const expired = !!s.token?.expiresAt && now >= s.token.expiresAt;
    checks.push(check('access token', false, '', `401: the token is not accepted${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}${expired ? '; it has passed expires_in, so refresh it' : ''} (RFC 6750 §3).`));
  }
  const ok = status >= 200 && status < 300;
  return { ok, checks, summary: ok ? `API call answered ${status}.` : checks[checks.length - 1]!.message, state: { ...s, legs: withLeg(s.legs, 'api', ok ? 'succeeded' : 'failed') } };
}

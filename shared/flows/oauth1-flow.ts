import { headerValue, type Exchange } from '../http';
import { ProtocolError } from '../errors';
import { traceSignature, type ParameterPlacement, type SignatureInput, type SignatureTrace } from '../oauth1/trace';
import { FORM_CONTENT_TYPE, parseUrlEncoded, type Param } from '../oauth1/parameters';
import { formEncode } from '../oauth2/form';
import type { SignatureMethod } from '../oauth1/signing';
import type { CryptoPort } from '../ports';
import { SEED } from '../seed';
import { check, endpointUrl, statusCheck, withLeg, type Check, type Interpretation, type LegStatus } from './common';

/** The legs of the service's OAuth 1.0a flow (seed §4.1) plus a signed API request. */
export type OAuth1Leg = 'requestToken' | 'authorize' | 'accessToken' | 'api';

export interface OAuth1Config {
  readonly baseUrl: string;
  readonly paths?: { readonly requestToken?: string; readonly authorize?: string; readonly accessToken?: string };
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** The callback sent in step one: a URL, or `oob` for a verifier shown to the user (RFC 5849 §2.1). */
  readonly callback: string;
  readonly signatureMethod?: SignatureMethod;
  readonly privateKeyPem?: string;
  readonly realm?: string | null;
  readonly includeVersion?: boolean;
  /** Also send oauth_callback in step three, as the service's §5.1 table lists it. */
  readonly callbackInAccessToken?: boolean;
  readonly extraOauthParams?: Partial<Record<OAuth1Leg, readonly Param[]>>;
  /** Where the protocol parameters travel (RFC 5849 §3.5); the service uses the Authorization header. */
  readonly placement?: ParameterPlacement;
}

export interface OAuth1State {
  readonly config: OAuth1Config;
  readonly legs: Readonly<Record<OAuth1Leg, LegStatus>>;
  readonly requestToken: { readonly token: string; readonly secret: string; readonly expiresAt: number | null; readonly callbackConfirmed: boolean } | null;
  readonly verifier: string | null;
  readonly accessToken: { readonly token: string; readonly secret: string; readonly deauthorized: boolean } | null;
}

/** Per-request values that come from the outside: fresh nonce and timestamp, the crypto port. */
export interface SigningContext {
  readonly nonce: string;
  readonly timestamp: string;
  readonly crypto: CryptoPort;
}

export interface BuiltRequest {
  readonly request: Exchange['request'];
  readonly trace: SignatureTrace;
}

export function startOAuth1(config: OAuth1Config): OAuth1State {
  return { config, legs: { requestToken: 'ready', authorize: 'not_started', accessToken: 'not_started', api: 'not_started' }, requestToken: null, verifier: null, accessToken: null };
}

const paths = (c: OAuth1Config) => ({
  requestToken: c.paths?.requestToken ?? SEED.endpoints.oauth1RequestToken.path,
  authorize: c.paths?.authorize ?? SEED.endpoints.oauth1Authorize.path,
  accessToken: c.paths?.accessToken ?? SEED.endpoints.oauth1AccessToken.path,
});

function sign(state: OAuth1State, leg: OAuth1Leg, base: Omit<SignatureInput, 'consumerKey' | 'signatureMethod'>, ctx: SigningContext): BuiltRequest {
  const c = state.config;
  const trace = traceSignature(
    {
      ...base,
      consumerKey: c.consumerKey,
      consumerSecret: c.consumerSecret,
      signatureMethod: c.signatureMethod ?? 'HMAC-SHA1',
      nonce: ctx.nonce,
      timestamp: ctx.timestamp,
      realm: c.realm ?? null,
      includeVersion: c.includeVersion ?? true,
      extraOauthParams: c.extraOauthParams?.[leg] ?? [],
      placement: c.placement ?? 'header',
      ...(c.privateKeyPem ? { privateKeyPem: c.privateKeyPem } : {}),
    },
    ctx.crypto,
  );
  return { request: trace.request, trace };
}

/** Step one (seed §4.1, RFC 5849 §2.1): POST with oauth_callback, no token, no body. */
export function buildRequestTokenRequest(state: OAuth1State, ctx: SigningContext): BuiltRequest {
  return sign(state, 'requestToken', { method: 'POST', url: endpointUrl(state.config.baseUrl, paths(state.config).requestToken), callback: state.config.callback }, ctx);
}

/** A form-encoded credentials response (RFC 5849 §2.1, §2.3): its fields, or the checks that failed. */
function credentialsResponse(exchange: Exchange): { fields: Map<string, string>; checks: Check[] } {
  const checks: Check[] = [statusCheck(exchange)];
  const type = headerValue(exchange.response.headers, 'content-type') ?? '';
  checks.push(check('content-type', type.toLowerCase().startsWith(FORM_CONTENT_TYPE), `Content-Type is ${FORM_CONTENT_TYPE} (RFC 5849 §2.1).`, `Content-Type is ${JSON.stringify(type)}; RFC 5849 §2.1 uses ${FORM_CONTENT_TYPE}.`));
  let pairs: Param[] = [];
  try {
    pairs = parseUrlEncoded(exchange.response.bodyText.trim(), true, 'response');
  } catch (e) {
    checks.push(check('body', false, '', `The body is not form-encoded: ${(e as ProtocolError).message}`));
  }
  return { fields: new Map(pairs), checks };
}

const problemOf = (fields: Map<string, string>) =>
  fields.get('oauth_problem') ? ` The server says oauth_problem=${fields.get('oauth_problem')}${fields.get('oauth_problem_advice') ? `: ${fields.get('oauth_problem_advice')}` : ''}.` : '';

export function interpretRequestToken(state: OAuth1State, exchange: Exchange, now: number): Interpretation<OAuth1State> {
  const { fields, checks } = credentialsResponse(exchange);
  const token = fields.get('oauth_token');
  const secret = fields.get('oauth_token_secret');
  const expiresIn = fields.get('oauth_expires_in');
  const validExpiry = expiresIn !== undefined && /^[0-9]+$/.test(expiresIn);
  checks.push(
    check('oauth_token', !!token, 'oauth_token received (seed §2.1).', 'oauth_token is missing (seed §2.1).'),
    check('oauth_token_secret', secret !== undefined, 'oauth_token_secret received (seed §2.1).', 'oauth_token_secret is missing (seed §2.1).'),
    check('oauth_expires_in', validExpiry, `The request token is valid for ${expiresIn} s (seed §2.1).`, `oauth_expires_in is ${expiresIn === undefined ? 'missing' : JSON.stringify(expiresIn)}; the service sends the lifetime in whole seconds (seed §2.1).`),
    check('oauth_callback_confirmed', fields.get('oauth_callback_confirmed') === 'true', 'oauth_callback_confirmed=true (RFC 5849 §2.1).', 'oauth_callback_confirmed is not "true": RFC 5849 §2.1 requires it; the service does not list it (assumption).'),
  );
  const ok = exchange.response.status === 200 && !!token && secret !== undefined;
  if (!ok) return { state: { ...state, legs: withLeg(state.legs, 'requestToken', 'failed') }, ok, summary: `No request token.${problemOf(fields)}`, checks };
  return {
    ok,
    checks,
    summary: `Request token ${token} received.`,
    state: {
      ...state,
      legs: { ...state.legs, requestToken: 'succeeded', authorize: 'ready' },
      requestToken: { token: token!, secret: secret!, expiresAt: validExpiry ? now + Number(expiresIn) * 1000 : null, callbackConfirmed: fields.get('oauth_callback_confirmed') === 'true' },
      verifier: null,
      accessToken: null,
    },
  };
}

/** Step two (seed §4.1): the URL the user's browser opens. `callbackOverride` is sent only when it differs. */
export function buildAuthorizeUrl(state: OAuth1State, callbackOverride?: string | null): string {
  if (!state.requestToken) throw new ProtocolError('no_request_token', 'authorize', 'There is no request token yet; run step one (request token) first.');
  const params: Param[] = [['oauth_token', state.requestToken.token]];
  if (callbackOverride) params.push(['oauth_callback', callbackOverride]);
  const url = endpointUrl(state.config.baseUrl, paths(state.config).authorize);
  return `${url}${url.includes('?') ? '&' : '?'}${formEncode(params)}`;
}

export const authorizationOpened = (state: OAuth1State): OAuth1State => ({ ...state, legs: withLeg(state.legs, 'authorize', 'waiting') });

/** The redirect back (seed §4.1 step two): the returned oauth_token must be the request token (CSRF check). */
export function interpretCallback(state: OAuth1State, query: readonly Param[]): Interpretation<OAuth1State> {
  const get = (n: string) => query.find(([k]) => k === n)?.[1];
  const expected = state.requestToken?.token;
  const returned = get('oauth_token');
  const verifier = get('oauth_verifier');
  const denied = get('denied') ?? get('oauth_problem') ?? get('error');
  const checks = [
    check('no-denial', denied === undefined, 'The provider reports no denial.', `The provider reports a denial or error: ${JSON.stringify(denied)}.`),
    check('oauth_token matches', !!expected && returned === expected, 'The returned oauth_token equals the request token (seed §4.1 step two, CSRF check).', `The returned oauth_token ${JSON.stringify(returned ?? null)} is not the request token ${JSON.stringify(expected ?? null)}: the callback may be forged.`),
    check('oauth_verifier', !!verifier, 'oauth_verifier received.', 'oauth_verifier is missing from the callback (RFC 5849 §2.2).'),
  ];
  const ok = checks.every((c) => c.ok);
  return ok
    ? { ok, checks, summary: 'Authorized; the verifier is ready for step three.', state: { ...state, verifier: verifier!, legs: { ...state.legs, authorize: 'succeeded', accessToken: 'ready' } } }
    : { ok, checks, summary: checks.find((c) => !c.ok)!.message, state: { ...state, legs: withLeg(state.legs, 'authorize', 'failed') } };
}

/** For `oob`: the user types the verifier the provider showed. */
export function verifierEntered(state: OAuth1State, verifier: string): OAuth1State {
  if (!verifier.trim()) throw new ProtocolError('missing_verifier', 'authorize', 'The verifier is empty; copy it from the provider\'s page.');
  return { ...state, verifier: verifier.trim(), legs: { ...state.legs, authorize: 'succeeded', accessToken: 'ready' } };
}

/** Whether the request token has outlived oauth_expires_in (seed §3). */
export function requestTokenExpired(state: OAuth1State, now: number): boolean {
  return !!state.requestToken?.expiresAt && now >= state.requestToken.expiresAt;
}

/** Step three (seed §4.1, RFC 5849 §2.3): signed with the request token secret, carrying the verifier. */
export function buildAccessTokenRequest(state: OAuth1State, ctx: SigningContext): BuiltRequest {
  if (!state.requestToken) throw new ProtocolError('no_request_token', 'accessToken', 'There is no request token yet; run step one first.');
  if (!state.verifier) throw new ProtocolError('missing_verifier', 'accessToken', 'There is no verifier yet; authorize the request token (step two) first.');
  const c = state.config;
  return sign(state, 'accessToken', { method: 'POST', url: endpointUrl(c.baseUrl, paths(c).accessToken), token: state.requestToken.token, tokenSecret: state.requestToken.secret, verifier: state.verifier, callback: c.callbackInAccessToken ? c.callback : null }, ctx);
}

export function interpretAccessToken(state: OAuth1State, exchange: Exchange, now: number): Interpretation<OAuth1State> {
  const { fields, checks } = credentialsResponse(exchange);
  const token = fields.get('oauth_token');
  const secret = fields.get('oauth_token_secret');
  checks.push(
    check('oauth_token', !!token, 'Access token received (seed §2.2).', 'oauth_token is missing (seed §2.2).'),
    check('oauth_token_secret', secret !== undefined, 'Access token secret received (seed §2.2).', 'oauth_token_secret is missing (seed §2.2).'),
  );
  if (requestTokenExpired(state, now)) checks.push(check('request token lifetime', false, '', 'The request token had expired (oauth_expires_in elapsed, seed §3); start again from step one.'));
  const ok = exchange.response.status === 200 && !!token && secret !== undefined;
  if (!ok) return { state: { ...state, legs: withLeg(state.legs, 'accessToken', 'failed') }, ok, summary: `No access token.${problemOf(fields)}`, checks };
  return { ok, checks, summary: `Access token ${token} received; it does not expire (seed §2.2).`, state: { ...state, legs: { ...state.legs, accessToken: 'succeeded', api: 'ready' }, accessToken: { token: token!, secret: secret!, deauthorized: false } } };
}

export interface ApiRequestInput {
  readonly method: string;
  /** A path relative to the base URL, or a full URL; its query is signed. */
  readonly path: string;
  readonly form?: readonly Param[];
  /** A body that is not a form (JSON, XML, ...): sent as is, not signed, optionally covered by oauth_body_hash. */
  readonly rawBody?: { readonly contentType: string; readonly text: string; readonly bodyHash?: boolean } | null;
}

/** A protected-resource request signed with the access token (RFC 5849 §3). */
export function buildApiRequest(state: OAuth1State, input: ApiRequestInput, ctx: SigningContext): BuiltRequest {
  if (!state.accessToken) throw new ProtocolError('no_access_token', 'api', 'There is no access token yet; finish step three first.');
  const form = input.form ?? [];
  if (form.length && input.rawBody) throw new ProtocolError('two_bodies', 'api', 'Give either form parameters or a raw body, not both: a request has one body.');
  const body = input.rawBody ? { body: input.rawBody.text, contentType: input.rawBody.contentType, includeBodyHash: !!input.rawBody.bodyHash } : form.length ? { body: formEncode(form), contentType: FORM_CONTENT_TYPE } : {};
  return sign(state, 'api', { method: input.method, url: endpointUrl(state.config.baseUrl, input.path), token: state.accessToken.token, tokenSecret: state.accessToken.secret, ...body }, ctx);
}

/** Problems that say the token itself is no longer good (seed §3: deauthorized by the user), not this one request. */
const TOKEN_GONE = new Set(['token_revoked', 'token_rejected', 'token_expired']);

/** Problem Reporting's fields in a 401's form body, when it carries them. */
function problemFields(exchange: Exchange): Map<string, string> {
  try {
    return new Map(parseUrlEncoded(exchange.response.bodyText.trim(), true, 'response'));
  } catch {
    return new Map();
  }
}

/**
 * A 401 on an API call is explained by its oauth_problem: token_revoked means the access token is no longer valid
 * (seed §3: deauthorized by the user); nonce_used, signature_invalid and the like refuse this request, not the token.
 */
export function interpretApiResponse(state: OAuth1State, exchange: Exchange): Interpretation<OAuth1State> {
  const status = exchange.response.status;
  const checks = [statusCheck(exchange)];
  const challenge = headerValue(exchange.response.headers, 'www-authenticate');
  const fields = status === 401 ? problemFields(exchange) : new Map<string, string>();
  const problem = fields.get('oauth_problem');
  const tokenGone = status === 401 && (problem === undefined || TOKEN_GONE.has(problem));
  if (status === 401) {
    const named = problem ? problemOf(fields) : challenge ? ` WWW-Authenticate: ${challenge}.` : '';
    checks.push(check('access token', false, '', tokenGone ? `401: the access token is invalid, for example deauthorized by the user (seed §3, §7).${named}` : `401: this request was refused; the access token itself may still be good.${named}`));
  }
  const ok = status >= 200 && status < 300;
  const accessToken = tokenGone && state.accessToken ? { ...state.accessToken, deauthorized: true } : state.accessToken;
  return { ok, checks, summary: ok ? `API call answered ${status}.` : checks[checks.length - 1]!.message, state: { ...state, accessToken, legs: withLeg(state.legs, 'api', ok ? 'succeeded' : 'failed') } };
}

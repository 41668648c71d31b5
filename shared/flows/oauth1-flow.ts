import type { Exchange } from '../http';
import { apiAnswer, providerMessage, sentence } from '../provider-message';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { traceSignature, type SignatureInput, type SignatureTrace } from '../oauth1/trace';
import { type Param, formEncode } from '../url-encoded';
import type { CryptoPort } from '../ports';
import { check, endpointUrl, note, serviceRequirement, warning, withLeg, type Interpretation } from './common';
import {
  apiLegInput,
  oauth1Paths,
  sentRequest,
  tokenLegInput,
  type ApiRequestInput,
  type LegInput,
} from './oauth1-leg-input';
import { readCredentials, remedyFor } from './oauth1-credentials';
import { oauth1CallbackChecks } from './callback-checks';
import { parseCallbackQuery, single } from './callback-query';
import type { OAuth1Config, OAuth1State } from './oauth1-state';

export {
  apiLegInput,
  defaultApiRequest,
  freshNonceAndTimestamp,
  sentRequest,
  signedRequestInput,
  tokenLegInput,
  type ApiRequestInput,
} from './oauth1-leg-input';

export type { OAuth1Config, OAuth1Leg, OAuth1State } from './oauth1-state';

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
  return {
    config,
    legs: { requestToken: 'ready', authorize: 'not_started', accessToken: 'not_started', api: 'not_started' },
    requestToken: null,
    verifier: null,
    accessToken: null,
  };
}

/** Signs a leg's input and adds the profile's extra headers to the signed request. */
function signLeg(state: OAuth1State, input: SignatureInput, crypto: CryptoPort): BuiltRequest {
  const trace = traceSignature(input, crypto);
  return { request: sentRequest(state, trace.request), trace };
}

function sign(state: OAuth1State, input: LegInput, ctx: SigningContext): BuiltRequest {
  return signLeg(state, { ...input, nonce: ctx.nonce, timestamp: ctx.timestamp }, ctx.crypto);
}

/** Step one (interface §4.1, RFC 5849 §2.1): POST (or the profile's GET) with oauth_callback, no token, no body. */
export function buildRequestTokenRequest(state: OAuth1State, ctx: SigningContext): BuiltRequest {
  return sign(state, tokenLegInput(state, 'requestToken'), ctx);
}

export function interpretRequestToken(
  state: OAuth1State,
  exchange: Exchange,
  now: number
): Interpretation<OAuth1State> {
  const service = state.config.service ?? false;
  const { fields, checks, ok, failure } = readCredentials(exchange, service, 'request token');
  if (!ok)
    return { state: { ...state, legs: withLeg(state.legs, 'requestToken', 'failed') }, ok, summary: failure!, checks };
  const token = fields.get('oauth_token')!;
  const secret = fields.get('oauth_token_secret')!;
  const expiresIn = fields.get('oauth_expires_in');
  const validExpiry = expiresIn !== undefined && /^[0-9]{1,12}$/.test(expiresIn);
  const confirmed = fields.get('oauth_callback_confirmed') === 'true';
  checks.push(
    serviceRequirement(
      service,
      'oauth_expires_in',
      validExpiry,
      `The request token is valid for ${expiresIn} s (interface §2.1).`,
      {
        service: `oauth_expires_in is ${expiresIn === undefined ? 'missing' : JSON.stringify(expiresIn)}; the service sends the lifetime in whole seconds (interface §2.1).`,
        rfc: `${expiresIn === undefined ? 'No oauth_expires_in' : `oauth_expires_in is ${JSON.stringify(expiresIn)}`}: RFC 5849 defines no lifetime for request tokens, so it is unknown; finish step three soon.`,
      }
    ),
    // RFC 5849 §2.1 requires it; servers of the older OAuth 1.0 (without the "a") never send it, and the service does not list it.
    confirmed
      ? check('oauth_callback_confirmed', true, 'oauth_callback_confirmed=true (RFC 5849 §2.1).', '')
      : note(
          'oauth_callback_confirmed',
          `oauth_callback_confirmed is ${fields.has('oauth_callback_confirmed') ? JSON.stringify(fields.get('oauth_callback_confirmed')) : 'missing'}; RFC 5849 §2.1 requires "true" (OAuth 1.0 servers before the "a" revision leave it out).`
        )
  );
  const failed = checks.find((c) => !c.ok);
  return {
    ok: !failed,
    checks,
    summary: failed
      ? `Request token ${token} received, but the response breaks the service's interface: ${failed.message}`
      : `Request token ${token} received.`,
    state: {
      ...state,
      legs: { ...state.legs, requestToken: failed ? 'failed' : 'succeeded', authorize: 'ready' },
      requestToken: {
        token,
        secret,
        expiresAt: validExpiry ? now + Number(expiresIn) * 1000 : null,
        callbackConfirmed: confirmed,
      },
      verifier: null,
      accessToken: null,
    },
  };
}

/** Step two (interface §4.1): the URL the user's browser opens. `callbackOverride` is sent only when it differs. */
export function buildAuthorizeUrl(state: OAuth1State, callbackOverride?: string | null): string {
  if (!state.requestToken)
    throw new ProtocolError(
      PROTOCOL_ERROR.NO_REQUEST_TOKEN,
      'authorize',
      'There is no request token yet; run step one (request token) first.'
    );
  const params: Param[] = [['oauth_token', state.requestToken.token]];
  if (callbackOverride) params.push(['oauth_callback', callbackOverride]);
  const url = endpointUrl(state.config.baseUrl, oauth1Paths(state.config).authorize);
  return `${url}${url.includes('?') ? '&' : '?'}${formEncode(params)}`;
}

export const authorizationOpened = (state: OAuth1State): OAuth1State => ({
  ...state,
  legs: withLeg(state.legs, 'authorize', 'waiting'),
});

/**
 * The redirect back (interface §4.1 step two): the callback's checks, the returned oauth_token first compared with
 * the request token (CSRF check). The raw query, or its parameters already decoded.
 */
export function interpretCallback(state: OAuth1State, query: string | readonly Param[]): Interpretation<OAuth1State> {
  const parsed =
    typeof query === 'string' ? parseCallbackQuery(query.replace(/^\?/, '')) : { params: query, malformed: [] };
  const { checks } = oauth1CallbackChecks(parsed, state.requestToken?.token ?? '');
  const failed = checks.find((c) => !c.ok);
  return failed
    ? {
        ok: false,
        checks,
        summary: failed.message,
        state: { ...state, legs: withLeg(state.legs, 'authorize', 'failed') },
      }
    : {
        ok: true,
        checks,
        summary: 'Authorized; the verifier is ready for step three.',
        state: {
          ...state,
          verifier: single(parsed.params, 'oauth_verifier')!,
          legs: { ...state.legs, authorize: 'succeeded', accessToken: 'ready' },
        },
      };
}

/** For `oob`: the user types the verifier the provider showed. */
export function verifierEntered(state: OAuth1State, verifier: string): OAuth1State {
  if (!verifier.trim())
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_VERIFIER,
      'authorize',
      "The verifier is empty; copy it from the provider's page."
    );
  return { ...state, verifier: verifier.trim(), legs: { ...state.legs, authorize: 'succeeded', accessToken: 'ready' } };
}

/** Whether the request token has outlived oauth_expires_in (interface §3). */
export function requestTokenExpired(state: OAuth1State, now: number): boolean {
  return !!state.requestToken?.expiresAt && now >= state.requestToken.expiresAt;
}

/** Step three (interface §4.1, RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3)): signed with the request token secret, carrying the verifier. */
export function buildAccessTokenRequest(state: OAuth1State, ctx: SigningContext): BuiltRequest {
  return sign(state, tokenLegInput(state, 'accessToken'), ctx);
}

export function interpretAccessToken(state: OAuth1State, exchange: Exchange, now: number): Interpretation<OAuth1State> {
  const { fields, checks, ok, failure } = readCredentials(exchange, state.config.service ?? false, 'access token');
  // The client's own clock says the request token expired: the reason when the server refused, a note when it did not.
  if (requestTokenExpired(state, now)) {
    checks.push(
      ok
        ? note(
            'request token lifetime',
            "oauth_expires_in had elapsed by the client's clock, yet the server accepted the request token."
          )
        : check(
            'request token lifetime',
            false,
            '',
            'The request token had expired (oauth_expires_in elapsed, interface §3); start again from step one.'
          )
    );
  }
  if (!ok)
    return { state: { ...state, legs: withLeg(state.legs, 'accessToken', 'failed') }, ok, summary: failure!, checks };
  const token = fields.get('oauth_token')!;
  const others = Object.fromEntries([...fields].filter(([k]) => k !== 'oauth_token' && k !== 'oauth_token_secret'));
  return {
    ok,
    checks,
    summary: `Access token ${token} received; it does not expire (interface §2.2).`,
    state: {
      ...state,
      legs: { ...state.legs, accessToken: 'succeeded', api: 'ready' },
      accessToken: { token, secret: fields.get('oauth_token_secret')!, deauthorized: false, fields: others },
    },
  };
}

/** A protected-resource request signed with the access token (RFC 5849 §3). */
export function buildApiRequest(state: OAuth1State, input: ApiRequestInput, ctx: SigningContext): BuiltRequest {
  return sign(state, apiLegInput(state, input), ctx);
}

/** Problems that say the token itself is no longer good (interface §3: deauthorized by the user), not this one request. */
const TOKEN_GONE = new Set(['token_revoked', 'token_rejected', 'token_expired']);

/**
 * Whether an answer refuses the access token itself, not this one request: a 401 whose oauth_problem says so
 * (token_revoked: deauthorized by the user, interface §3) or names no problem; nonce_used, signature_invalid and
 * the like refuse the request only.
 */
export function refusesToken(response: Exchange['response']): boolean {
  if (response.status !== 401) return false;
  const code = providerMessage(response)?.code;
  return !code || TOKEN_GONE.has(code);
}

/** Problems that say the request token itself is gone: expired (interface §2.1) or already exchanged (RFC 5849 §2.3). */
const REQUEST_TOKEN_GONE = new Set(['token_expired', 'token_used']);

/** Whether an access token exchange was refused for its request token, so sending it again fails again. */
export function refusesRequestToken(response: Exchange['response']): boolean {
  return response.status === 401 && REQUEST_TOKEN_GONE.has(providerMessage(response)?.code ?? '');
}

/**
 * An API answer. A refusal is one sentence in the server's decoded words (oauth_problem and its advice from the
 * body or the WWW-Authenticate challenge, RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1)) with what to do. A 401 marks the access token as no
 * longer valid only when its oauth_problem says so (token_revoked: deauthorized by the user, interface §3) or names no
 * problem; nonce_used, signature_invalid and the like refuse this request, not the token.
 */
export function interpretApiResponse(state: OAuth1State, exchange: Exchange): Interpretation<OAuth1State> {
  const { status, statusText } = exchange.response;
  const ok = status >= 200 && status < 300;
  // Judged by its status; an error document in a 2xx body (Flickr's stat="fail") is shown, not made a failure.
  const answered = ok ? apiAnswer(exchange.response) : null;
  const checks = [
    check('status', ok, `HTTP ${status} ${statusText}`.trim(), `HTTP ${status} ${statusText}`.trim()),
    ...(answered?.bodySays ? [warning('body', answered.bodySays)] : []),
  ];
  const said = ok ? null : providerMessage(exchange.response);
  const tokenGone = refusesToken(exchange.response);
  const fallback = tokenGone
    ? ' The access token is not accepted, for example deauthorized by the user (interface §3): run the flow again for a new one.'
    : '';
  // What to do: the provider's own advice when it gave some; else the remedy for its code, or the 401 fallback.
  const todo = said && said.text !== said.code ? '' : (said && remedyFor(said)) || fallback;
  const tokenKept =
    status === 401 && !tokenGone ? ' This request was refused; the access token itself may still be good.' : '';
  const summary = answered
    ? answered.summary
    : `HTTP ${status}${said ? `, the provider says: ${sentence(said.text)}` : '.'}${todo}${tokenKept}`;
  const accessToken = tokenGone && state.accessToken ? { ...state.accessToken, deauthorized: true } : state.accessToken;
  return {
    ok,
    checks,
    summary,
    state: { ...state, accessToken, legs: withLeg(state.legs, 'api', ok ? 'succeeded' : 'failed') },
  };
}

import type { RawRequest } from '../http';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { SignatureInput } from '../oauth1/trace';
import { FORM_CONTENT_TYPE, type Param, formEncode } from '../url-encoded';
import type { RandomPort } from '../ports';
import { hexEncode } from '../encoding/base64';
import { SEED } from '../seed';
import { endpointUrl } from './common';
import { withExtraHeaders } from './extra-headers';
import type { OAuth1Config, OAuth1Leg, OAuth1State } from './oauth1-state';

/**
 * What each OAuth 1.0a request signs, defined once: the flow's three legs, the API request, and any request
 * `oauth-lab call` and `sign` make, before the nonce and timestamp are drawn. The app's forms edit these as drafts,
 * the CLI signs them as they are; a property test keeps the two byte-identical.
 */

/**
 * A fresh nonce (128 random bits, hex: no characters that need encoding) and the timestamp in whole seconds
 * (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)): the app and the CLI take both from here, so their requests differ only in what the ports give.
 */
export function freshNonceAndTimestamp(random: RandomPort, now: number): { nonce: string; timestamp: string } {
  return { nonce: hexEncode(random.bytes(16)), timestamp: String(Math.floor(now / 1000)) };
}

export const oauth1Paths = (c: OAuth1Config) => ({
  requestToken: c.paths?.requestToken ?? SEED.endpoints.oauth1RequestToken.path,
  authorize: c.paths?.authorize ?? SEED.endpoints.oauth1Authorize.path,
  accessToken: c.paths?.accessToken ?? SEED.endpoints.oauth1AccessToken.path,
});

export type LegInput = Omit<SignatureInput, 'nonce' | 'timestamp'>;

/**
 * What a leg signs, before nonce and timestamp: the profile's settings plus the leg's own values. Parameters in the
 * body need a form body (RFC 5849 §3.5.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.2)), so an empty one is declared; a GET has no body to carry them.
 */
function legSignatureInput(
  state: OAuth1State,
  leg: OAuth1Leg,
  base: Pick<SignatureInput, 'method' | 'url'> & Partial<SignatureInput>
): LegInput {
  const c = state.config;
  const placement = c.placement ?? 'header';
  if (placement === 'body' && base.body === undefined && base.method.toUpperCase() === 'GET') {
    throw new ProtocolError(
      PROTOCOL_ERROR.BODY_PLACEMENT_NEEDS_FORM,
      leg,
      'A GET request has no body for the protocol parameters (RFC 5849 §3.5.2); send them in the header or the query.'
    );
  }
  const emptyForm = placement === 'body' && base.body === undefined ? { body: '', contentType: FORM_CONTENT_TYPE } : {};
  return {
    consumerKey: c.consumerKey,
    consumerSecret: c.consumerSecret,
    signatureMethod: c.signatureMethod ?? 'HMAC-SHA1',
    realm: c.realm ?? null,
    includeVersion: c.includeVersion ?? true,
    extraOauthParams: c.extraOauthParams?.[leg] ?? [],
    placement,
    ...(c.privateKeyPem ? { privateKeyPem: c.privateKeyPem } : {}),
    ...emptyForm,
    ...base,
  };
}

/** The request step one or three sends, as the flow builds it (method, URL and tokens from the state). */
export function tokenLegInput(state: OAuth1State, leg: 'requestToken' | 'accessToken'): LegInput {
  const c = state.config;
  const method = c.legMethod ?? 'POST';
  if (leg === 'requestToken')
    return legSignatureInput(state, leg, {
      method,
      url: endpointUrl(c.baseUrl, oauth1Paths(c).requestToken),
      callback: c.callback,
    });
  if (!state.requestToken)
    throw new ProtocolError(
      PROTOCOL_ERROR.NO_REQUEST_TOKEN,
      'accessToken',
      'There is no request token yet; run step one first.'
    );
  if (!state.verifier)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_VERIFIER,
      'accessToken',
      'There is no verifier yet; authorize the request token (step two) first.'
    );
  return legSignatureInput(state, leg, {
    method,
    url: endpointUrl(c.baseUrl, oauth1Paths(c).accessToken),
    token: state.requestToken.token,
    tokenSecret: state.requestToken.secret,
    verifier: state.verifier,
    callback: c.callbackInAccessToken ? c.callback : null,
  });
}

/** The request a leg sends: the signed request with the profile's extra headers after its own (not signed, RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)). */
export function sentRequest(state: OAuth1State, signed: RawRequest): RawRequest {
  return withExtraHeaders(signed, state.config.headers);
}

export interface ApiRequestInput {
  readonly method: string;
  /** A path relative to the base URL, or a full URL; its query is signed. */
  readonly path: string;
  readonly form?: readonly Param[];
  /** A body that is not a form (JSON, XML, ...): sent as is, not signed, optionally covered by oauth_body_hash. */
  readonly rawBody?: { readonly contentType: string; readonly text: string; readonly bodyHash?: boolean } | null;
}

/**
 * The API request a flow ends with: a GET of the API path, or a POST when the protocol parameters travel in the body,
 * since only a form body can carry them (RFC 5849 §3.5.2) and a GET has none.
 */
export const defaultApiRequest = (config: OAuth1Config, path: string): ApiRequestInput => ({
  method: config.placement === 'body' ? 'POST' : 'GET',
  path,
});

/**
 * A request with its own token (none: two-legged), callback and verifier, as SignatureInput names them; absent
 * ones are not sent. A `url` is taken as given (a full URL the caller has), a `path` is joined to the base URL.
 */
export type SignedRequestInput = Omit<ApiRequestInput, 'path'> &
  ({ readonly path: string } | { readonly url: string }) &
  Partial<Pick<SignatureInput, 'token' | 'tokenSecret' | 'callback' | 'verifier'>>;
const REQUEST_CREDENTIALS = ['token', 'tokenSecret', 'callback', 'verifier'] as const;

/**
 * Any request signed with the profile's settings (RFC 5849 §3 (https://www.rfc-editor.org/rfc/rfc5849#section-3)): the method, the path and its query, the body, and
 * the token, callback and verifier given. The API leg is this with the flow's access token; `oauth-lab call` and
 * `oauth-lab sign` build theirs here too, so every request's signing input has one builder.
 */
export function signedRequestInput(state: OAuth1State, input: SignedRequestInput): LegInput {
  const form = input.form ?? [];
  if (form.length && input.rawBody)
    throw new ProtocolError(
      PROTOCOL_ERROR.TWO_BODIES,
      'api',
      'Give either form parameters or a raw body, not both: a request has one body.'
    );
  const body = input.rawBody
    ? { body: input.rawBody.text, contentType: input.rawBody.contentType, includeBodyHash: !!input.rawBody.bodyHash }
    : form.length
      ? { body: formEncode(form), contentType: FORM_CONTENT_TYPE }
      : {};
  const credentials = Object.fromEntries(
    REQUEST_CREDENTIALS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])
  );
  const url = 'url' in input ? input.url : endpointUrl(state.config.baseUrl, input.path);
  return legSignatureInput(state, 'api', { method: input.method, url, ...credentials, ...body });
}

/** What a protected-resource request signs (RFC 5849 §3): the access token, the method, the path and its body. */
export function apiLegInput(state: OAuth1State, input: ApiRequestInput): LegInput {
  if (!state.accessToken)
    throw new ProtocolError(
      PROTOCOL_ERROR.NO_ACCESS_TOKEN,
      'api',
      'There is no access token yet; finish step three first.'
    );
  return signedRequestInput(state, { ...input, token: state.accessToken.token, tokenSecret: state.accessToken.secret });
}

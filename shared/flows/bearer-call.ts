import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { headerValue, type Exchange, type RawRequest } from '../http';
import { FORM_CONTENT_TYPE, isFormContentType, type Param, formEncode } from '../url-encoded';
import { bearerAuthorization } from '../oauth2/bearer';
import { buildTokenRequest, type ClientAuthentication, type TokenBodyFormat } from '../oauth2/token-request';
import { parseTokenResponse, type TokenSet } from '../oauth2/token-response';
import { withExtraHeaders } from './extra-headers';
import { sendWithDpop, type DpopClient } from '../dpop/dpop-client';

/**
 * A request to a protected resource with a saved OAuth 2 token, as the Request signer and `oauth-lab call` send it:
 * refreshed first when it has passed expires_in, and once more on a 401 (RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1) invalid_token), each new
 * token handed back to be saved. One implementation; the driver passes how to send.
 */

/** Where the token travels (RFC 6750 §2 (https://www.rfc-editor.org/rfc/rfc6750#section-2)): the Authorization header, a form body (§2.2) or the query (§2.3). */
export type BearerPlacement = 'header' | 'form' | 'query';

export interface BearerCallInput {
  readonly method: string;
  readonly url: string;
  readonly headers?: readonly Param[];
  readonly body?: string;
  readonly contentType?: string;
  readonly placement?: BearerPlacement;
  /** The profile's extra headers (a default User-Agent unless one is given). */
  readonly extraHeaders?: readonly Param[];
}

export interface SavedBearer {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly expiresAt: number | null;
  readonly scope: string | null;
}

export interface RefreshSettings {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
  readonly bodyFormat?: TokenBodyFormat;
  readonly extraParams?: readonly Param[];
  readonly extraHeaders?: readonly Param[];
  /** Refresh this many seconds before expires_in runs out, so the call does not race the expiry; default 0. */
  readonly earlySeconds?: number;
  /** The profile's name for the access token's field (a dotted path); null or absent: access_token. */
  readonly accessTokenField?: string | null;
}

export type BearerStep =
  | {
      readonly kind: 'refresh';
      readonly why: 'expired' | '401';
      readonly exchange: Exchange;
      readonly ok: boolean;
      readonly summary: string;
    }
  | { readonly kind: 'call'; readonly exchange: Exchange; readonly ok: boolean; readonly summary: string }
  /** DPoP: the server asked for a nonce (RFC 9449 §8, §9); the request was sent again with it. */
  | { readonly kind: 'dpop-nonce'; readonly exchange: Exchange; readonly ok: false; readonly summary: string }
  /** DPoP's reused-jti mistake on purpose: the accepted request whose proof was then sent again (RFC 9449 §11.1). */
  | { readonly kind: 'dpop-replayed'; readonly exchange: Exchange; readonly ok: true; readonly summary: string };

export interface BearerCallResult {
  readonly steps: readonly BearerStep[];
  /** The token after the call: a refreshed one to save, or the one given. */
  readonly token: SavedBearer;
  readonly refreshed: boolean;
}

const STEP = 'bearer';

/** The request with the token placed as RFC 6750 §2 says; a form body is only for a form-encoded request that is not a GET (§2.2). */
function bearerRequest(input: BearerCallInput, accessToken: string, dpop: boolean): RawRequest {
  const placement = input.placement ?? 'header';
  // RFC 9449 §7.1: a DPoP-bound token travels in the Authorization header only (its scheme set by sendWithDpop).
  if (dpop && placement !== 'header')
    throw new ProtocolError(
      PROTOCOL_ERROR.DPOP_TOKEN_PLACEMENT,
      STEP,
      `A DPoP-bound token goes in the Authorization header (RFC 9449 §7.1), not the ${placement}; leave out --bearer-in.`
    );
  const headers: Param[] = [...(input.headers ?? [])];
  if (input.contentType && !headers.some(([n]) => n.toLowerCase() === 'content-type'))
    headers.push(['Content-Type', input.contentType]);
  let url = input.url;
  let body = input.body;
  if (placement === 'header') headers.unshift(['Authorization', bearerAuthorization(accessToken)]);
  if (placement === 'query')
    url = `${url.replace(/#.*$/s, '')}${url.includes('?') ? '&' : '?'}${formEncode([['access_token', accessToken]])}`;
  if (placement === 'form') {
    const method = input.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD')
      throw new ProtocolError(
        PROTOCOL_ERROR.BEARER_FORM_METHOD,
        STEP,
        'The access token can go in the body only with a method that has one, such as POST (RFC 6750 §2.2); use the header or the query.'
      );
    if (body && !isFormContentType(input.contentType))
      throw new ProtocolError(
        PROTOCOL_ERROR.BEARER_FORM_BODY,
        STEP,
        `The access token can go in the body only when it is ${FORM_CONTENT_TYPE} (RFC 6750 §2.2); the body is ${input.contentType ?? 'of no declared type'}.`
      );
    if (!headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', FORM_CONTENT_TYPE]);
    body = (body ? `${body}&` : '') + formEncode([['access_token', accessToken]]);
  }
  return withExtraHeaders(
    { method: input.method.toUpperCase(), url, headers, ...(body !== undefined ? { body } : {}) },
    input.extraHeaders
  );
}

const expiring = (t: SavedBearer, now: number, earlySeconds: number) =>
  t.expiresAt !== null && now + earlySeconds * 1000 >= t.expiresAt;

async function refresh(
  t: SavedBearer,
  r: RefreshSettings,
  why: 'expired' | '401',
  send: (req: RawRequest) => Promise<Exchange>,
  now: () => number
) {
  const reason =
    why === '401'
      ? 'the server answered 401'
      : t.expiresAt !== null && now() < t.expiresAt
        ? `the token expires within ${r.earlySeconds ?? 0} s`
        : 'the token had passed expires_in';
  const request = withExtraHeaders(
    buildTokenRequest({
      tokenUrl: r.tokenUrl,
      clientId: r.clientId,
      clientSecret: r.clientSecret,
      authentication: r.authentication,
      grant: { type: 'refresh_token', refreshToken: t.refreshToken! },
      extraParams: r.extraParams ?? [],
      bodyFormat: r.bodyFormat ?? 'form',
    }).request,
    r.extraHeaders
  );
  const exchange = await send(request);
  const parsed = parseTokenResponse(exchange.response, {
    now: now(),
    grant: 'refresh_token',
    accessTokenField: r.accessTokenField ?? null,
  });
  if (parsed.kind !== 'token') {
    return {
      step: {
        kind: 'refresh',
        why,
        exchange,
        ok: false,
        summary: `The refresh was refused: ${parsed.reason}`,
      } as const,
      token: null,
    };
  }
  const n: TokenSet = parsed.token;
  // A refresh without a new refresh token keeps the old one (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)).
  const token: SavedBearer = {
    accessToken: n.accessToken,
    refreshToken: n.refreshToken ?? t.refreshToken,
    expiresAt: n.expiresAt,
    scope: n.scope ?? t.scope,
  };
  return {
    step: {
      kind: 'refresh',
      why,
      exchange,
      ok: true,
      summary: `Refreshed (${reason}); new access token${n.expiresIn !== null ? `, valid for ${n.expiresIn} s` : ''}.`,
    } as const,
    token,
  };
}

/**
 * Sends the request with the token: refreshes first when expired (or within the settings' earlySeconds of it), and
 * once on a 401, when a refresh token and the settings are there. With `dpop`, the token is DPoP-bound (RFC 9449 §7):
 * each request carries a fresh proof of the client's key.
 */
export async function callWithBearer(
  input: BearerCallInput,
  given: SavedBearer,
  refreshWith: RefreshSettings | null,
  sendRequest: (req: RawRequest) => Promise<Exchange>,
  now: () => number,
  dpop: DpopClient | null = null
): Promise<BearerCallResult> {
  const steps: BearerStep[] = [];
  // With DPoP every request, the refresh too, carries a fresh proof; a nonce challenge is a step of its own.
  const sendProven = async (req: RawRequest, accessToken: string | null) => {
    if (!dpop) return sendRequest(req);
    const r = await sendWithDpop(dpop, req, accessToken, sendRequest);
    if (r.challenge)
      steps.push({
        kind: 'dpop-nonce',
        exchange: r.challenge,
        ok: false,
        summary: `Answered ${r.challenge.response.status} use_dpop_nonce with a DPoP-Nonce (RFC 9449 §${r.challenge.response.status === 401 ? 9 : 8}); sent again with the nonce.`,
      });
    if (r.replayed)
      steps.push({
        kind: 'dpop-replayed',
        exchange: r.replayed,
        ok: true,
        summary: `Answered ${r.replayed.response.status}; the same request then sent again with this very proof (its jti reused on purpose, RFC 9449 §11.1).`,
      });
    return r.exchange;
  };
  const send = (req: RawRequest) => sendProven(req, null);
  let token = given;
  let refreshed = false;
  const canRefresh = () => !refreshed && !!token.refreshToken && !!refreshWith;
  const tryRefresh = async (why: 'expired' | '401') => {
    const r = await refresh(token, refreshWith!, why, send, now);
    steps.push(r.step);
    refreshed = true;
    if (r.token) token = r.token;
    return !!r.token;
  };
  if (expiring(token, now(), refreshWith?.earlySeconds ?? 0) && canRefresh() && !(await tryRefresh('expired')))
    return { steps, token, refreshed: false };
  const call = async () => {
    const exchange = await sendProven(bearerRequest(input, token.accessToken, !!dpop), token.accessToken);
    const status = exchange.response.status;
    const challenge = headerValue(exchange.response.headers, 'www-authenticate');
    const ok = status >= 200 && status < 300;
    steps.push({
      kind: 'call',
      exchange,
      ok,
      summary: ok
        ? `Answered ${status}.`
        : `Answered ${status}${status === 401 && challenge ? ` (WWW-Authenticate: ${challenge})` : ''}.`,
    });
    return status;
  };
  if ((await call()) === 401 && canRefresh() && (await tryRefresh('401'))) await call();
  return { steps, token, refreshed: token !== given };
}

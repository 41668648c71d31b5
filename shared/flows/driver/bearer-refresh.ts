import type { DpopClient } from '../../dpop/dpop-client';
import type { Exchange, RawRequest } from '../../http';
import {
  callWithBearer,
  type BearerCallInput,
  type BearerCallResult,
  type RefreshSettings,
  type SavedBearer,
} from '../bearer-call';
import { interpretBearerResponse, tokenEndpoint, type OAuth2State } from '../oauth2-flow';
import type { HistoryVerdict } from '../../store/history-record';
import type { FlowHostPort } from './host-port';
import { refreshLeg } from './lifecycle-legs';

/** What the bearer call with its refresh did: the flow after it (a refreshed token in it) and each step sent. */
export interface RefreshingCall {
  readonly state: OAuth2State;
  readonly result: BearerCallResult;
}

const verdictOf = (o: { readonly ok: boolean; readonly summary: string }): HistoryVerdict => ({
  outcome: o.ok ? 'succeeded' : 'failed',
  summary: o.summary,
});

/**
 * callWithBearer's sequence (the one implementation) over the host port: each request sent as the grant's `refresh`
 * leg (to `refreshWith`'s token endpoint) or `api` leg, recorded once with that leg's verdict on `flow` (the refresh
 * leg's and the bearer call's), authenticated by the port's decorators; the refreshed token folded into the flow as
 * the refresh leg leaves it.
 */
async function refreshingOverPort(
  port: FlowHostPort,
  flow: OAuth2State,
  call: { readonly input: BearerCallInput; readonly given: SavedBearer; readonly refreshWith: RefreshSettings | null },
  dpop: DpopClient | null
): Promise<RefreshingCall> {
  const tokenUrl = call.refreshWith?.tokenUrl ?? null;
  let state = flow;
  const send = async (request: RawRequest): Promise<Exchange> => {
    const refresh = request.url === tokenUrl;
    const exchange = await port.send(request, {
      leg: refresh ? 'refresh' : 'api',
      verdictOf: (e) =>
        verdictOf(refresh ? refreshLeg.interpret(state, e, port.now()) : interpretBearerResponse(state, e, port.now())),
    });
    // A refused refresh leaves the token as it was (interpretRefresh).
    if (refresh) state = refreshLeg.interpret(state, exchange, port.now()).state;
    return exchange;
  };
  const result = await callWithBearer(call.input, call.given, call.refreshWith, send, port.now, dpop);
  return { state, result };
}

/**
 * The code grant's bearer call refreshing by itself: the refresh once on a 401 (RFC 6750 §3.1
 * (https://www.rfc-editor.org/rfc/rfc6750#section-3.1) invalid_token, RFC 6749 §6), then the call again, and
 * first when within `earlySeconds` of expires_in. Each request goes through the host port as the grant's `refresh`
 * or `api` leg, recorded once with that leg's verdict and authenticated by the port's decorators (a client
 * assertion signed into the refresh); with `dpop`, each carries a fresh proof, the call its DPoP-bound token (RFC
 * 9449 §5, §7.1). `draft`: the call as the user may have edited it (its Authorization header replaced).
 */
export function bearerCallRefreshing(
  port: FlowHostPort,
  flow: OAuth2State,
  draft: RawRequest,
  earlySeconds: number,
  dpop: DpopClient | null = null
): Promise<RefreshingCall> {
  const c = flow.config;
  const token = flow.token!;
  const input: BearerCallInput = {
    method: draft.method,
    url: draft.url,
    headers: draft.headers.filter(([n]) => n.toLowerCase() !== 'authorization'),
    ...(draft.body !== undefined ? { body: draft.body } : {}),
    extraHeaders: c.headers,
  };
  const given: SavedBearer = {
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    expiresAt: token.expiresAt,
    scope: token.scope,
  };
  const refreshWith: RefreshSettings = {
    tokenUrl: tokenEndpoint(flow),
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    authentication: c.authentication ?? 'body',
    bodyFormat: c.tokenBody ?? 'form',
    extraParams: c.extraParams?.refresh ?? [],
    extraHeaders: c.headers,
    earlySeconds,
    accessTokenField: c.accessTokenField ?? null,
  };
  return refreshingOverPort(port, flow, { input, given, refreshWith }, dpop);
}

/**
 * The code grant's state a saved token stands for: its refresh settings as the flow's config, so its legs judge the
 * call and the refresh as they judge the page's.
 */
function savedTokenFlow(input: BearerCallInput, given: SavedBearer, refreshWith: RefreshSettings | null): OAuth2State {
  const r = refreshWith;
  return {
    config: {
      // The call's URL as it is and the refresh's token endpoint in full: neither is joined to a base.
      baseUrl: input.url,
      paths: { token: r?.tokenUrl ?? '' },
      clientId: r?.clientId ?? '',
      clientSecret: r?.clientSecret ?? '',
      redirectUri: '',
      authentication: r?.authentication ?? 'body',
      extraParams: { refresh: r?.extraParams ?? [] },
      tokenBody: r?.bodyFormat ?? 'form',
      accessTokenField: r?.accessTokenField ?? null,
      headers: r?.extraHeaders ?? input.extraHeaders ?? [],
    },
    legs: { authorize: 'succeeded', token: 'succeeded', api: 'ready', refresh: r ? 'ready' : 'not_started' },
    state: '',
    pkce: null,
    code: null,
    nonce: null,
    token: { ...given, tokenType: null, expiresIn: null, foundAt: 'access_token', fields: {} },
  };
}

/**
 * A call with a saved token (the Request signer's bearer call, `oauth-lab call`): the same sequence, legs and
 * verdicts as the code grant's bearerCallRefreshing, over the host's port; `refreshWith` null when the token cannot
 * be refreshed. The token after it (refreshed or as given) is the result's.
 */
export async function savedBearerCallRefreshing(
  port: FlowHostPort,
  input: BearerCallInput,
  given: SavedBearer,
  refreshWith: RefreshSettings | null,
  dpop: DpopClient | null = null
): Promise<BearerCallResult> {
  const flow = savedTokenFlow(input, given, refreshWith);
  return (await refreshingOverPort(port, flow, { input, given, refreshWith }, dpop)).result;
}

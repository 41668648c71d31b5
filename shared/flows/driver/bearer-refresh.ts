import type { DpopClient } from '../../dpop/dpop-client';
import type { Exchange, RawRequest } from '../../http';
import { callWithBearer, type BearerCallResult } from '../bearer-call';
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
 * The code grant's bearer call refreshing by itself: the refresh once on a 401 (RFC 6750 §3.1
 * (https://www.rfc-editor.org/rfc/rfc6750#section-3.1) invalid_token, RFC 6749 §6), then the call again, and
 * first when within `earlySeconds` of expires_in (callWithBearer's sequence, the one implementation). Each request
 * goes through the host port as the grant's `refresh` or `api` leg, recorded once with that leg's verdict and
 * authenticated by the port's decorators (a client assertion signed into the refresh); with `dpop`, each carries a
 * fresh proof, the call its DPoP-bound token (RFC 9449 §5, §7.1). The refreshed token is folded into the flow as
 * the refresh leg leaves it. `draft`: the call as the user may have edited it (its Authorization header replaced).
 */
export async function bearerCallRefreshing(
  port: FlowHostPort,
  flow: OAuth2State,
  draft: RawRequest,
  earlySeconds: number,
  dpop: DpopClient | null = null
): Promise<RefreshingCall> {
  const c = flow.config;
  const tokenUrl = tokenEndpoint(flow);
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
  const token = flow.token!;
  const result = await callWithBearer(
    {
      method: draft.method,
      url: draft.url,
      headers: draft.headers.filter(([n]) => n.toLowerCase() !== 'authorization'),
      ...(draft.body !== undefined ? { body: draft.body } : {}),
      extraHeaders: c.headers,
    },
    {
      accessToken: token.accessToken,
      refreshToken: token.refreshToken,
      expiresAt: token.expiresAt,
      scope: token.scope,
    },
    {
      tokenUrl,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      authentication: c.authentication ?? 'body',
      bodyFormat: c.tokenBody ?? 'form',
      extraParams: c.extraParams?.refresh ?? [],
      extraHeaders: c.headers,
      earlySeconds,
      accessTokenField: c.accessTokenField ?? null,
    },
    send,
    port.now,
    dpop
  );
  return { state, result };
}

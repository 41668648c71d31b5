import { BridgeFailure } from '../../../shared/bridge/result';
import { clientAssertionOf, transportOf } from '../../../shared/flows/profile-config';
import { assertionSignedSend } from '../page-client-auth';
import { callWithBearer, oauth2Flow, type BearerStep } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { HistoryRecord } from '../../../shared/store/history-record';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { annotateHistory, historyRecord } from '../flow-records';
import type { FlowSends } from '../flow-sends';
import {
  apiAnswered,
  OAUTH2_PAGE_TOKEN,
  refreshAnswered,
  tokenIssued,
  type TokenStanding,
} from './oauth2-token-standing';
import type { OAuth2Run } from './oauth2-run';
import { withDpopChecks, type PageDpop } from '../dpop-page-send';

/** Refreshed this long before expires_in runs out when the bearer call refreshes by itself. */
export const AUTO_REFRESH_EARLY_SECONDS = 30;

/**
 * The bearer call's send: a refresh signed with the profile's assertion by the driver's decorator when it asks for
 * one, each request sent through the page's `sends` with its history record held for its verdict; `records` maps
 * each exchange to its record.
 */
function recordedSend(
  deps: Pick<RendererDeps, 'bridge' | 'random' | 'now'>,
  sends: FlowSends,
  p: Profile,
  baseUrl: string,
  tokenUrl: string
) {
  /** Each exchange's history record, for its verdict once the bearer call is done. */
  const records = new Map<Exchange, HistoryRecord>();
  const legOf = (request: RawRequest) => (request.url === tokenUrl ? 'refresh' : 'api');
  const send = assertionSignedSend(deps, clientAssertionOf(p, baseUrl), legOf, async (request, leg) => {
    const record = historyRecord(deps.random, { profileId: p.id, flow: 'oauth2', leg });
    const r = await sends.httpSend({
      request,
      options: transportOf(p),
      record,
      // Held by the host until the verdict below, then recorded once with it.
      verdictFollows: true,
    });
    if (!r.ok) throw new BridgeFailure(r.error.code, r.error.message, r.error.details);
    records.set(r.value, record);
    return r.value;
  });
  return { send, records };
}

/**
 * The flow and the token's standing after the bearer call's steps, as the Refresh leg and the bearer call would
 * leave them; each step's record gets its verdict.
 */
function stepsFolded(
  { bridge, random, now }: Pick<RendererDeps, 'bridge' | 'random' | 'now'>,
  flow: OAuth2State,
  standing: TokenStanding,
  p: Profile,
  steps: readonly BearerStep[],
  records: ReadonlyMap<Exchange, HistoryRecord>
): { state: OAuth2State; known: TokenStanding } {
  let state = flow;
  let known = standing;
  for (const step of steps) {
    if (step.kind === 'refresh') {
      const refreshed = oauth2Flow.interpretTokenResponse(state, step.exchange, now(), 'refresh');
      state = refreshed.state;
      known =
        refreshed.ok && state.token
          ? tokenIssued(bridge, random, known, state.token, {
              profileId: p.id,
              obtainedAt: now(),
              label: OAUTH2_PAGE_TOKEN.refreshedAutomatically,
            })
          : refreshAnswered(bridge, known, step.exchange);
    } else if (step.kind === 'call') known = apiAnswered(known, step.exchange);
    const record = records.get(step.exchange);
    if (record) annotateHistory(bridge, record, step);
  }
  return { state, known };
}

/**
 * The bearer call through callWithBearer with the flow's token (the draft's method, URL and body), refreshed
 * first when within AUTO_REFRESH_EARLY_SECONDS of expiry and once on a 401 (RFC 6750 §3.1
 * (https://www.rfc-editor.org/rfc/rfc6750#section-3.1)), then called again. Each exchange is recorded; a refresh
 * updates the flow and the token's standing as the Refresh leg would. With the profile's DPoP (`dpop`), the refresh
 * and each call carry a fresh proof, the call its DPoP-bound token in the DPoP scheme (RFC 9449 §5, §7.1), and a
 * nonce challenge is followed (§8, §9). Sent through the page's `sends`, so Start over cancels them; the host records
 * each exchange once, with its verdict. Throws the transport's or a protocol error.
 */
export async function bearerCallWithAutoRefresh(
  { bridge, sends, random, now }: Pick<RendererDeps, 'bridge' | 'random' | 'now'> & { readonly sends: FlowSends },
  flow: OAuth2State,
  standing: TokenStanding,
  draft: RawRequest,
  p: Profile,
  dpop: PageDpop | null
): Promise<{ state: OAuth2State; standing: TokenStanding; run: OAuth2Run }> {
  const c = flow.config;
  const tokenUrl = oauth2Flow.tokenEndpoint(flow);
  const { send, records } = recordedSend({ bridge, random, now }, sends, p, c.baseUrl, tokenUrl);
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
      earlySeconds: AUTO_REFRESH_EARLY_SECONDS,
      accessTokenField: c.accessTokenField ?? null,
    },
    send,
    now,
    dpop?.client ?? null
  );
  const { state, known } = stepsFolded({ bridge, random, now }, flow, standing, p, result.steps, records);
  const last = result.steps[result.steps.length - 1]!;
  const outcome =
    last.kind === 'call'
      ? oauth2Flow.interpretBearerResponse(state, last.exchange, now())
      : { ok: false, summary: last.summary, checks: [], state };
  const trace = dpop?.trace() ?? null;
  // RFC 9449 §5: a refresh sent with a proof brings back a token bound to the key, checked as the Refresh leg does.
  const renewed = state.token !== flow.token ? state.token?.fields : undefined;
  const judged = withDpopChecks(outcome, 'refresh', renewed, trace);
  return {
    state: judged.state,
    standing: known,
    run: {
      sending: false,
      exchange: last.exchange,
      error: null,
      outcome: judged,
      before: result.steps.slice(0, -1),
      dpop: trace,
    },
  };
}

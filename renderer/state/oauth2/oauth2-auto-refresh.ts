import { clientAssertionOf } from '../../../shared/flows/profile-config';
import { oauth2Flow, type BearerStep } from '../../../shared/flows';
import { bearerCallRefreshing } from '../../../shared/flows/driver/bearer-refresh';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import type { FlowSends } from '../flow-sends';
import { authenticatedWith } from '../page-client-auth';
import { pageHostPort } from '../page-host-port';
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
 * The token's standing after the bearer call's steps, as the Refresh leg and the bearer call would leave it: a
 * refresh that brought the flow's new token saved, one refused marked, each answer of the resource noted.
 */
function standingAfter(
  { bridge, random, now }: Pick<RendererDeps, 'bridge' | 'random' | 'now'>,
  flow: OAuth2State,
  next: OAuth2State,
  standing: TokenStanding,
  p: Profile,
  steps: readonly BearerStep[]
): TokenStanding {
  let known = standing;
  for (const step of steps) {
    if (step.kind === 'refresh')
      known =
        step.ok && next.token && next.token !== flow.token
          ? tokenIssued(bridge, random, known, next.token, {
              profileId: p.id,
              obtainedAt: now(),
              label: OAUTH2_PAGE_TOKEN.refreshedAutomatically,
            })
          : refreshAnswered(bridge, known, step.exchange);
    else if (step.kind === 'call') known = apiAnswered(known, step.exchange);
  }
  return known;
}

/**
 * The bearer call refreshing by itself (the driver's bearerCallRefreshing, over the page as host) with the flow's
 * token (the draft's method, URL and body): refreshed first when within AUTO_REFRESH_EARLY_SECONDS of expiry and
 * once on a 401 (RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1)), then called again. Each
 * exchange is recorded by the host once, with its leg's verdict; a refresh updates the flow and the token's standing
 * as the Refresh leg would. With the profile's DPoP (`dpop`), the refresh and each call carry a fresh proof, the call
 * its DPoP-bound token in the DPoP scheme (RFC 9449 §5, §7.1), and a nonce challenge is followed (§8, §9). Sent
 * through the page's `sends`, so Start over cancels them. Throws the transport's or a protocol error.
 */
export async function bearerCallWithAutoRefresh(
  deps: RendererDeps & { readonly sends: FlowSends },
  flow: OAuth2State,
  standing: TokenStanding,
  draft: RawRequest,
  p: Profile,
  dpop: PageDpop | null
): Promise<{ state: OAuth2State; standing: TokenStanding; run: OAuth2Run }> {
  const { sends, now } = deps;
  // The page as the driver's host, the refresh's client assertion signed in by the driver (authenticatedWith).
  const host = pageHostPort(deps, sends, p, 'oauth2', () => {});
  const { port } = authenticatedWith(deps, host, clientAssertionOf(p, flow.config.baseUrl), null, {});
  const called = await bearerCallRefreshing(port, flow, draft, AUTO_REFRESH_EARLY_SECONDS, dpop?.client ?? null);
  const { state, result } = called;
  const known = standingAfter(deps, flow, state, standing, p, result.steps);
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

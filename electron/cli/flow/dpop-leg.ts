import { sendWithDpop, type DpopClient } from '../../../shared/dpop/dpop-client';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { HistoryVerdict } from '../../../shared/store/history-record';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import type { FlowReport } from './report';

/**
 * One leg sent with a DPoP proof (RFC 9449 §5; with `accessToken`, a resource call in the DPoP scheme, §7): printed
 * and recorded as any leg; when the server asks for a nonce (§8, §9: use_dpop_nonce and DPoP-Nonce), the refused
 * attempt is shown and the request sent again with the nonce; a planted reused-jti shows the replay as its own step.
 */
export async function sendDpopLeg(
  step: string,
  request: RawRequest,
  dpop: DpopClient,
  options: FlowRunOptions,
  report: FlowReport,
  accessToken: string | null = null,
  verdictOf?: (exchange: Exchange) => HistoryVerdict
): Promise<Exchange> {
  let previous: Exchange | null = null;
  const section = accessToken === null ? '§8' : '§9';
  const r = await sendWithDpop(dpop, request, accessToken, async (proven) => {
    // A send after an accepted one is the reused-jti replay; after a refused one, the retry with the server's nonce.
    if (previous && previous.response.status < 400)
      report.step(`The ${step} request again with the same proof: its jti reused on purpose (RFC 9449 §11.1)`);
    else if (previous)
      report.step(
        `The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 ${section}): the ${step} request again with it`
      );
    previous = await sendLeg(step, proven, options, report, verdictOf);
    return previous;
  });
  return r.exchange;
}

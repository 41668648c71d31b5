import { BridgeFailure } from '../../shared/bridge/result';
import { transportOf } from '../../shared/flows/profile-config';
import type { FlowHostPort, LegTokens } from '../../shared/flows/driver/host-port';
import type { HistoryRecord } from '../../shared/store/history-record';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { historyRecord } from './flow-records';
import type { FlowSends } from './flow-sends';

/**
 * The page as a flow driver's host for the legs the user sends: each request goes through the bridge's httpSend
 * (cancellable by Start over) with `verdictFollows`, so the host holds the exchange until the leg's verdict
 * comes in historyAnnotate and records it once, with it. Tokens go to `tokensObtained` (the page saves them with
 * the profile); the page shows steps and checks from the leg's result, so reports are not needed here. `owner`:
 * the profile whose history and transport the requests are, or the history owner of a page used without one. The
 * port belongs to the attempt it is made in: after a Start over it sends nothing and its waits end at once.
 * `mistake`: the mistake this send makes on purpose, by name, recorded with its exchanges.
 */
export function pageHostPort(
  { bridge, crypto, random, now }: RendererDeps,
  sends: FlowSends,
  owner: Profile | string,
  flow: HistoryRecord['flow'],
  tokensObtained: (obtained: LegTokens, leg: string) => void,
  mistake: string | null = null
): FlowHostPort {
  const attempt = sends.attempt();
  return {
    async send(request, { leg, verdictOf }) {
      sends.ensureCurrent(attempt);
      const profileId = typeof owner === 'string' ? owner : owner.id;
      const record = historyRecord(random, { profileId, flow, leg, ...(mistake ? { mistake } : {}) });
      const r = await sends.httpSend({
        request,
        ...(typeof owner === 'string' ? {} : { options: transportOf(owner) }),
        record,
        verdictFollows: true,
      });
      if (!r.ok) throw new BridgeFailure(r.error.code, r.error.message, r.error.details);
      const verdict = verdictOf(r.value);
      void bridge.historyAnnotate({ id: record.id, ...verdict, summary: verdict.summary.slice(0, 2000) });
      return r.value;
    },
    saveTokens: tokensObtained,
    now,
    sleep: (ms) => sends.sleep(ms, attempt),
    random,
    crypto,
    report: () => {},
    // The authorization leg: the host records it once, with the leg's verdict (historyRedirect). As with every
    // leg, a history that cannot be written never fails the flow.
    async recordRedirect({ leg, verdict, ...seen }) {
      const profileId = typeof owner === 'string' ? owner : owner.id;
      const record = historyRecord(random, { profileId, flow, leg });
      const summary = verdict.summary.slice(0, 2000);
      await bridge.historyRedirect({ record, ...seen, ...verdict, summary }).catch(() => null);
    },
  };
}

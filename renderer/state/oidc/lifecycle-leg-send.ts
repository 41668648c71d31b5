import type { Interpretation } from '../../../shared/flows';
import type { SentLeg } from '../../../shared/flows/driver/grant';
import { LIFECYCLE_DPOP_LEGS } from '../../../shared/flows/driver/lifecycle-legs';
import { sendLeg } from '../../../shared/flows/driver/run-leg';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import { authenticatedWith } from '../page-client-auth';
import { pageHostPort } from '../page-host-port';
import { pageDpop } from '../dpop-page-send';
import type { LifecycleKind, LifecycleLeg, LifecyclePageStore } from './lifecycle-state';

/**
 * The leg sent through the flow driver (recorded once with its verdict), the client authenticated by the driver's
 * decorators (a fresh assertion, DPoP on the refresh); `defOf` makes it with the DPoP key's thumbprint when the
 * profile's DPoP is on; `read` adds what the page shows of it (and tells the OAuth 2 page what it says of its tokens).
 */
export async function lifecycleLegSent<I extends Interpretation<OAuth2State>>(
  { deps, sends, get, set, dpopNonces, nextId }: LifecyclePageStore,
  kind: LifecycleKind,
  defOf: (dpopThumbprint: string | null) => SentLeg<OAuth2State, I>,
  read: (outcome: I, exchange: Exchange) => Pick<LifecycleLeg, 'rotation'> = () => ({})
): Promise<void> {
  const { flow, profile } = get();
  if (!flow || !profile || get().sending) return;
  set({ sending: true, problem: null });
  const dpop = profile.oauth2.dpop ? await pageDpop(deps, profile, dpopNonces) : null;
  if (dpop && !dpop.ok) return set({ sending: false, problem: dpop.error.message });
  const onPage = dpop?.value ?? null;
  const def = defOf(onPage?.trace().thumbprint ?? null);
  let request: RawRequest;
  try {
    request = def.build(flow, deps);
  } catch (e) {
    return set({ sending: false, problem: (e as Error).message });
  }
  // A refresh's token reaches the OAuth 2 page (tokenReplaced), which saves it: nothing to save here.
  const host = pageHostPort(deps, sends, profile, 'oauth2', () => {});
  const assertion = clientAssertionOf(profile, flow.config.baseUrl);
  const { port, shown } = authenticatedWith(deps, host, assertion, onPage, LIFECYCLE_DPOP_LEGS);
  const leg = {
    id: nextId(),
    kind,
    title: def.title(flow),
    carried: [flow.token?.accessToken, flow.token?.refreshToken, get().replaced].filter((t): t is string => !!t),
  };
  try {
    const { exchange, outcome } = await sendLeg(def, kind, () => get().flow!, port, request);
    const { ok, summary, checks } = outcome;
    // The request as it went out: the assertion signed in, the proof in its DPoP header.
    const sent = { ...leg, request: exchange.request, ...shown() };
    set({
      sending: false,
      legs: [...get().legs, { ...sent, exchange, error: null, ok, summary, checks, ...read(outcome, exchange) }],
    });
  } catch (e) {
    const error = (e as Error).message;
    const failed = { ...leg, request, ...shown(), exchange: null, error, ok: false, summary: error, checks: [] };
    set({ sending: false, legs: [...get().legs, failed] });
  }
}

import type { Interpretation } from '../../../shared/flows';
import type { SentLeg } from '../../../shared/flows/driver/grant';
import { LIFECYCLE_DPOP_LEGS } from '../../../shared/flows/driver/lifecycle-legs';
import { withDpopProofs } from '../../../shared/flows/driver/dpop-port';
import { sendLeg } from '../../../shared/flows/driver/run-leg';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import { assertionSigned } from '../client-assertion-send';
import { pageHostPort } from '../page-host-port';
import { pageDpop } from '../dpop-page-send';
import type { LifecycleKind, LifecycleLeg, LifecyclePageStore } from './lifecycle-state';

/**
 * The leg sent through the flow driver (recorded once with its verdict); `defOf` makes it with the DPoP key's
 * thumbprint when the profile's DPoP is on; `read` adds what the page shows of it.
 */
export async function lifecycleLegSent<I extends Interpretation<OAuth2State>>(
  { deps, sends, get, set, dpopNonces, nextId }: LifecyclePageStore,
  kind: LifecycleKind,
  defOf: (dpopThumbprint: string | null) => SentLeg<OAuth2State, I>,
  read: (outcome: I) => Pick<LifecycleLeg, 'rotation'> = () => ({})
): Promise<void> {
  const { bridge } = deps;
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
  const signed = await assertionSigned(bridge, request, clientAssertionOf(profile, flow.config.baseUrl));
  if (!signed.ok) return set({ sending: false, problem: signed.error.message });
  request = signed.value.request;
  const leg = {
    id: nextId(),
    kind,
    title: def.title(flow),
    request,
    assertion: signed.value.trace,
    carried: [flow.token?.accessToken, flow.token?.refreshToken, get().replaced].filter((t): t is string => !!t),
  };
  // A refresh's token reaches the OAuth 2 page (tokenReplaced), which saves it: nothing to save here.
  const port = pageHostPort(deps, sends, profile, 'oauth2', () => {});
  const proven = onPage ? withDpopProofs(port, onPage.client, LIFECYCLE_DPOP_LEGS) : port;
  const dpopTrace = () => ({ dpop: onPage?.trace() ?? null });
  try {
    const { exchange, outcome } = await sendLeg(def, kind, () => get().flow!, proven, request);
    const { ok, summary, checks } = outcome;
    const shown = { ...leg, exchange, error: null, ok, summary, checks, ...dpopTrace(), ...read(outcome) };
    set({ sending: false, legs: [...get().legs, shown] });
  } catch (e) {
    const error = (e as Error).message;
    const failed = { ...leg, exchange: null, error, ok: false, summary: error, checks: [], ...dpopTrace() };
    set({ sending: false, legs: [...get().legs, failed] });
  }
}

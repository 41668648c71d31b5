import type { BridgeApi } from '../../shared/bridge/api';
import type { Cause } from '../../shared/explain/candidates';
import { explainHar } from '../../shared/explain/explain';
import { readHar, type HarFile } from '../../shared/explain/har-read';
import { fingerprinter } from '../../shared/explain/fingerprint';
import { buildReport } from '../../shared/explain/report';
import type { CryptoPort, RandomPort } from '../../shared/ports';

/** The explainer's verdict on a flow's failed leg, shown under the refusal: its most likely cause, or why there is none. */
export type FlowVerdict = { readonly cause: Cause } | { readonly none: string };

/**
 * The flow's recorded legs as HAR (the host's history of the profile, the authorization leg among them, oldest
 * first, secrets included: the explainer compares codes and tokens and shows only fingerprints); the top cause of
 * the last failed leg. The History page's "Explain the history" reads the same entries, so it names the same cause.
 */
export async function flowVerdict(
  bridge: Pick<BridgeApi, 'historyHar'>,
  crypto: CryptoPort,
  random: RandomPort,
  profileId: string
): Promise<FlowVerdict> {
  const exported = await bridge.historyHar({ profileId, includeSecrets: true });
  if (!exported.ok) return { none: `The history could not be read: ${exported.error.message}` };
  // The history is newest first; ties of startedDateTime keep the file's order, so it goes oldest first.
  const har: HarFile = { entries: [...readHar(exported.value.text).entries].reverse() };
  // The report's causes: their evidence quotes codes and tokens by fingerprint only.
  const fp = fingerprinter(crypto, random);
  const { legs, causes } = buildReport(har, explainHar(har, crypto, fp), fp);
  const failed = legs.reduce((last, l, i) => (l.ok ? last : i), -1);
  const cause = causes.find((c) => c.leg === failed);
  if (failed < 0) return { none: 'The explainer finds no failed leg in this flow’s recorded legs.' };
  return cause ? { cause } : { none: 'The recorded legs do not decide a cause for this refusal.' };
}

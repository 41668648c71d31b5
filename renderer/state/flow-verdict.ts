import type { BridgeApi } from '../../shared/bridge/api';
import type { Cause } from '../../shared/explain/candidates';
import { explainHar } from '../../shared/explain/explain';
import { readHar, type HarFile, type HarFileEntry } from '../../shared/explain/har-read';
import { fingerprinter } from '../../shared/explain/fingerprint';
import { buildReport } from '../../shared/explain/report';
import type { CryptoPort, RandomPort } from '../../shared/ports';

/** The explainer's verdict on a flow's failed leg, shown under the refusal: its most likely cause, or why there is none. */
export type FlowVerdict = { readonly cause: Cause; readonly authorizationFirst: boolean } | { readonly none: string };

/** The authorization leg as the page saw it (the browser's part is not in the history): the URL and the callback's query. */
export interface AuthorizationSeen {
  readonly authorizeUrl: string;
  readonly callbackQuery: string;
  readonly at: string;
}

/**
 * The authorization request and the redirect back to redirect_uri with the query the client received, as a
 * browser's HAR records them: the explainer compares its state, code and code_challenge with the later legs.
 */
function authorizationEntry({ authorizeUrl, callbackQuery, at }: AuthorizationSeen): HarFileEntry {
  const redirectUri = new URL(authorizeUrl).searchParams.get('redirect_uri') ?? '';
  // The catcher's query comes without its "?", a pasted URL's with it.
  const location = `${redirectUri}?${callbackQuery.replace(/^\?/, '')}`;
  return {
    startedDateTime: at,
    request: { method: 'GET', url: authorizeUrl, headers: [] },
    response: {
      status: 302,
      headers: [{ name: 'Location', value: location }],
      redirectURL: location,
    },
  };
}

/**
 * The flow's recorded legs as HAR (the host's history of the profile, oldest first, secrets included: the explainer
 * compares codes and tokens and shows only fingerprints), after the authorization leg; the top cause of the last
 * failed leg.
 */
export async function flowVerdict(
  bridge: Pick<BridgeApi, 'historyHar'>,
  crypto: CryptoPort,
  random: RandomPort,
  profileId: string,
  authorization: AuthorizationSeen | null
): Promise<FlowVerdict> {
  const exported = await bridge.historyHar({ profileId, includeSecrets: true });
  if (!exported.ok) return { none: `The history could not be read: ${exported.error.message}` };
  const recorded = readHar(exported.value.text).entries;
  // The history is newest first; ties of startedDateTime keep the file's order, so it goes oldest first.
  const har: HarFile = {
    entries: [...(authorization ? [authorizationEntry(authorization)] : []), ...[...recorded].reverse()],
  };
  // The report's causes: their evidence quotes codes and tokens by fingerprint only.
  const fp = fingerprinter(crypto, random);
  const { legs, causes } = buildReport(har, explainHar(har, crypto, fp), fp);
  const failed = legs.reduce((last, l, i) => (l.ok ? last : i), -1);
  const cause = causes.find((c) => c.leg === failed);
  if (failed < 0) return { none: 'The explainer finds no failed leg in this flow’s recorded legs.' };
  return cause
    ? { cause, authorizationFirst: authorization !== null }
    : { none: 'The recorded legs do not decide a cause for this refusal.' };
}

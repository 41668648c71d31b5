import { endpointUrl, oauth1Flow } from '../../shared/flows';
import type { OAuth1Leg, OAuth1State } from '../../shared/flows/oauth1-flow';
import type { SignatureInput } from '../../shared/oauth1';
import type { Profile } from '../../shared/store/profile';

/** The legs whose request is signed and sent by the app (authorize happens in the user's browser). */
export type SignedLeg = Exclude<OAuth1Leg, 'authorize'>;

/** A leg's request as the user edits it: everything traceSignature needs, prefilled from the profile and the flow. */
export type OAuth1Draft = SignatureInput & { readonly nonce: string; readonly timestamp: string };

/**
 * The request each leg sends, as the engine would build it (shared/flows/oauth1-flow.ts, interface §4.1), so the form
 * shows it before sending and the user can change anything in it.
 */
export function prefillDraft(leg: SignedLeg, flow: OAuth1State, profile: Profile, fresh: { nonce: string; timestamp: string }): OAuth1Draft {
  if (leg !== 'api') return { ...oauth1Flow.tokenLegInput(flow, leg), ...fresh };
  const input = oauth1Flow.legSignatureInput(flow, 'api', { method: 'GET', url: endpointUrl(flow.config.baseUrl, profile.oauth1.apiPath), token: flow.accessToken?.token ?? null, tokenSecret: flow.accessToken?.secret ?? null });
  return { ...input, ...fresh };
}

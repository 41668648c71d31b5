import { oauth1Flow } from '../../../shared/flows';
import type { OAuth1Leg, OAuth1State } from '../../../shared/flows/oauth1-flow';
import type { SignatureInput } from '../../../shared/oauth1';
import type { Profile } from '../../../shared/store/profile';

/** The legs whose request is signed and sent by the app (authorize happens in the user's browser). */
export type SignedLeg = Exclude<OAuth1Leg, 'authorize'>;

/** A leg's request as the user edits it: everything traceSignature needs, prefilled from the profile and the flow. */
export type OAuth1Draft = SignatureInput & { readonly nonce: string; readonly timestamp: string };

/**
 * The request each leg sends, as the engine defines it (shared/flows/oauth1-flow.ts, interface §4.1): the same input
 * its build functions sign, so an unedited draft sends what the CLI sends; the user can change anything in it.
 */
export function prefillDraft(
  leg: SignedLeg,
  flow: OAuth1State,
  profile: Profile,
  fresh: { nonce: string; timestamp: string }
): OAuth1Draft {
  const input =
    leg === 'api'
      ? oauth1Flow.apiLegInput(flow, oauth1Flow.defaultApiRequest(flow.config, profile.oauth1.apiPath))
      : oauth1Flow.tokenLegInput(flow, leg);
  return { ...input, ...fresh };
}

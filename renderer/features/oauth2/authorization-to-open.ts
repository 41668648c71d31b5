import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Profile } from '../../../shared/store/profile';
import type { ParState } from '../../state/oauth2/par-store';
import { requestObjectUnavailable, type RequestObjectState } from '../../state/oauth2/request-object-store';

/**
 * The URL the browser opens for the authorize leg, once the flow waits for the callback (`started`, given the flow
 * the URL is built from): with a request object, client_id and `request` in place of the parameters (RFC 9101 §5);
 * with PAR, the grant's par leg first, the request (or the request object, RFC 9126 §3) pushed and only client_id
 * and request_uri on the URL (§4), also when the issuer's metadata requires it (§5); null when a step failed (each
 * store says why). Without either, the flow's own parameters.
 */
export async function authorizationToOpen(
  choices: { readonly par: ParState; readonly requestObject: RequestObjectState },
  flow: OAuth2State,
  profile: Profile,
  started: (prepared: OAuth2State) => Promise<string | null>
): Promise<string | null> {
  const { par, requestObject } = choices;
  // What an earlier attempt pushed or signed is not this one's.
  const plain: OAuth2State = { ...flow, requestUri: null, authorizationParams: undefined };
  // A toggle left on from a profile whose client has a key does nothing for one that has none (the panel says so).
  const signed = requestObject.enabled && requestObjectUnavailable(profile) === null;
  const params = signed ? await requestObject.toSend(plain, profile) : undefined;
  if (params === null) return null;
  const prepared = params ? { ...plain, authorizationParams: params } : plain;
  // With the toggle off, pushed only when the issuer's metadata requires it (RFC 9126 §5).
  const pushed = await par.pushed(prepared, profile, par.enabled);
  return pushed && started(pushed);
}

import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { withAuthorizationQuery } from '../../../shared/oauth2/authorization-request';
import type { Profile } from '../../../shared/store/profile';
import type { ParState } from '../../state/oauth2/par-store';
import { requestObjectUnavailable, type RequestObjectState } from '../../state/oauth2/request-object-store';

/**
 * The URL the browser opens for the authorize leg, once the flow waits for the callback (`started`): with a request
 * object, client_id and `request` in place of the parameters (RFC 9101 §5); with PAR, the request (or the request
 * object, RFC 9126 §3) pushed first and only client_id and request_uri on the URL (§4); null when a step failed
 * (each store says why). Without either, the plain URL `started` answers.
 */
export async function authorizationToOpen(
  choices: { readonly par: ParState; readonly requestObject: RequestObjectState },
  flow: OAuth2State,
  profile: Profile,
  started: () => Promise<string | null>
): Promise<string | null> {
  const { par, requestObject } = choices;
  // A toggle left on from a profile whose client has a key does nothing for one that has none (the panel says so).
  const signed = requestObject.enabled && requestObjectUnavailable(profile) === null;
  if (!par.enabled && !signed) return started();
  const params = signed ? await requestObject.toSend(flow, profile) : undefined;
  if (params === null) return null;
  const url = par.enabled
    ? await par.pushed(flow, profile, params)
    : withAuthorizationQuery(oauth2Flow.authorizeEndpoint(flow), params!);
  return url && (await started()) && url;
}

import { withAuthorizationQuery } from '../../oauth2/authorization-request';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
  type PushedAuthorization,
} from '../../oauth2/pushed-authorization';
import type { ClientAuthentication } from '../../oauth2/token-request';
import type { Interpretation } from '../common';
import { authorizeEndpoint, buildAuthorizeRequest, type OAuth2State } from '../oauth2-flow';
import type { SentLeg } from './grant';

/** The pushed authorization request's leg name, in the history and the hosts' reports alike. */
export const PAR_LEG = 'par';

/** The push's interpretation: what was read from the answer beside the next state. */
export type PushOutcome = Interpretation<OAuth2State> & { readonly pushed: PushedAuthorization };

/**
 * The URL the user's browser opens for the authorization leg: after a push, only client_id and request_uri (RFC
 * 9126 §4); with a request object, client_id and the request (RFC 9101 §5); otherwise the flow's parameters.
 */
export function authorizationUrlOf(s: OAuth2State): string {
  if (s.requestUri) return pushedAuthorizationUrl(authorizeEndpoint(s), s.config.clientId, s.requestUri);
  if (s.authorizationParams) return withAuthorizationQuery(authorizeEndpoint(s), s.authorizationParams);
  return buildAuthorizeRequest(s).url;
}

/**
 * RFC 9126 §2.1: the authorization request's parameters (or the request object in their place, §3) POSTed to the
 * pushed authorization request endpoint with the token leg's client authentication; its answer read (§2.2). The
 * request_uri it brings is the next leg's URL; a proof of the DPoP key goes with it through the host's port
 * (authenticatedPort's withPushProof, RFC 9449 §10.1).
 */
export const parLeg: SentLeg<OAuth2State, PushOutcome> = {
  kind: 'send',
  title: () => 'Pushed authorization request (RFC 9126): the authorization request on the back channel (POST)',
  build: (s) => {
    const c = s.config;
    if (!c.parEndpoint) throw new Error('The flow has no pushed authorization request endpoint (RFC 9126 §5).');
    return buildPushedAuthorizationRequest({
      parUrl: c.parEndpoint,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      authentication: c.authentication ?? 'body',
      authorizationParams: s.authorizationParams ?? buildAuthorizeRequest(s).params,
    });
  },
  interpret: (s, exchange) => {
    const pushed = interpretPushedAuthorization(exchange);
    return {
      ok: pushed.ok,
      checks: pushed.checks,
      summary: pushed.summary,
      pushed,
      state: { ...s, requestUri: pushed.requestUri },
    };
  },
};

/**
 * Where the flow pushes its authorization request: nowhere (null) unless the user asks for it or the metadata
 * says every request must be pushed (require_pushed_authorization_requests, RFC 9126 §5); then the metadata's
 * endpoint (parEndpointOf: a mutual-TLS client its alias), or why there is none.
 */
export function pushTargetOf(
  document: unknown,
  asked: boolean,
  authentication: ClientAuthentication = 'body'
): { readonly ok: true; readonly url: string | null } | { readonly ok: false; readonly reason: string } {
  const required = (document as Record<string, unknown> | null)?.require_pushed_authorization_requests === true;
  if (!asked && !required) return { ok: true, url: null };
  return parEndpointOf(document, authentication);
}

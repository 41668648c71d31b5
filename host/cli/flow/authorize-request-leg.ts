import { buildAuthorizeRequest, type OAuth2State } from '../../../shared/flows/oauth2-flow';
import { pushTargetOf } from '../../../shared/flows/driver/pushed-authorization-leg';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { Discovered } from '../../../shared/oidc/discovery';
import type { Param } from '../../../shared/url-encoded';
import type { Profile } from '../../../shared/store/profile';
import { discover } from '../../oidc/discover';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';
import { cliRequestObject } from './request-object-signer';

/** How the authorization request reaches the provider: pushed first (--par, RFC 9126), as a request object (--request-object, RFC 9101). */
export interface AuthorizationRequestMode {
  readonly par: boolean;
  readonly requestObject: boolean;
}

/**
 * With --request-object, the host's work before the grant's first leg (runFlow's `prepared`): the authorization
 * request's parameters signed into a request object with the client's key (request-object-signer.ts says which, on
 * stderr, and refuses one the issuer's metadata would refuse), its trace printed; the driver's push (RFC 9126 §3) or the browser's URL (RFC 9101 §5) then carries
 * client_id and it. Without it, the state as it is.
 */
export const requestObjectSigned =
  (mode: AuthorizationRequestMode, profile: Profile, metadata: IssuerMetadata | null, report: FlowReport) =>
  async (leg: string, state: OAuth2State): Promise<OAuth2State> => {
    if (!mode.requestObject || state.authorizationParams || (leg !== 'par' && leg !== 'authorize')) return state;
    const c = state.config;
    const credentials = { ...c, authentication: c.authentication ?? 'body' };
    report.step('Request object (RFC 9101): the authorization request as a signed JWT');
    const { requestObject: ro, said } = await cliRequestObject(
      credentials,
      profile,
      buildAuthorizeRequest(state).params,
      metadata?.document ?? null
    );
    report.line(`   ${said}`);
    for (const t of ro.trace) report.line(`   ${t.part.padEnd(22)} ${t.value}  — ${t.note}`);
    const params: Param[] = [
      ['client_id', c.clientId],
      ['request', ro.jwt],
    ];
    return { ...state, authorizationParams: params };
  };

/**
 * The issuer's metadata as read: where from, the document, and its endpoints (a certificate client's token endpoint
 * is its mTLS alias, RFC 8705 §5).
 */
export type IssuerMetadata = Pick<Discovered, 'url' | 'document' | 'endpoints'>;

/**
 * The issuer's metadata the authorization request is fitted to: the one the flow already read (--issuer's
 * discovery), else the issuer's (the profile's issuer, else the base URL), discovered now with --par or
 * --request-object or when the profile names an issuer. One that cannot be read fails the push asked for, and is
 * none otherwise (null).
 */
export async function authorizationMetadata(
  profile: Profile,
  mode: AuthorizationRequestMode,
  discovered: IssuerMetadata | null,
  options: FlowRunOptions
): Promise<IssuerMetadata | null> {
  if (discovered) return discovered;
  if (!mode.par && !mode.requestObject && !profile.oauth2.issuer) return null;
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  const d = await interruptible(`the discovery of ${issuer}`, (signal) =>
    discover(issuer, undefined, { ...options.send, signal })
  );
  if (!mode.par && (d.refused || d.document === null)) return null;
  if (d.refused) throw new FlowFailure('par', d.refused);
  return d;
}

/**
 * Where the code grant pushes its authorization request (the driver's `par` leg): with --par, or when the issuer's
 * metadata requires it (require_pushed_authorization_requests, RFC 9126 §5), the metadata's
 * pushed_authorization_request_endpoint (authorizationMetadata's). Null: not pushed.
 */
export function pushEndpoint(
  authentication: ClientAuthentication,
  asked: boolean,
  metadata: IssuerMetadata | null,
  report: FlowReport
): string | null {
  if (!metadata) return null;
  const target = pushTargetOf(metadata.document, asked, authentication);
  if (!target.ok) throw new FlowFailure('par', `${metadata.url}: ${target.reason}`);
  if (target.url === null) return null;
  if (!asked)
    report.line(
      '   The metadata says require_pushed_authorization_requests: the authorization request is pushed (RFC 9126 §5).'
    );
  report.line(`   pushed_authorization_request_endpoint ${target.url} (from ${metadata.url})`);
  return target.url;
}

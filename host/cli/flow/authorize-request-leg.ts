import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { pushedWithDpop } from '../../../shared/flows/driver/dpop-port';
import type { OAuth2Config } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import { parseUrlEncoded, type Param } from '../../../shared/url-encoded';
import { withAuthorizationQuery } from '../../../shared/oauth2/authorization-request';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
  pushedAuthorizationVerdict,
} from '../../../shared/oauth2/pushed-authorization';
import type { Profile } from '../../../shared/store/profile';
import { discover } from '../../oidc/discover';
import { interruptible } from '../interrupt';
import { cliLegPort } from './cli-host-port';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';
import { cliRequestObject } from './request-object-signer';

/** How the authorization request reaches the provider: pushed first (--par, RFC 9126), as a request object (--request-object, RFC 9101). */
export interface AuthorizationRequestMode {
  readonly par: boolean;
  readonly requestObject: boolean;
}

/**
 * The URL the browser opens for step one. Plain: the parameters in the query. With a request object: client_id and
 * the signed JWT of the parameters (RFC 9101 §5), its trace printed. Pushed: the request (or request object) POSTed
 * to the provider's pushed_authorization_request_endpoint with the token leg's client authentication, shown as its
 * own leg (with `dpop`, carrying a proof of its key, RFC 9449 §10.1), then a URL with only client_id and request_uri
 * (RFC 9126 §4).
 */
export async function authorizationUrl(
  url: string,
  config: OAuth2Config,
  profile: Profile,
  mode: AuthorizationRequestMode,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: DpopClient | null = null
): Promise<string> {
  if (!mode.par && !mode.requestObject) return url;
  const c = { ...config, authentication: config.authentication ?? 'body' };
  // The request's parameters as the plain URL carries them; the endpoint without its query.
  const u = new URL(url);
  const endpoint = `${u.origin}${u.pathname}`;
  const query = parseUrlEncoded(u.search.replace(/^\?/, ''), true, 'authorize');
  const params = mode.requestObject ? await requestObjectParams(c, profile, query, report) : query;
  if (!mode.par) return withAuthorizationQuery(endpoint, params);
  report.step('Pushed authorization request (RFC 9126): the authorization request on the back channel (POST)');
  const parUrl = await parEndpoint(profile, c.authentication, options, report);
  const request = buildPushedAuthorizationRequest({ ...c, parUrl, authorizationParams: params });
  // RFC 9126 §2: the client assertion's audience is the issuer or this endpoint, with a jti of its own.
  // The driver's port signs it in (client-auth-port.ts), the push judged as its leg's verdict.
  const port = cliLegPort({ ...options, clientAssertion: clientAssertionOf(profile, profile.baseUrl, parUrl) }, report);
  const push = (r: RawRequest) =>
    port.send(r, { leg: 'pushed authorization request', verdictOf: pushedAuthorizationVerdict });
  // With DPoP, the push carries a proof of the key, which binds the code to it (RFC 9449 §10.1).
  const exchange = await (dpop ? pushedWithDpop(dpop, request, push, (step) => report.step(step)) : push(request));
  const pushed = interpretPushedAuthorization(exchange);
  report.checks(pushed.checks);
  if (!pushed.ok || pushed.requestUri === null)
    throw new FlowFailure('pushed authorization request', pushed.summary, exchange.response);
  report.line(`   ${pushed.summary} The browser's URL carries only client_id and request_uri (RFC 9126 §4).`);
  return pushedAuthorizationUrl(endpoint, c.clientId, pushed.requestUri);
}

/**
 * The parameters as a request object signed with the client's key (request-object-signer.ts says which, on stderr):
 * client_id beside it (RFC 9101 §5).
 */
async function requestObjectParams(
  c: { readonly clientId: string; readonly clientSecret: string; readonly authentication: ClientAuthentication },
  profile: Profile,
  params: readonly Param[],
  report: FlowReport
): Promise<Param[]> {
  report.step('Request object (RFC 9101): the authorization request as a signed JWT');
  const { requestObject: ro, said } = await cliRequestObject(c, profile, params);
  report.line(`   ${said}`);
  for (const t of ro.trace) report.line(`   ${t.part.padEnd(22)} ${t.value}  — ${t.note}`);
  return [
    ['client_id', c.clientId],
    ['request', ro.jwt],
  ];
}

/** The provider's pushed_authorization_request_endpoint, from its metadata (RFC 9126 §5). */
async function parEndpoint(
  profile: Profile,
  authentication: ClientAuthentication,
  options: FlowRunOptions,
  report: FlowReport
): Promise<string> {
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  const d = await interruptible(`the discovery of ${issuer}`, (signal) =>
    discover(issuer, undefined, { ...options.send, signal })
  );
  if (d.refused) throw new FlowFailure('pushed authorization request', d.refused);
  const endpoint = parEndpointOf(d.document, authentication);
  if (!endpoint.ok) throw new FlowFailure('pushed authorization request', `${d.url}: ${endpoint.reason}`);
  report.line(`   pushed_authorization_request_endpoint ${endpoint.url} (from ${d.url})`);
  return endpoint.url;
}

import type { Exchange, RawRequest } from '../../http';
import {
  buildUserInfoRequest,
  checkDiscoveryDocument,
  decodeJwt,
  discoverIssuer,
  discoveryWarnings,
  DISCOVERY_KINDS,
  getJsonFollowingRedirects,
  interpretUserInfo,
  parseJwks,
  selectKey,
  traceIdToken,
  wellKnownUrl,
  type Discovered,
  type DiscoveryKind,
  type IdTokenExpectations,
  type IdTokenTrace,
  type JsonGetter,
} from '../../oidc';
import type { JosePort } from '../../ports';
import { checksVerdict, exchangeVerdict, type HistoryVerdict } from '../../store/history-record';
import type { Interpretation } from '../common';
import type { SentLeg } from './grant';
import type { FlowHostPort } from './host-port';
import type { DpopLegKind } from './dpop-port';
import { sendLeg } from './run-leg';

/**
 * OpenID Connect after the token exchange (OIDC Core §3.1.3) as the flow driver's legs, run by the OpenID Connect
 * page one at a time and by `flow oauth2 --scope openid` in a row: discovery (OIDC Discovery §4, RFC 8414 §3), the
 * JWKS the id_token's key comes from (OIDC Core §10.1), and UserInfo (OIDC Core §5.3). Every GET goes through the
 * host and is recorded once, with this leg's verdict on it.
 */

/** Whose history the OpenID Connect page's requests are when it is used without an OAuth 2 flow's profile. */
export const OIDC_HISTORY_OWNER = 'openid-connect';

/** RFC 9110 §15.4: the answers whose Location getJsonFollowingRedirects follows. */
const REDIRECTS: readonly number[] = [301, 302, 303, 307, 308];

/**
 * A JSON document's verdict, hop by hop: a redirect is followed, any other status than 200 or a body that is not
 * JSON fails, and the document itself is judged by `judge` (its leg's checks).
 */
function documentVerdict(exchange: Exchange, judge: (body: unknown) => HistoryVerdict): HistoryVerdict {
  const { status, headers, bodyText } = exchange.response;
  if (REDIRECTS.includes(status)) {
    const to = headers.find(([n]) => n.toLowerCase() === 'location')?.[1] ?? '(no Location)';
    return { outcome: 'succeeded', summary: `HTTP ${status} to ${to}: followed.` };
  }
  if (status !== 200) return exchangeVerdict(exchange);
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { outcome: 'failed', summary: `GET ${exchange.request.url}: the body is not JSON.` };
  }
  return judge(body);
}

/** GETs a published JSON document through the host, each hop recorded as `leg` with the document's verdict. */
function hostJsonGetter(port: FlowHostPort, leg: string, judge: (url: string, body: unknown) => HistoryVerdict) {
  return (url: string) =>
    getJsonFollowingRedirects(url, async (at) => {
      const request: RawRequest = { method: 'GET', url: at, headers: [['Accept', 'application/json']] };
      const exchange = await port.send(request, { leg, verdictOf: (e) => documentVerdict(e, (b) => judge(url, b)) });
      return exchange.response;
    });
}

/**
 * Discovery of `issuer`'s metadata through the host: each document fetched is recorded with its checks' verdict
 * (refused: the issuer it names is not the one asked, OIDC Discovery §4.3, RFC 8414 §3.3; a check the flow goes on
 * past is not a failure).
 */
export function discoveryLeg(
  port: FlowHostPort,
  issuer: string,
  kinds: readonly DiscoveryKind[] = DISCOVERY_KINDS
): Promise<Discovered> {
  const kindAt = (url: string) => kinds.find((k) => wellKnownUrl(issuer, k) === url) ?? kinds[0]!;
  const judge = (url: string, body: unknown): HistoryVerdict => {
    const r = checkDiscoveryDocument(body, issuer, kindAt(url), url);
    if (r.refused) return { outcome: 'failed', summary: r.refused };
    const warnings = new Set(discoveryWarnings(r));
    return checksVerdict(r.checks.filter((c) => !warnings.has(c)));
  };
  return discoverIssuer(issuer, hostJsonGetter(port, 'discovery', judge), kinds);
}

/** The JWKS's verdict is the id_token trace's key step (OIDC Core §10.1): exactly one key fits the header. */
function jwksVerdict(idToken: string, body: unknown): HistoryVerdict {
  const jwks = parseJwks(body);
  if (!jwks.ok) return { outcome: 'failed', summary: jwks.reason };
  let header;
  try {
    header = decodeJwt(idToken).header;
  } catch (e) {
    return { outcome: 'failed', summary: `No key chosen: ${(e as Error).message}` };
  }
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const choice = selectKey(jwks.keys, { alg, kid });
  return choice.ok ? { outcome: 'succeeded', summary: choice.why } : { outcome: 'failed', summary: choice.reason };
}

/** The id_token traced step by step (OIDC Core §3.1.3.7), its JWKS fetched through the host and recorded. */
export function idTokenLeg(
  port: FlowHostPort,
  jose: JosePort,
  idToken: string,
  expectations: IdTokenExpectations
): Promise<IdTokenTrace> {
  const fetchJwks: JsonGetter = hostJsonGetter(port, 'jwks', (_, body) => jwksVerdict(idToken, body));
  return traceIdToken(idToken, expectations, { jose, crypto: port.crypto, fetchJwks });
}

/** What UserInfo is called with: the endpoint, the access token (sent as issued when asked), the id_token's sub. */
export interface UserInfoCall {
  readonly endpoint: string;
  readonly accessToken: string;
  readonly idTokenSub: string | null;
  readonly asIssued: boolean;
}

export type UserInfoOutcome = Interpretation<UserInfoCall> & {
  readonly claims: Readonly<Record<string, unknown>> | null;
};

/** OIDC Core §5.3: GET the userinfo_endpoint with the access token; sub is checked against the id_token's. */
export const userInfoLeg: SentLeg<UserInfoCall, UserInfoOutcome> = {
  kind: 'send',
  title: () => 'OpenID Connect: UserInfo (OIDC Core §5.3)',
  build: (c) => buildUserInfoRequest(c.endpoint, c.accessToken, c.asIssued),
  interpret: (c, e) => {
    const u = interpretUserInfo(e, c.idTokenSub);
    return { ...u, state: c, summary: checksVerdict(u.checks).summary };
  },
};

/**
 * UserInfo carries a DPoP proof when the access token is DPoP-bound (withDpopProofs): the token in the DPoP scheme,
 * the proof's ath over it (RFC 9449 §7.1 (https://www.rfc-editor.org/rfc/rfc9449#section-7.1), §4.2).
 */
export const USERINFO_DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = { userinfo: 'resource' };

/** UserInfo through the host, recorded with its checks' verdict. */
export const sendUserInfo = (port: FlowHostPort, call: UserInfoCall) =>
  sendLeg(userInfoLeg, 'userinfo', () => call, port);

import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  describeAccessToken,
  decodeJwt,
  issuerProvenance,
  profileEndpoints,
  shown,
  type IdTokenExpectations,
  type Discovered,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { check, note, warning } from '../../../shared/flows';
import { b64TokenProblem } from '../../../shared/oauth2/bearer';
import type { Profile } from '../../../shared/store/profile';
import { discoveryLeg, idTokenLeg, sendUserInfo, USERINFO_DPOP_LEGS } from '../../../shared/flows/driver/openid-legs';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { joseVerifier } from '../../../platform/jose';
import { accessTokenLines, endpointLine, stepLines } from '../oidc-report';
import { reportDiscovery } from './discover-first';
import { withDpopProofs } from '../../../shared/flows/driver/dpop-port';
import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { FlowFailure, type FlowReport } from './report';

export interface OpenIdExpectations {
  /** id_token_signed_response_alg the client registered, or null for any the provider's discovery lists. */
  readonly idTokenAlg: string | null;
  readonly nonce: string;
  /** The authorization code the flow exchanged, for c_hash (OIDC Core §3.3.2.11). */
  readonly code: string | null;
  /** Send an access token outside RFC 6750's b64token to UserInfo as issued (--bearer-as-issued). */
  readonly bearerAsIssued: boolean;
  /** The max_age sent (--max-age), checked against auth_time; null when none was. */
  readonly maxAge: number | null;
  /** DPoP (--dpop): UserInfo is called with the DPoP-bound token and a fresh proof (RFC 9449 §7). */
  readonly dpop?: DpopClient | null;
  /** The issuer's discovery when it ran before the authorization request (discover-first.ts): not fetched again. */
  readonly discovered?: Discovered;
}

/**
 * OpenID Connect after the token exchange (OIDC Core §3.1.3): discovery for the JWKS and algorithms, the id_token
 * validated step by step, the access token described (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) or opaque), and UserInfo with the sub check.
 * The profile's issuer (default: the base URL) is discovered and expected in iss; its JWKS URL, when set, wins
 * over the one discovery names. A document whose issuer is not the one asked stops the flow before any key is
 * fetched (OIDC Discovery §4.3, RFC 8414 §3.3); with `e.discovered` (--issuer: discovery ran before the
 * authorization request) it is not fetched again. A failed validation step fails the flow, naming the step, before
 * UserInfo is called; the other steps are printed all the same. A server that publishes no metadata at the base URL
 * (many OAuth 2 providers whose issuer lives elsewhere) gets a note, not a failure, unless the issuer or the JWKS
 * was named: the tokens are what the flow is for (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
 */
export async function openIdLeg(
  body: Record<string, unknown>,
  profile: Profile,
  e: OpenIdExpectations,
  port: FlowHostPort,
  report: FlowReport
): Promise<OpenIdSession | null> {
  const issuerGiven = !!profile.oauth2.issuer;
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  const d = e.discovered ?? (await discoverAfter(issuer, port, report));
  if (!d.endpoints && !d.refused && !issuerGiven && !profile.oauth2.jwksUri) {
    report.line(
      `   note: no OpenID Connect metadata at ${issuer}, so the id_token is not validated here; give --issuer with the provider's issuer (or --jwks-uri) to validate it.`
    );
    return null;
  }
  // A refused document stops the flow before its JWKS is fetched (OIDC Discovery §4.3, RFC 8414 §3.3); any other
  // failed check is shown as a warning, since the flow goes on with the rest of the document.
  if (!e.discovered) reportDiscovery(d, report);
  if (d.refused)
    throw new FlowFailure(
      'discovery',
      `${d.refused} No key is fetched from it and the id_token is not validated.${issuerGiven ? '' : " If the provider's issuer is another URL, give it with --issuer."}`
    );
  const jwks = profileEndpoints(profile, profile.baseUrl, d.endpoints).jwks;
  report.line(endpointLine('JWKS', jwks, '--jwks-uri'));

  const session: Session = {
    e,
    port,
    report,
    userinfo: d.endpoints?.userinfo ?? null,
    trace: {
      issuer,
      issuerSource: issuerProvenance(
        issuerGiven ? 'from --issuer' : "the flow's base URL, as no --issuer was given",
        d
      ),
      clientId: profile.oauth2.clientId,
      clientSecret: profile.oauth2.clientSecret,
      registeredAlg: e.idTokenAlg,
      allowedAlgs: d.endpoints?.idTokenAlgs ?? null,
      jwksUri: jwks?.url ?? null,
    },
  };
  if (typeof body.id_token !== 'string')
    throw new FlowFailure(
      'id_token',
      'The token response has no id_token although the scope has openid (OIDC Core §3.1.3.3).'
    );
  const claims = await idTokenAndUserInfo(body, session, 'OpenID Connect: id_token validation (OIDC Core §3.1.3.7)', {
    nonce: e.nonce,
    code: e.code,
    maxAge: e.maxAge,
  });
  return { endpoints: d.endpoints, afterRefresh: (refreshed) => afterRefresh(refreshed, claims, session) };
}

/** What the OpenID Connect leg found: the metadata's endpoints, and the checks of a refresh's response. */
export interface OpenIdSession {
  readonly endpoints: DiscoveredEndpoints | null;
  /** OIDC Core §12.2: a refresh's id_token (when one comes) validated against the first, then UserInfo again. */
  readonly afterRefresh: (refreshed: Record<string, unknown>) => Promise<void>;
}

/** What every id_token of this flow is checked with, and where UserInfo is. */
interface Session {
  readonly e: OpenIdExpectations;
  readonly port: FlowHostPort;
  readonly report: FlowReport;
  readonly userinfo: string | null;
  readonly trace: Omit<IdTokenExpectations, 'nonce' | 'now' | 'clockSkewSeconds'>;
}

/**
 * A token response's id_token validated step by step (every step printed), its access token described, then
 * UserInfo with the sub check. A careful client stops at an id_token it cannot trust: a failed step fails the flow
 * before UserInfo is called with the access token. `sameSub`: the sub an id_token after a refresh must keep (OIDC
 * Core §12.2). The id_token's claims.
 */
async function idTokenAndUserInfo(
  body: Record<string, unknown>,
  s: Session,
  title: string,
  expected: { nonce: string | null; code: string | null; maxAge: number | null; sameSub?: unknown }
): Promise<Readonly<Record<string, unknown>>> {
  const { report, port } = s;
  report.step(title);
  const clock = { now: port.now(), clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS };
  const accessToken = typeof body.access_token === 'string' ? body.access_token : null;
  const { sameSub, ...claimExpectations } = expected;
  const trace = await idTokenLeg(port, joseVerifier, body.id_token as string, {
    ...s.trace,
    ...claimExpectations,
    accessToken,
    ...clock,
  });
  for (const l of stepLines(trace.steps)) report.line(l);
  if (accessToken) for (const l of accessTokenLines(describeAccessToken(accessToken, clock))) report.line(l);
  const failed = trace.steps.find((step) => step.status === 'failed');
  if (failed) throw new FlowFailure('id_token', `${failed.title} [${failed.section}]: ${failed.detail}`);
  const claims = trace.claims ?? {};
  if (sameSub !== undefined) {
    const same = claims.sub === sameSub;
    const said = `sub ${shown(claims.sub)} ${same ? 'is' : 'is not'} the first id_token's ${shown(sameSub)}`;
    report.checks([check('sub after the refresh', same, `${said} (OIDC Core §12.2).`, `${said} (OIDC Core §12.2).`)]);
    if (!same)
      throw new FlowFailure('id_token', `${said}: the refreshed id_token is not for the same user (OIDC Core §12.2).`);
  }
  if (s.userinfo && accessToken)
    await userInfoStep(s.userinfo, accessToken, typeof claims.sub === 'string' ? claims.sub : null, s.e, port, report);
  return claims;
}

/**
 * After a refresh (OIDC Core §12.2): the new id_token, when the response has one, validated as the first was (its
 * iss, aud and signature), with the same sub, no nonce unless the first one's is echoed, and no c_hash or max_age
 * (no authorization request went with it); then UserInfo with the new access token, whose sub must still be the
 * user's (§5.3.4).
 */
async function afterRefresh(
  body: Record<string, unknown>,
  first: Readonly<Record<string, unknown>>,
  s: Session
): Promise<void> {
  const accessToken = typeof body.access_token === 'string' ? body.access_token : null;
  if (typeof body.id_token === 'string') {
    const echoed = decodeJwtClaims(body.id_token).nonce === first.nonce;
    const title = 'OpenID Connect: the refreshed id_token (OIDC Core §12.2)';
    const expected = { nonce: echoed ? s.e.nonce : null, code: null, maxAge: null, sameSub: first.sub };
    await idTokenAndUserInfo(body, s, title, expected);
    return;
  }
  s.report.line('   No id_token in the refresh response (OIDC Core §12.2 lets the provider leave it out).');
  if (s.userinfo && accessToken)
    await userInfoStep(
      s.userinfo,
      accessToken,
      typeof first.sub === 'string' ? first.sub : null,
      s.e,
      s.port,
      s.report
    );
}

/** The claims of a JWT, or none when it cannot be decoded (the trace then says why, step by step). */
function decodeJwtClaims(jwt: string): Readonly<Record<string, unknown>> {
  try {
    return decodeJwt(jwt).payload;
  } catch {
    return {};
  }
}

/** Discovery after the token exchange, for the JWKS and UserInfo (no --issuer: the base URL is the issuer). */
function discoverAfter(issuer: string, port: FlowHostPort, report: FlowReport): Promise<Discovered> {
  report.step(`OpenID Connect: discovery of ${issuer}`);
  return discoveryLeg(port, issuer);
}

/**
 * UserInfo with the sub check (OIDC Core §5.3). An access token outside RFC 6750 §2.1's b64token is sent as issued
 * only when asked (--bearer-as-issued), as the app sends it only after "Prepare the call with this token anyway";
 * otherwise the call is left out with a warning naming the character and the flag, and the flow goes on.
 */
async function userInfoStep(
  endpoint: string,
  accessToken: string,
  idTokenSub: string | null,
  { bearerAsIssued: asIssued, dpop }: OpenIdExpectations,
  port: FlowHostPort,
  report: FlowReport
): Promise<void> {
  report.step('OpenID Connect: UserInfo (OIDC Core §5.3)');
  const problem = b64TokenProblem(accessToken);
  if (problem && !asIssued) {
    report.checks([
      warning(
        'bearer',
        `${problem} UserInfo is not called. Some providers issue such tokens and accept them back as they are: give --bearer-as-issued to send it as issued.`
      ),
    ]);
    return;
  }
  if (problem) report.checks([note('bearer', `${problem} Sent as issued, as --bearer-as-issued asks.`)]);
  // RFC 9449 §7: with DPoP, UserInfo gets the DPoP-bound token and a fresh proof.
  const host = dpop ? withDpopProofs(port, dpop, USERINFO_DPOP_LEGS) : port;
  // The driver reports the leg's checks (sendLeg), as for every leg.
  const { outcome } = await sendUserInfo(host, { endpoint, accessToken, idTokenSub, asIssued });
  if (!outcome.ok) throw new FlowFailure('userinfo', outcome.checks.find((c) => !c.ok)!.message);
}

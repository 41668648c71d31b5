import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  describeAccessToken,
  discoveryWarnings,
  issuerProvenance,
  profileEndpoints,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { note, warning } from '../../../shared/flows';
import { b64TokenProblem } from '../../../shared/oauth2/bearer';
import type { Profile } from '../../../shared/store/profile';
import { discoveryLeg, idTokenLeg, sendUserInfo, USERINFO_DPOP_LEGS } from '../../../shared/flows/driver/openid-legs';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { joseVerifier } from '../../../platform/jose';
import { accessTokenLines, endpointLine, redirectLines, stepLines } from '../oidc-report';
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
}

/**
 * OpenID Connect after the token exchange (OIDC Core §3.1.3): discovery for the JWKS and algorithms, the id_token
 * validated step by step, the access token described (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) or opaque), and UserInfo with the sub check.
 * The profile's issuer (default: the base URL) is discovered and expected in iss; its JWKS URL, when set, wins
 * over the one discovery names. A document whose issuer is not the one asked stops the flow before any key is
 * fetched (OIDC Discovery §4.3, RFC 8414 §3.3). A failed validation step fails the flow, naming the step; the other
 * steps are printed all the same. A server that publishes no metadata at the base URL (many OAuth 2 providers whose
 * issuer lives elsewhere) gets a note, not a failure, unless the issuer or the JWKS was named: the tokens are what
 * the flow is for (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
 */
export async function openIdLeg(
  body: Record<string, unknown>,
  profile: Profile,
  e: OpenIdExpectations,
  port: FlowHostPort,
  report: FlowReport
): Promise<DiscoveredEndpoints | null> {
  const issuerGiven = !!profile.oauth2.issuer;
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  report.step(`OpenID Connect: discovery of ${issuer}`);
  const d = await discoveryLeg(port, issuer);
  if (!d.endpoints && !d.refused && !issuerGiven && !profile.oauth2.jwksUri) {
    report.line(
      `   note: no OpenID Connect metadata at ${issuer}, so the id_token is not validated here; give --issuer with the provider's issuer (or --jwks-uri) to validate it.`
    );
    return null;
  }
  for (const t of d.tried) report.line(`   (not found) ${t}`);
  for (const l of redirectLines(d.redirects)) report.line(l);
  // A refused document stops the flow before its JWKS is fetched (OIDC Discovery §4.3, RFC 8414 §3.3); any other
  // failed check is shown as a warning, since the flow goes on with the rest of the document.
  const warnings = new Set(discoveryWarnings(d));
  report.checks(
    d.checks.map((c) =>
      warnings.has(c) ? warning(c.name, `${c.message} The flow goes on with the rest of the document.`) : c
    )
  );
  if (d.refused)
    throw new FlowFailure(
      'discovery',
      `${d.refused} No key is fetched from it and the id_token is not validated.${issuerGiven ? '' : " If the provider's issuer is another URL, give it with --issuer."}`
    );
  const jwks = profileEndpoints(profile, profile.baseUrl, d.endpoints).jwks;
  report.line(endpointLine('JWKS', jwks, '--jwks-uri'));

  report.step('OpenID Connect: id_token validation (OIDC Core §3.1.3.7)');
  const clock = { now: port.now(), clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS };
  if (typeof body.id_token !== 'string')
    throw new FlowFailure(
      'id_token',
      'The token response has no id_token although the scope has openid (OIDC Core §3.1.3.3).'
    );
  const idToken = body.id_token;
  const trace = await idTokenLeg(port, joseVerifier, idToken, {
    issuer,
    issuerSource: issuerProvenance(issuerGiven ? 'from --issuer' : "the flow's base URL, as no --issuer was given", d),
    clientId: profile.oauth2.clientId,
    clientSecret: profile.oauth2.clientSecret,
    registeredAlg: e.idTokenAlg,
    allowedAlgs: d.endpoints?.idTokenAlgs ?? null,
    jwksUri: jwks?.url ?? null,
    nonce: e.nonce,
    accessToken: typeof body.access_token === 'string' ? body.access_token : null,
    code: e.code,
    maxAge: e.maxAge,
    ...clock,
  });
  for (const l of stepLines(trace.steps)) report.line(l);

  if (typeof body.access_token === 'string')
    for (const l of accessTokenLines(describeAccessToken(body.access_token, clock))) report.line(l);

  const userinfo = d.endpoints?.userinfo;
  if (userinfo && typeof body.access_token === 'string') {
    const sub = trace.claims && typeof trace.claims.sub === 'string' ? trace.claims.sub : null;
    await userInfoStep(userinfo, body.access_token, sub, e, port, report);
  }
  const failed = trace.steps.find((s) => s.status === 'failed');
  if (failed) throw new FlowFailure('id_token', `${failed.title} [${failed.section}]: ${failed.detail}`);
  return d.endpoints;
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

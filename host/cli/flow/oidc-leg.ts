import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  describeAccessToken,
  decodeJwt,
  profileEndpoints,
  userInfoEndpoint,
  shown,
  type Discovered,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { check, note, warning } from '../../../shared/flows';
import type { Profile } from '../../../shared/store/profile';
import { openIdAfterCode, openIdUserInfo, type AfterCodeRun } from '../../../shared/flows/driver/openid-after-code';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { joseVerifier } from '../../../platform/jose';
import { accessTokenLines, endpointLine, stepLines } from '../oidc-report';
import { reportDiscovery } from './discover-first';
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
 * OpenID Connect after the token exchange (OIDC Core §3.1.3), the driver's sequence (openIdAfterCode) with the CLI's
 * words: discovery for the JWKS and algorithms, the id_token validated step by step, the access token described
 * (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) or opaque), and UserInfo with the sub check. The profile's
 * issuer (default: the base URL) is discovered and expected in iss; its JWKS URL, when set, wins over the one
 * discovery names. A document whose issuer is not the one asked stops the flow before any key is fetched (OIDC
 * Discovery §4.3, RFC 8414 §3.3); with `e.discovered` (--issuer: discovery ran before the authorization request) it
 * is not fetched again. A failed validation step fails the flow, naming the step, before UserInfo is called; the
 * other steps are printed all the same. A server that publishes no metadata at the base URL (many OAuth 2 providers
 * whose issuer lives elsewhere) gets a note, not a failure, unless the issuer or the JWKS was named: the tokens are
 * what the flow is for (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
 */
export async function openIdLeg(
  body: Record<string, unknown>,
  profile: Profile,
  e: OpenIdExpectations,
  port: FlowHostPort,
  report: FlowReport
): Promise<OpenIdSession | null> {
  const issuerGiven = !!profile.oauth2.issuer;
  const session: Session = { e, port, report, profile, issuerGiven, discovered: e.discovered ?? null };
  const run = await afterCode(body, session, { nonce: e.nonce, code: e.code, maxAge: e.maxAge });
  if (!run) return null;
  const d = run.discovered;
  const claims = run.trace?.claims ?? {};
  const next = { ...session, discovered: d };
  return { endpoints: d.endpoints, afterRefresh: (refreshed) => afterRefresh(refreshed, claims, next) };
}

/** What the OpenID Connect leg found: the metadata's endpoints, and the checks of a refresh's response. */
export interface OpenIdSession {
  readonly endpoints: DiscoveredEndpoints | null;
  /** OIDC Core §12.2: a refresh's id_token (when one comes) validated against the first, then UserInfo again. */
  readonly afterRefresh: (refreshed: Record<string, unknown>) => Promise<void>;
}

/** What every id_token of this flow is checked with, and the discovery once it ran. */
interface Session {
  readonly e: OpenIdExpectations;
  readonly port: FlowHostPort;
  readonly report: FlowReport;
  readonly profile: Profile;
  readonly issuerGiven: boolean;
  readonly discovered: Discovered | null;
}

/**
 * A token response's id_token through the driver's openIdAfterCode, each result printed as it comes (the discovery,
 * the JWKS, every validation step, the access token described), and UserInfo with the sub check. A careful client
 * stops at an id_token it cannot trust: a failed step fails the flow before UserInfo is called with the access
 * token. `sameSub`: the sub an id_token after a refresh must keep (OIDC Core §12.2). Null: no metadata and none
 * named, so nothing validated (said in a note).
 */
async function afterCode(
  body: Record<string, unknown>,
  s: Session,
  expected: { nonce: string | null; code: string | null; maxAge: number | null; sameSub?: unknown },
  title?: string
): Promise<AfterCodeRun | null> {
  const { report, port, profile, e } = s;
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  const accessToken = typeof body.access_token === 'string' ? body.access_token : null;
  const { sameSub, ...claimExpectations } = expected;
  const run = await openIdAfterCode(
    port,
    joseVerifier,
    {
      issuer,
      issuerOrigin: s.issuerGiven ? 'from --issuer' : "the flow's base URL, as no --issuer was given",
      ...(s.discovered ? { discovered: s.discovered } : {}),
      jwksUri: (d) => profileEndpoints(profile, profile.baseUrl, d.endpoints).jwks?.url ?? null,
      metadataOptional: !s.issuerGiven && !profile.oauth2.jwksUri,
      idToken: typeof body.id_token === 'string' ? body.id_token : '',
      accessToken,
      client: {
        clientId: profile.oauth2.clientId,
        clientSecret: profile.oauth2.clientSecret,
        registeredAlg: e.idTokenAlg,
      },
      expected: claimExpectations,
      ...(title ? { title } : {}),
      userInfo: {
        asIssued: e.bearerAsIssued,
        dpop: e.dpop ?? null,
        authentication: profile.oauth2.clientAuthentication,
      },
    },
    {
      discovered: (d) => {
        // Once, when this leg fetched it; a refused document stops the flow below, before any key is fetched.
        if (!s.discovered) reportDiscovery(d, report);
        if (d.refused) return;
        report.line(endpointLine('JWKS', profileEndpoints(profile, profile.baseUrl, d.endpoints).jwks, '--jwks-uri'));
        if (typeof body.id_token !== 'string')
          throw new FlowFailure(
            'id_token',
            'The token response has no id_token although the scope has openid (OIDC Core §3.1.3.3).'
          );
      },
      validated: (trace) => {
        for (const l of stepLines(trace.steps)) report.line(l);
        const clock = { now: port.now(), clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS };
        if (accessToken) for (const l of accessTokenLines(describeAccessToken(accessToken, clock))) report.line(l);
        if (sameSub !== undefined && trace.valid) sameSubject(trace.claims ?? {}, sameSub, report);
      },
    }
  );
  return stoppedOrDone(run, s);
}

/** The run's end in the CLI's words: a note, a failure naming the leg, a warning; the run when it went through. */
function stoppedOrDone(run: AfterCodeRun, s: Session): AfterCodeRun | null {
  const { report } = s;
  const stop = run.stopped;
  if (stop?.kind === 'no-metadata') {
    const issuer = s.profile.oauth2.issuer || s.profile.baseUrl;
    report.line(
      `   note: no OpenID Connect metadata at ${issuer}, so the id_token is not validated here; give --issuer with the provider's issuer (or --jwks-uri) to validate it.`
    );
    return null;
  }
  if (stop?.kind === 'refused')
    throw new FlowFailure(
      'discovery',
      `${stop.reason} No key is fetched from it and the id_token is not validated.${s.issuerGiven ? '' : " If the provider's issuer is another URL, give it with --issuer."}`
    );
  if (stop?.kind === 'invalid')
    throw new FlowFailure('id_token', `${stop.step.title} [${stop.step.section}]: ${stop.step.detail}`);
  userInfoSaid(run, report);
  return run;
}

/** OIDC Core §12.2: the refreshed id_token is for the same user as the first. */
function sameSubject(claims: Readonly<Record<string, unknown>>, sameSub: unknown, report: FlowReport): void {
  const same = claims.sub === sameSub;
  const said = `sub ${shown(claims.sub)} ${same ? 'is' : 'is not'} the first id_token's ${shown(sameSub)}`;
  report.checks([check('sub after the refresh', same, `${said} (OIDC Core §12.2).`, `${said} (OIDC Core §12.2).`)]);
  if (!same)
    throw new FlowFailure('id_token', `${said}: the refreshed id_token is not for the same user (OIDC Core §12.2).`);
}

/**
 * UserInfo's end in words: an access token outside RFC 6750 §2.1's b64token is sent as issued only when asked
 * (--bearer-as-issued), as the app sends it only after "Prepare the call with this token anyway"; otherwise the call
 * is left out with a warning naming the character and the flag, and the flow goes on. A refused answer fails it.
 */
function userInfoSaid(run: Pick<AfterCodeRun, 'userInfo' | 'sentAsIssued' | 'stopped'>, report: FlowReport): void {
  if (run.stopped?.kind === 'not-b64token')
    report.checks([
      warning(
        'bearer',
        `${run.stopped.problem} UserInfo is not called. Some providers issue such tokens and accept them back as they are: give --bearer-as-issued to send it as issued.`
      ),
    ]);
  if (run.sentAsIssued)
    report.checks([note('bearer', `${run.sentAsIssued} Sent as issued, as --bearer-as-issued asks.`)]);
  // The driver reports the leg's checks (sendLeg), as for every leg.
  const answered = run.userInfo?.outcome;
  if (answered && !answered.ok) throw new FlowFailure('userinfo', answered.checks.find((c) => !c.ok)!.message);
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
    await afterCode(body, s, expected, title);
    return;
  }
  s.report.line('   No id_token in the refresh response (OIDC Core §12.2 lets the provider leave it out).');
  const endpoint = userInfoEndpoint(s.discovered?.endpoints ?? null, s.profile.oauth2.clientAuthentication);
  if (!endpoint || !accessToken) return;
  const sub = typeof first.sub === 'string' ? first.sub : null;
  const options = { asIssued: s.e.bearerAsIssued, dpop: s.e.dpop ?? null };
  userInfoSaid(await openIdUserInfo(s.port, endpoint, accessToken, sub, options), s.report);
}

/** The claims of a JWT, or none when it cannot be decoded (the trace then says why, step by step). */
function decodeJwtClaims(jwt: string): Readonly<Record<string, unknown>> {
  try {
    return decodeJwt(jwt).payload;
  } catch {
    return {};
  }
}

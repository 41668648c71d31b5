import {
  buildUserInfoRequest,
  DEFAULT_CLOCK_SKEW_SECONDS,
  describeAccessToken,
  interpretUserInfo,
  profileEndpoints,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { discover, validateIdToken } from '../../services/oidc/validate';
import type { Profile } from '../../../shared/store/profile';
import { checkLines, endpointLine, redirectLines, stepLines } from '../oidc-report';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

export interface OpenIdExpectations {
  /** id_token_signed_response_alg the client registered, or null for any the provider's discovery lists. */
  readonly idTokenAlg: string | null;
  readonly nonce: string;
}

/**
 * OpenID Connect after the token exchange (OIDC Core §3.1.3): discovery for the JWKS and algorithms, the id_token
 * validated step by step, the access token described (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) or opaque), and UserInfo with the sub check.
 * The profile's issuer (default: the base URL) is discovered and expected in iss; its JWKS URL, when set, wins
 * over the one discovery names. A failed validation step fails the flow, naming the step; the other steps are
 * printed all the same. A server that publishes no metadata at the base URL (many OAuth 2 providers whose issuer
 * lives elsewhere) gets a note, not a failure, unless the issuer or the JWKS was named: the tokens are what the
 * flow is for (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
 */
export async function openIdLeg(
  body: Record<string, unknown>,
  profile: Profile,
  e: OpenIdExpectations,
  options: FlowRunOptions,
  report: FlowReport
): Promise<DiscoveredEndpoints | null> {
  const issuer = profile.oauth2.issuer || profile.baseUrl;
  report.step(`OpenID Connect: discovery of ${issuer}`);
  const d = await discover(issuer, undefined, options.send);
  if (!d.endpoints && !profile.oauth2.issuer && !profile.oauth2.jwksUri) {
    report.line(
      `   note: no OpenID Connect metadata at ${issuer}, so the id_token is not validated here; give --issuer with the provider's issuer (or --jwks-uri) to validate it.`
    );
    return null;
  }
  for (const t of d.tried) report.line(`   (not found) ${t}`);
  for (const l of redirectLines(d.redirects)) report.line(l);
  for (const l of checkLines(d.checks)) report.line(l);
  const jwks = profileEndpoints(profile, profile.baseUrl, d.endpoints).jwks;
  report.line(endpointLine('JWKS', jwks, '--jwks-uri'));

  report.step('OpenID Connect: id_token validation (OIDC Core §3.1.3.7)');
  if (typeof body.id_token !== 'string')
    throw new FlowFailure(
      'id_token',
      'The token response has no id_token although the scope has openid (OIDC Core §3.1.3.3).'
    );
  const trace = await validateIdToken(
    body.id_token,
    {
      issuer: d.endpoints?.issuer ?? issuer,
      clientId: profile.oauth2.clientId,
      clientSecret: profile.oauth2.clientSecret,
      registeredAlg: e.idTokenAlg,
      allowedAlgs: d.endpoints?.idTokenAlgs ?? null,
      jwksUri: jwks?.url ?? null,
      nonce: e.nonce,
      accessToken: typeof body.access_token === 'string' ? body.access_token : null,
      now: Date.now(),
      clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
    },
    options.send
  );
  for (const l of stepLines(trace.steps)) report.line(l);

  const at = typeof body.access_token === 'string' ? describeAccessToken(body.access_token) : null;
  if (at)
    report.line(
      at.kind === 'opaque'
        ? `   access token: ${at.note}`
        : `   access token: a JWT${at.profile ? ' (RFC 9068)' : ''}, expires ${at.expiresAt ?? 'unknown'}, audience ${at.audience.join(', ') || 'none'}. ${at.notes.join(' ')}`
    );

  const userinfo = d.endpoints?.userinfo;
  if (userinfo && typeof body.access_token === 'string') {
    report.step('OpenID Connect: UserInfo (OIDC Core §5.3)');
    const sub = trace.claims && typeof trace.claims.sub === 'string' ? trace.claims.sub : null;
    const u = interpretUserInfo(
      await sendLeg('userinfo', buildUserInfoRequest(userinfo, body.access_token), options, report),
      sub
    );
    for (const l of checkLines(u.checks)) report.line(l);
    if (!u.ok) throw new FlowFailure('userinfo', u.checks.find((c) => !c.ok)!.message);
  }
  const failed = trace.steps.find((s) => s.status === 'failed');
  if (failed) throw new FlowFailure('id_token', `${failed.title} [${failed.section}]: ${failed.detail}`);
  return d.endpoints;
}

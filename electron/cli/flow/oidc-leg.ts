import {
  buildUserInfoRequest,
  DEFAULT_CLOCK_SKEW_SECONDS,
  describeAccessToken,
  interpretUserInfo,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { discover, validateIdToken } from '../../services/oidc/validate';
import { checkLines, stepLines } from '../oidc-report';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

export interface OpenIdExpectations {
  /** The issuer to discover and to expect in iss; the base URL when not given. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** id_token_signed_response_alg the client registered, or null for any the provider's discovery lists. */
  readonly idTokenAlg: string | null;
  readonly nonce: string;
  /** The max_age sent (--max-age), checked against auth_time; null when none was. */
  readonly maxAge: number | null;
  /** The user named the issuer (--issuer): without its metadata the id_token cannot be validated, and the flow fails. */
  readonly issuerGiven: boolean;
}

/**
 * OpenID Connect after the token exchange (OIDC Core §3.1.3): discovery for the JWKS and algorithms, the id_token
 * validated step by step, the access token described (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) or opaque), and UserInfo with the sub check.
 * A failed validation step fails the flow, naming the step; the other steps are printed all the same. A server
 * that publishes no metadata at the base URL (many OAuth 2 providers whose issuer lives elsewhere) gets a note, not
 * a failure, unless the issuer was named: the tokens are what the flow is for (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
 */
export async function openIdLeg(
  body: Record<string, unknown>,
  e: OpenIdExpectations,
  options: FlowRunOptions,
  report: FlowReport
): Promise<DiscoveredEndpoints | null> {
  report.step(`OpenID Connect: discovery of ${e.issuer}`);
  const d = await discover(e.issuer, undefined, options.send);
  if (!d.endpoints && !e.issuerGiven) {
    report.line(
      `   note: no OpenID Connect metadata at ${e.issuer}, so the id_token is not validated here; give --issuer with the provider's issuer to validate it.`
    );
    return null;
  }
  for (const t of d.tried) report.line(`   (not found) ${t}`);
  for (const l of checkLines(d.checks)) report.line(l);

  report.step('OpenID Connect: id_token validation (OIDC Core §3.1.3.7)');
  if (typeof body.id_token !== 'string')
    throw new FlowFailure(
      'id_token',
      'The token response has no id_token although the scope has openid (OIDC Core §3.1.3.3).'
    );
  const trace = await validateIdToken(
    body.id_token,
    {
      issuer: d.endpoints?.issuer ?? e.issuer,
      clientId: e.clientId,
      clientSecret: e.clientSecret,
      registeredAlg: e.idTokenAlg,
      allowedAlgs: d.endpoints?.idTokenAlgs ?? null,
      jwksUri: d.endpoints?.jwks ?? null,
      nonce: e.nonce,
      accessToken: typeof body.access_token === 'string' ? body.access_token : null,
      now: Date.now(),
      clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
      maxAge: e.maxAge,
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

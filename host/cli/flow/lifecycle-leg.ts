import {
  dpopRefreshLeg,
  introspectionLeg,
  refreshLeg,
  revocationLeg,
} from '../../../shared/flows/driver/lifecycle-legs';
import { discoveryLeg } from '../../../shared/flows/driver/openid-legs';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { sendLeg } from '../../../shared/flows/driver/run-leg';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { profileEndpoints, tokenTail, type DiscoveredEndpoints } from '../../../shared/oidc';
import { authenticatesByCertificate } from '../../../shared/oauth2/token-request';
import type { Profile } from '../../../shared/store/profile';
import { endpointLine, redirectLines } from '../oidc-report';
import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { cliLegPort, NODE_EFFECTS, type CliEffects } from './cli-host-port';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * The rest of a token's life, after the exchange: a refresh with the rotation shown (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), RFC 9700
 * §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), introspection (RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)) of the new access token, revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)) of the new refresh token, and
 * introspection again, which must then say inactive. The endpoints are the profile's (--revocation-endpoint,
 * --introspection-endpoint) or else the provider's metadata (`discovered`, or discovered here), each said. `effects`:
 * the flow's, so its legs run on the same clock and randomness as the grant's.
 */
export async function lifecycleLeg(
  state: OAuth2State,
  profile: Profile,
  discovered: DiscoveredEndpoints | null,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: { readonly client: DpopClient; readonly thumbprint: string } | null = null,
  afterRefresh: ((refreshed: Record<string, unknown>) => Promise<void>) | null = null,
  effects: CliEffects = NODE_EFFECTS
): Promise<void> {
  // The flow's effects: its clock and randomness for each leg, a DPoP proof's iat and jti too (RFC 9449 §4.2).
  const port = cliLegPort(options, report, effects, dpop?.client ?? null);
  const old = state.token?.refreshToken;
  if (!old) {
    // RFC 6749 §5.1: a refresh token is OPTIONAL; without one the grant simply has no lifecycle to show.
    report.line(
      '   The token response has no refresh_token (optional, RFC 6749 §5.1): nothing to refresh, so the token lifecycle is left out.'
    );
    return;
  }
  report.step('Token lifecycle: refresh (RFC 6749 §6)');
  // RFC 9449 §5: with DPoP the refresh carries a proof too (cliLegPort), and its token comes back bound to the same key.
  const { outcome: refreshed } = await sendLeg(
    dpop ? dpopRefreshLeg(dpop.thumbprint) : refreshLeg,
    'refresh',
    () => state,
    port
  );
  if (!refreshed.ok) throw new FlowFailure('refresh', refreshed.summary);
  const renewed = refreshed.state;
  const now = renewed.token!;
  report.line(
    `   old refresh token ${tokenTail(old)}, new ${refreshed.rotated ? tokenTail(now.refreshToken!) : 'the same'}`
  );
  // OpenID Connect: the refreshed id_token and UserInfo again (OIDC Core §12.2), before the token is used further.
  await afterRefresh?.(now.fields);

  const endpoints = await lifecycleEndpoints(profile, discovered, port, report);
  if (!endpoints) return;
  const introspect = async (what: string, expectActive: boolean) => {
    report.step(`Token lifecycle: introspection ${what} (RFC 7662)`);
    const { outcome: r } = await sendLeg(
      // RFC 9449 §6.2: a DPoP-bound token's introspection names its key (cnf.jkt).
      introspectionLeg(endpoints.introspection, 'access_token', dpop?.thumbprint ?? null),
      'introspection',
      () => renewed,
      port
    );
    if (!r.ok || r.result!.active !== expectActive)
      throw new FlowFailure(
        'introspection',
        `Expected active: ${expectActive} ${what}; ${(r.checks.find((c) => !c.ok) ?? r.checks[0])!.message}`
      );
  };
  await introspect('of the new access token', true);
  report.step('Token lifecycle: revocation of the new refresh token (RFC 7009)');
  const { outcome: revoked } = await sendLeg(
    revocationLeg(endpoints.revocation, 'refresh_token'),
    'revocation',
    () => renewed,
    port
  );
  if (!revoked.ok) throw new FlowFailure('revocation', revoked.checks[0]!.message);
  // RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1): revoking a refresh token should also invalidate the access tokens of the same grant; some
  // providers keep them until they expire, so an active answer here is reported rather than failed.
  report.step('Token lifecycle: introspection after the revocation (RFC 7662)');
  const { outcome: after } = await sendLeg(
    introspectionLeg(endpoints.introspection, 'access_token'),
    'introspection',
    () => renewed,
    port
  );
  if (after.result?.active)
    report.line(
      '   The access token is still active: this provider revokes only the refresh token (RFC 7009 §2.1 lets it).'
    );
}

/**
 * The revocation and introspection endpoints by the one resolution (profileEndpoints: the profile's, from the flags,
 * else the provider's metadata, else a preset for the base URL; a certificate client's at their mutual-TLS aliases),
 * the metadata read by the driver's discovery leg over the flow's port (recorded as every leg is) when the OpenID
 * Connect leg did not; each printed with where it came from, in the app's words. Null when one is missing (the legs are then left out, and said so).
 */
async function lifecycleEndpoints(
  profile: Profile,
  discovered: DiscoveredEndpoints | null,
  port: FlowHostPort,
  report: FlowReport
): Promise<{ introspection: string; revocation: string } | null> {
  const o = profile.oauth2;
  let metadata = discovered;
  // A certificate client reads the metadata even for endpoints it typed: their mutual-TLS aliases (RFC 8705 §5).
  const typedBoth = !!(o.revocationEndpoint && o.introspectionEndpoint);
  if (!metadata && (!typedBoth || authenticatesByCertificate(o.clientAuthentication))) {
    const issuer = o.issuer || profile.baseUrl;
    report.step(`Token lifecycle: discovery of ${issuer}, for the revocation and introspection endpoints (RFC 8414)`);
    const d = await discoveryLeg(port, issuer);
    for (const l of redirectLines(d.redirects)) report.line(l);
    if (d.refused) report.line(`   ${d.refused} Its endpoints are not used.`);
    metadata = d.endpoints;
  }
  const chosen = profileEndpoints(profile, profile.baseUrl, metadata);
  report.line(endpointLine('revocation endpoint', chosen.revocation, '--revocation-endpoint'));
  report.line(endpointLine('introspection endpoint', chosen.introspection, '--introspection-endpoint'));
  if (!chosen.introspection || !chosen.revocation) {
    report.line('   Without both endpoints, the introspection and revocation legs are left out.');
    return null;
  }
  return { introspection: chosen.introspection.url, revocation: chosen.revocation.url };
}

import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import {
  buildIntrospectionRequest,
  buildRevocationRequest,
  interpretIntrospection,
  interpretRefresh,
  interpretRevocation,
  tokenTail,
  type ClientCredentials,
  type DiscoveredEndpoints,
} from '../../../shared/oidc';
import { checkLines } from '../oidc-report';
import { sendLeg } from './exchange';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * The rest of a token's life, after the exchange: a refresh with the rotation shown (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), RFC 9700
 * §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), introspection (RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)) of the new access token, revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)) of the new refresh token, and
 * introspection again, which must then say inactive. Endpoints come from the provider's metadata.
 */
export async function lifecycleLeg(
  state: OAuth2State,
  endpoints: DiscoveredEndpoints | null,
  client: ClientCredentials,
  options: FlowRunOptions,
  report: FlowReport
): Promise<void> {
  const old = state.token?.refreshToken;
  if (!old)
    throw new FlowFailure('refresh', 'The token response has no refresh_token, so there is nothing to refresh.');
  report.step('Token lifecycle: refresh (RFC 6749 §6)');
  const refreshed = interpretRefresh(
    state,
    await sendLeg('refresh', oauth2Flow.buildRefreshRequest(state), options, report),
    Date.now()
  );
  report.checks(refreshed.checks);
  if (!refreshed.ok) throw new FlowFailure('refresh', refreshed.summary);
  const now = refreshed.state.token!;
  report.line(
    `   old refresh token ${tokenTail(old)}, new ${refreshed.rotated ? tokenTail(now.refreshToken!) : 'the same'}`
  );

  if (!endpoints?.introspection || !endpoints.revocation) {
    report.line(
      `   ${endpoints ? "The provider's metadata names no introspection or revocation endpoint" : 'No metadata to take endpoints from (none was found, or it was refused)'}; those legs are left out.`
    );
    return;
  }
  const introspect = async (what: string, expectActive: boolean) => {
    report.step(`Token lifecycle: introspection ${what} (RFC 7662)`);
    const r = interpretIntrospection(
      await sendLeg(
        'introspection',
        buildIntrospectionRequest(endpoints.introspection!, client, now.accessToken, 'access_token'),
        options,
        report
      )
    );
    for (const l of checkLines(r.checks)) report.line(l);
    if (!r.ok || r.result!.active !== expectActive)
      throw new FlowFailure(
        'introspection',
        `Expected active: ${expectActive} ${what}; ${(r.checks.find((c) => !c.ok) ?? r.checks[0])!.message}`
      );
  };
  await introspect('of the new access token', true);
  report.step('Token lifecycle: revocation of the new refresh token (RFC 7009)');
  const revoked = interpretRevocation(
    await sendLeg(
      'revocation',
      buildRevocationRequest(endpoints.revocation, client, now.refreshToken!, 'refresh_token'),
      options,
      report
    )
  );
  for (const l of checkLines(revoked.checks)) report.line(l);
  if (!revoked.ok) throw new FlowFailure('revocation', revoked.checks[0]!.message);
  // RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1): revoking a refresh token should also invalidate the access tokens of the same grant; some
  // providers keep them until they expire, so an active answer here is reported rather than failed.
  report.step('Token lifecycle: introspection after the revocation (RFC 7662)');
  const after = interpretIntrospection(
    await sendLeg(
      'introspection',
      buildIntrospectionRequest(endpoints.introspection, client, now.accessToken, 'access_token'),
      options,
      report
    )
  );
  for (const l of checkLines(after.checks)) report.line(l);
  if (after.result?.active)
    report.line(
      '   The access token is still active: this provider revokes only the refresh token (RFC 7009 §2.1 lets it).'
    );
}

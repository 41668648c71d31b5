import type { TokenSet } from '../../oauth2/token-response';
import type { Param } from '../../url-encoded';
import { CLIENT_GRANTS } from '../driver/registry';
import { LegFailed, runFlow } from '../driver/run-flow';
import type { FlowRunnerPort } from '../driver/host-port';
import type { Discovered } from './discovery-leg';
import { McpChainFailure, type McpClient, type McpGrant } from './ports';

/** The driver's grant run to its token leg; a refused leg is the chain's failure, with the response that ended it. */
async function tokenOf(run: () => Promise<{ state: { readonly token: TokenSet | null } }>): Promise<TokenSet> {
  try {
    const { state } = await run();
    // runFlow ends with the token or throws LegFailed.
    return state.token!;
  } catch (e) {
    if (e instanceof LegFailed) throw new McpChainFailure(e.leg, e.message, e.run.exchange?.response ?? null);
    throw e;
  }
}

/**
 * A token without a browser (MCP authorization extensions): the client credentials grant (RFC 6749 §4.4), a
 * workload's JWT as the JWT bearer grant (RFC 7523 §2.1), or the ID-JAG (enterprise-managed authorization: the
 * exchange at the IdP, then the redemption), each the flow driver's grant on `port` (the chain's ports,
 * authenticated: the client's assertion and DPoP as on any leg), with the MCP server's `resource` (RFC 8707 §2) so
 * the token is issued for it, at `tokenUrl` (the token endpoint, or its mutual-TLS alias: token-endpoint.ts).
 */
export function obtainMachineToken(
  grant: Exclude<McpGrant, { kind: 'authorization-code' }>,
  discovered: Discovered,
  client: McpClient,
  tokenUrl: string,
  scope: string | null,
  headers: readonly Param[],
  port: FlowRunnerPort
): Promise<TokenSet> {
  const machine = {
    baseUrl: discovered.issuer,
    tokenUrl,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    authentication: client.authentication,
    apiPath: discovered.resource,
    headers,
    scope,
  };
  // Each grant ends at its token leg (its `next` goes no further): the MCP requests are the chain's own.
  if (grant.kind === 'id-jag')
    // The ID-JAG names the MCP server's authorization server (its issuer, the draft's §4.3) and the MCP server.
    return tokenOf(() =>
      runFlow(
        CLIENT_GRANTS.id_jag,
        {
          ...machine,
          idp: grant.idp,
          idToken: grant.idToken,
          audience: discovered.issuer,
          resource: discovered.resource,
        },
        port
      )
    );
  if (grant.kind === 'client-credentials')
    return tokenOf(() =>
      runFlow(CLIENT_GRANTS.client_credentials, { ...machine, resources: [discovered.resource], audience: null }, port)
    );
  return tokenOf(() =>
    runFlow(
      CLIENT_GRANTS.jwt_bearer,
      { ...machine, values: { assertion: grant.assertion }, resources: [discovered.resource] },
      port
    )
  );
}

import { authorizationServerUrlChecks, type TargetPolicy } from '../../mcp/targets';
import { authenticatesByCertificate } from '../../oauth2/token-request';
import { endpointSourceWords, type ChosenEndpoint } from '../../oidc/profile-endpoints';
import type { Discovered } from './discovery-leg';
import { McpChainFailure, type McpChainPorts, type McpClient } from './ports';

/**
 * Why the client uses mutual TLS at the token endpoint, or null when it does not: it authenticates by its
 * certificate (RFC 8705 §2), or it presents one to an authorization server that binds the tokens it issues over
 * mutual TLS to the certificate (§3, tls_client_certificate_bound_access_tokens, §3.3).
 */
function mutualTlsReason(discovered: Discovered, client: McpClient, certificate: boolean): string | null {
  if (authenticatesByCertificate(client.authentication))
    return `${client.authentication} authenticates the client by its certificate (RFC 8705 §2)`;
  if (certificate && discovered.certificateBoundTokens)
    return 'the client presents a certificate and the metadata sets tls_client_certificate_bound_access_tokens, so the token is to be bound to it (RFC 8705 §3)';
  return null;
}

/**
 * The token endpoint the chain sends to: for a client that uses mutual TLS, the metadata's
 * mtls_endpoint_aliases.token_endpoint (RFC 8705 §5), else the token_endpoint itself (an authorization server
 * without aliases takes the certificate there). The choice and its reason are a step of their own; the alias is a
 * URL the server chose, checked as its other endpoints are (../../mcp/targets.ts). Without mutual TLS, the
 * token_endpoint as discovery said it, nothing more shown.
 */
export function tokenEndpointFor(
  discovered: Discovered,
  client: McpClient,
  certificate: boolean,
  serverUrl: string,
  policy: TargetPolicy,
  ports: McpChainPorts
): string {
  const why = mutualTlsReason(discovered, client, certificate);
  if (!why) return discovered.endpoints.token;
  const alias = discovered.mtlsAliases?.token ?? null;
  const chosen: ChosenEndpoint = alias
    ? { url: alias, source: 'mtls-alias', from: discovered.issuer }
    : { url: discovered.endpoints.token, source: 'discovery', from: discovered.issuer };
  const { report } = ports;
  report.step('The token endpoint for mutual TLS (RFC 8705 §5)');
  report.line(
    `Token endpoint: ${chosen.url} (from ${endpointSourceWords(chosen)}): ${why}${alias ? '.' : '; the metadata names no mtls_endpoint_aliases, so the token endpoint itself takes the certificate (RFC 8705 §5).'}`
  );
  if (!alias) return chosen.url;
  const from = `mtls_endpoint_aliases in the authorization server metadata of ${discovered.issuer}`;
  const checks = authorizationServerUrlChecks(
    { name: 'mtls_endpoint_aliases.token_endpoint', url: alias, from },
    serverUrl,
    policy
  );
  report.checks(checks);
  const failed = checks.find((c) => !c.ok);
  if (failed) throw new McpChainFailure('token endpoint', failed.message);
  return alias;
}

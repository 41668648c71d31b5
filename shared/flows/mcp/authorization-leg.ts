import { readBody } from '../../response-body';
import {
  chooseRegistration,
  clientAuthenticationFor,
  readRegistrationResponse,
  registrationRequestBody,
} from '../../mcp/registration';
import type { Param } from '../../url-encoded';
import type { TokenSet } from '../../oauth2/token-response';
import * as oauth2Flow from '../oauth2-flow';
import type { Discovered } from './discovery-leg';
import { McpChainFailure, type ClientFlags, type McpChainPorts, type McpClient } from './ports';
import type { McpSavedAuthorization } from './saved-server';

/** Registration, shown as its own leg: a pre-registered id, a client ID metadata document, or RFC 7591 DCR. */
export async function register(
  discovered: Discovered,
  flags: ClientFlags,
  redirectUri: string,
  ports: McpChainPorts
): Promise<McpClient> {
  const { report } = ports;
  report.step('Client registration');
  const choice = chooseRegistration({
    clientId: flags.clientId,
    metadataUrl: flags.metadataUrl,
    cimdSupported: discovered.cimdSupported,
    registrationEndpoint: discovered.endpoints.registration,
  });
  const authFor = (registered: string | null, secret: string) =>
    flags.authentication ?? clientAuthenticationFor(registered, secret !== '', discovered.authMethods);
  if (choice.kind === 'none') throw new McpChainFailure('registration', choice.why);
  if (choice.kind === 'pre-registered') {
    report.line(`Pre-registered client_id ${choice.clientId}, used as given.`);
    return {
      clientId: choice.clientId,
      clientSecret: flags.clientSecret,
      authentication: authFor(null, flags.clientSecret),
    };
  }
  if (choice.kind === 'metadata-document') {
    report.line(`The server fetches client ID metadata documents: client_id is the document's URL ${choice.clientId}.`);
    return { clientId: choice.clientId, clientSecret: '', authentication: flags.authentication ?? 'none' };
  }
  report.line(`Dynamic client registration (RFC 7591) at ${choice.endpoint}.`);
  const exchange = await ports.send('registration', {
    method: 'POST',
    url: choice.endpoint,
    headers: [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ],
    body: JSON.stringify(registrationRequestBody(redirectUri, discovered.authMethods, null)),
  });
  const registered = readRegistrationResponse(exchange.response.status, readBody(exchange.response).fields);
  if (typeof registered === 'string') throw new McpChainFailure('registration', registered, exchange.response);
  report.line(
    `Registered client_id ${registered.clientId}${registered.clientSecret ? ' with a client secret' : ''}${registered.authMethod ? `, token_endpoint_auth_method ${registered.authMethod}` : ''}.`
  );
  return {
    clientId: registered.clientId,
    clientSecret: registered.clientSecret,
    authentication: authFor(registered.authMethod, registered.clientSecret),
  };
}

/**
 * The authorization code grant with PKCE S256 and RFC 8707's `resource` on both requests (MCP specification
 * 2025-11-25, "Resource Parameter Implementation"), through the OAuth 2 flow's steps; the code redeemed at
 * `tokenUrl` (the token endpoint, or its mutual-TLS alias: token-endpoint.ts).
 */
export async function authorize(
  discovered: Discovered,
  client: McpClient,
  tokenUrl: string,
  scope: string | null,
  redirectUri: string,
  headers: readonly Param[],
  ports: McpChainPorts
): Promise<TokenSet> {
  const { report } = ports;
  const authorizeUrl = discovered.endpoints.authorization;
  // The metadata check refuses this for the code grant already (RFC 8414 §2); the type allows it for machine grants.
  if (!authorizeUrl)
    throw new McpChainFailure('authorize', 'The authorization server metadata names no authorization_endpoint.');
  const resource: Param[] = [['resource', discovered.resource]];
  const state = oauth2Flow.startOAuth2(
    {
      baseUrl: discovered.issuer,
      paths: { authorize: authorizeUrl, token: tokenUrl },
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri,
      scope,
      pkce: 'S256',
      authentication: client.authentication,
      includeGrantType: false,
      extraParams: { authorize: resource, token: resource },
      headers,
      // RFC 9207: the callback's iss is the authorization server's, required when its metadata says so.
      issuer: discovered.issuer,
      issuerRequired: discovered.issParameterSupported,
    },
    ports.random,
    ports.crypto
  );
  report.step(`Authorization code with PKCE S256, resource ${discovered.resource}, scope ${scope ?? '(none sent)'}`);
  const query = await ports.authorizeInBrowser(oauth2Flow.buildAuthorizeRequest(state).url, state.state);
  const cb = oauth2Flow.interpretCallback(state, `?${query}`);
  report.checks(cb.checks);
  if (!cb.ok) throw new McpChainFailure('authorize', cb.summary);
  report.step('Exchange the code for an access token (POST)');
  const exchange = await ports.send('token', oauth2Flow.buildTokenExchange(cb.state));
  const token = oauth2Flow.interpretTokenResponse(cb.state, exchange, ports.now(), 'token');
  report.checks(token.checks);
  if (!token.ok || !token.state.token) throw new McpChainFailure('token', token.summary, exchange.response);
  return token.state.token;
}

/**
 * The saved token's refresh (RFC 6749 §6) with its `resource` again (RFC 8707 §2.2), through the OAuth 2 flow's
 * refresh; null when the authorization server refuses it, so the caller authorizes again.
 */
export async function refreshSaved(
  saved: McpSavedAuthorization,
  headers: readonly Param[],
  ports: McpChainPorts
): Promise<TokenSet | null> {
  const { report } = ports;
  const { client, token } = saved;
  const started = oauth2Flow.startOAuth2(
    {
      baseUrl: saved.tokenEndpoint,
      paths: { token: saved.tokenEndpoint },
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: '',
      pkce: null,
      authentication: client.authentication,
      extraParams: { refresh: [['resource', saved.resource]] },
      headers,
    },
    ports.random,
    ports.crypto
  );
  const state: oauth2Flow.OAuth2State = {
    ...started,
    token: { ...token, tokenType: null, expiresIn: null, foundAt: 'access_token', fields: {} },
  };
  report.step(`Refresh the saved token (RFC 6749 §6), resource ${saved.resource}`);
  const exchange = await ports.send('refresh', oauth2Flow.buildRefreshRequest(state));
  const refreshed = oauth2Flow.interpretTokenResponse(state, exchange, ports.now(), 'refresh');
  report.checks(refreshed.checks);
  if (refreshed.ok && refreshed.state.token) return refreshed.state.token;
  report.line(`The refresh was refused (${refreshed.summary}): authorizing again.`);
  return null;
}

import { oauth2Flow } from '../../../shared/flows';
import { readBody } from '../../../shared/response-body';
import {
  chooseRegistration,
  clientAuthenticationFor,
  readRegistrationResponse,
  registrationRequestBody,
} from '../../../shared/mcp/registration';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { Profile } from '../../../shared/store/profile';
import type { Catcher } from '../../services/catcher';
import { nodeCrypto, nodeRandom } from '../../services/node-crypto';
import { authorizeInBrowser } from '../flow/browser-leg';
import { sendLeg } from '../flow/exchange';
import type { FlowRunOptions } from '../flow/options';
import { FlowFailure, type FlowReport } from '../flow/report';
import type { Discovered } from './discovery-leg';

/** The client as the authorization server knows it, once per run (step-ups reuse it). */
export interface McpClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
}

/** What the user gave on the command line for the client. */
export interface ClientFlags {
  readonly clientId: string | null;
  readonly clientSecret: string;
  readonly metadataUrl: string | null;
  readonly authentication: ClientAuthentication | null;
}

/** Registration, shown as its own leg: a pre-registered id, a client ID metadata document, or RFC 7591 DCR. */
export async function register(
  discovered: Discovered,
  flags: ClientFlags,
  redirectUri: string,
  options: FlowRunOptions,
  report: FlowReport
): Promise<McpClient> {
  report.step('Client registration');
  const choice = chooseRegistration({
    clientId: flags.clientId,
    metadataUrl: flags.metadataUrl,
    cimdSupported: discovered.cimdSupported,
    registrationEndpoint: discovered.endpoints.registration,
  });
  const authFor = (registered: string | null, secret: string) =>
    flags.authentication ?? clientAuthenticationFor(registered, secret !== '', discovered.authMethods);
  if (choice.kind === 'none') throw new FlowFailure('registration', choice.why);
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
  const exchange = await sendLeg(
    'registration',
    {
      method: 'POST',
      url: choice.endpoint,
      headers: [
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json'],
      ],
      body: JSON.stringify(registrationRequestBody(redirectUri, discovered.authMethods, null)),
    },
    options,
    report
  );
  const registered = readRegistrationResponse(exchange.response.status, readBody(exchange.response).fields);
  if (typeof registered === 'string') throw new FlowFailure('registration', registered, exchange.response);
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
 * 2025-11-25, "Resource Parameter Implementation"), through the project's flow steps and loopback catcher.
 */
export async function authorize(
  discovered: Discovered,
  client: McpClient,
  scope: string | null,
  catcher: Catcher,
  profile: Profile,
  options: FlowRunOptions,
  report: FlowReport
): Promise<TokenSet> {
  const resource: [string, string][] = [['resource', discovered.resource]];
  const state = oauth2Flow.startOAuth2(
    {
      baseUrl: discovered.issuer,
      paths: { authorize: discovered.endpoints.authorization, token: discovered.endpoints.token },
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: profile.redirectUri || catcher.redirectUri,
      scope,
      pkce: 'S256',
      authentication: client.authentication,
      includeGrantType: false,
      extraParams: { authorize: resource, token: resource },
      headers: profile.headers,
    },
    nodeRandom,
    nodeCrypto
  );
  report.step(`Authorization code with PKCE S256, resource ${discovered.resource}, scope ${scope ?? '(none sent)'}`);
  const landed = await authorizeInBrowser(
    oauth2Flow.buildAuthorizeRequest(state).url,
    { kind: 'oauth2', state: state.state },
    catcher,
    profile,
    options,
    report
  );
  const cb = oauth2Flow.interpretCallback(state, `?${landed.query}`);
  report.checks(cb.checks);
  if (!cb.ok) throw new FlowFailure('authorize', cb.summary);
  report.step('Exchange the code for an access token (POST)');
  const exchange = await sendLeg('token', oauth2Flow.buildTokenExchange(cb.state), options, report);
  const token = oauth2Flow.interpretTokenResponse(cb.state, exchange, Date.now(), 'token');
  report.checks(token.checks);
  if (!token.ok || !token.state.token) throw new FlowFailure('token', token.summary, exchange.response);
  return token.state.token;
}

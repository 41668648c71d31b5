import { headerValue, type Exchange } from '../../http';
import { parseChallenges, tokenChallenge, type Challenge } from '../../mcp/challenge';
import { initializeParams, mcpRequest, readJsonRpcAnswer, type McpSession } from '../../mcp/json-rpc';
import { chooseScope, MAX_AUTHORIZATIONS, stepUpScope } from '../../mcp/scope';
import { STRICT_TARGETS, type TargetPolicy } from '../../mcp/targets';
import type { Param } from '../../url-encoded';
import type { TokenSet } from '../../oauth2/token-response';
import type { SavedBearer } from '../bearer-call';
import { authorize, refreshSaved, register } from './authorization-leg';
import { authenticatedChainPorts, chainFlowPort } from './chain-flow-port';
import { discover, type Discovered } from './discovery-leg';
import { obtainMachineToken } from './machine-leg';
import { McpChainFailure, type ClientFlags, type McpChainPorts, type McpClient, type McpGrant } from './ports';
import type { McpSavedAuthorization, McpTokenKeeper } from './saved-server';

export interface McpRunInput {
  readonly url: string;
  readonly client: ClientFlags;
  /** Asked for instead of what the challenge or the metadata say. */
  readonly scope: string | null;
  readonly call: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> } | null;
  /** How the token is obtained; absent: the authorization code grant with the user. */
  readonly grant?: McpGrant;
  /** Extra headers on the OAuth requests (a profile's, such as a User-Agent). */
  readonly headers?: readonly Param[];
  /** Where this server's token is kept between runs; absent or null: every run authorizes afresh. */
  readonly keeper?: McpTokenKeeper | null;
  /** What the user allowed of the URLs the server chooses (../../mcp/targets.ts); absent: neither. */
  readonly targets?: TargetPolicy;
}

export interface McpRunResult {
  /** The tools/list result as the server sent it. */
  readonly tools: unknown;
  /** The tools/call result, when a call was asked for. */
  readonly result?: unknown;
  /** Whether a token was obtained and the server answered with it. */
  readonly authorized: boolean;
}

/** The run's authorization so far: discovery and registration are done once, the token is replaced on step-up. */
interface Authorization {
  discovered: Discovered | null;
  client: McpClient | null;
  token: string | null;
  scope: string | null;
  count: number;
  /** The saved authorization the token came from, while that token is the one loaded (not yet refreshed). */
  saved: McpSavedAuthorization | null;
}

interface Message {
  readonly method: string;
  readonly params?: unknown;
  readonly id?: number;
}

/**
 * An MCP client's whole run: initialize, tools/list and, if asked, tools/call over streamable HTTP; any of them
 * answered 401 leads through the MCP authorization chain (MCP specification 2025-11-25, "Authorization Flow
 * Steps"), and 403 insufficient_scope to a step-up with the wider scope (at most MAX_AUTHORIZATIONS in a run).
 */
export async function runMcpChain(input: McpRunInput, given: McpChainPorts): Promise<McpRunResult> {
  const auth: Authorization = { discovered: null, client: null, token: null, scope: null, count: 0, saved: null };
  const ports = authenticatedChainPorts(given, () => auth.discovered?.issuer ?? null);
  if (input.keeper) await useSaved(input.keeper, auth, input, ports);
  let session: McpSession = { url: input.url, sessionId: null, protocolVersion: null };
  let id = 0;
  const call = async (method: string, params: unknown): Promise<unknown> => {
    const exchange = await send(session, { method, params, id: ++id }, auth, input, ports);
    const answer = readJsonRpcAnswer(exchange.response, id);
    if (answer.kind === 'unreadable') throw new McpChainFailure(method, answer.why, exchange.response);
    if (answer.kind === 'error')
      throw new McpChainFailure(method, `JSON-RPC error ${answer.code}: ${answer.message}`, exchange.response);
    if (method === 'initialize') session = sessionAfterInitialize(session, exchange, answer.result);
    return answer.result;
  };
  await call('initialize', initializeParams());
  await send(session, { method: 'notifications/initialized' }, auth, input, ports);
  const tools = await call('tools/list', {});
  const result = input.call
    ? await call('tools/call', { name: input.call.name, arguments: input.call.arguments })
    : undefined;
  return { tools, ...(input.call ? { result } : {}), authorized: auth.token !== null };
}

/** Mcp-Session-Id and the negotiated protocol version, sent on every request after initialize. */
function sessionAfterInitialize(session: McpSession, exchange: Exchange, result: unknown): McpSession {
  const version = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
  return {
    ...session,
    sessionId: headerValue(exchange.response.headers, 'mcp-session-id') ?? null,
    protocolVersion: typeof version === 'string' ? version : null,
  };
}

/** One message, authorized as the server asks: a 401 or a 403 insufficient_scope authorizes and sends it again. */
async function send(
  session: McpSession,
  message: Message,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<Exchange> {
  for (;;) {
    ports.report.step(`MCP ${message.method}${auth.token ? ' (with the access token)' : ''}`);
    const exchange = await ports.send('mcp', mcpRequest(session, message, auth.token));
    const { status } = exchange.response;
    if (status >= 200 && status < 300) return exchange;
    const challenge = tokenChallenge(parseChallenges(headerValues(exchange, 'www-authenticate')));
    if (challenge) ports.report.line(`WWW-Authenticate: ${challenge.scheme} ${describe(challenge)}`);
    // A saved token refused: refreshed once (RFC 6750 §3.1 invalid_token), else authorized afresh below.
    if (status === 401 && auth.saved) {
      ports.report.line('The saved token was refused: refreshing it.');
      if (await refreshOrDrop(auth, input, ports)) continue;
    }
    // A token just issued for this server and refused as invalid: its audience or binding is wrong; authorizing
    // again would get the same (MCP "Token Audience Binding and Validation").
    if (status === 401 && auth.token && challenge?.params.error === 'invalid_token')
      throw new McpChainFailure(
        message.method,
        `The MCP server refused the access token its authorization server just issued: ${challenge.params.error_description ?? 'invalid_token'}`,
        exchange.response
      );
    const insufficient = status === 403 && challenge?.params.error === 'insufficient_scope';
    if (status !== 401 && !insufficient)
      throw new McpChainFailure(message.method, `HTTP ${status} from the MCP server.`, exchange.response);
    if (auth.count >= MAX_AUTHORIZATIONS)
      throw new McpChainFailure(
        message.method,
        `HTTP ${status} again after ${auth.count} authorizations: giving up (a step-up that never satisfies the server would loop).`,
        exchange.response
      );
    await authorizeFor(challenge, insufficient, auth, input, ports);
  }
}

const headerValues = (exchange: Exchange, name: string): string[] =>
  exchange.response.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

const describe = (c: Challenge): string =>
  Object.entries(c.params)
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ');

async function authorizeFor(
  challenge: Challenge | null,
  insufficient: boolean,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<void> {
  auth.discovered ??= await discover(input.url, challenge, input.targets ?? STRICT_TARGETS, ports);
  const grant = input.grant ?? { kind: 'authorization-code' };
  if (grant.kind !== 'authorization-code' && !input.client.clientId)
    throw new McpChainFailure(
      'registration',
      `The ${grant.kind} grant needs a pre-registered client_id: a client without a user registers no redirect URI.`
    );
  const redirectUri = grant.kind === 'authorization-code' ? await ports.redirectUri() : '';
  auth.client ??= await register(auth.discovered, input.client, redirectUri, ports);
  const challenged = challenge?.params.scope ?? null;
  const scope =
    insufficient && challenged
      ? stepUpScope(auth.scope, challenged)
      : chooseScope({ given: input.scope, challenged, supported: auth.discovered.scopesSupported });
  if (insufficient)
    ports.report.line(
      `insufficient_scope: step-up authorization with scope ${scope ?? '(none)'} (MCP "Scope Challenge Handling").`
    );
  auth.count++;
  auth.saved = null;
  const headers = input.headers ?? [];
  const token =
    grant.kind === 'authorization-code'
      ? await authorize(auth.discovered, auth.client, scope, redirectUri, headers, ports)
      : await obtainMachineToken(grant, auth.discovered, auth.client, scope, headers, chainFlowPort(ports));
  auth.token = token.accessToken;
  auth.scope = token.scope ?? scope;
  const { discovered } = auth;
  await input.keeper?.save({
    client: auth.client,
    authorizationEndpoint: discovered.endpoints.authorization,
    tokenEndpoint: discovered.endpoints.token,
    resource: discovered.resource,
    token: bearerOf(token, auth.scope),
  });
}

const bearerOf = (t: TokenSet, scope: string | null): SavedBearer => ({
  accessToken: t.accessToken,
  refreshToken: t.refreshToken,
  expiresAt: t.expiresAt,
  scope,
});

/**
 * The token saved for this server, used as it is while it has not expired; past its expiry, refreshed first
 * (RFC 6749 §6); without a refresh token, or when the refresh is refused, the run authorizes afresh.
 */
async function useSaved(
  keeper: McpTokenKeeper,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<void> {
  const saved = await keeper.load();
  if (!saved) return;
  const { token } = saved;
  const now = ports.now();
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  ports.report.step('The token saved for this server');
  ports.report.line(
    `Saved access token for resource ${saved.resource}, scope ${token.scope ?? '(none)'}, ${token.expiresAt === null ? 'no expiry given' : `${expired ? 'expired' : 'expires'} ${new Date(token.expiresAt).toISOString()}`}${token.refreshToken ? ', with a refresh token' : ''}.`
  );
  Object.assign(auth, { saved, client: saved.client, token: token.accessToken, scope: token.scope });
  if (expired) await refreshOrDrop(auth, input, ports);
}

/** Refreshes the saved token and saves the new one; false (and nothing kept in the run) when it cannot be. */
async function refreshOrDrop(auth: Authorization, input: McpRunInput, ports: McpChainPorts): Promise<boolean> {
  const saved = auth.saved!;
  auth.saved = null;
  if (!saved.token.refreshToken) ports.report.line('No refresh token was saved: authorizing again.');
  const fresh = saved.token.refreshToken ? await refreshSaved(saved, input.headers ?? [], ports) : null;
  if (!fresh) {
    Object.assign(auth, { client: null, token: null, scope: null });
    return false;
  }
  auth.token = fresh.accessToken;
  auth.scope = fresh.scope ?? saved.token.scope;
  await input.keeper?.save({ ...saved, token: bearerOf(fresh, auth.scope) });
  return true;
}

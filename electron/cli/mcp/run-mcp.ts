import { headerValue, type Exchange } from '../../../shared/http';
import { bearerChallenge, parseChallenges, type Challenge } from '../../../shared/mcp/challenge';
import { initializeParams, mcpRequest, readJsonRpcAnswer, type McpSession } from '../../../shared/mcp/json-rpc';
import { chooseScope, MAX_AUTHORIZATIONS, stepUpScope } from '../../../shared/mcp/scope';
import type { Profile } from '../../../shared/store/profile';
import type { Catcher } from '../../services/catcher';
import { startFlowCatcher } from '../flow/browser-leg';
import { sendLeg } from '../flow/exchange';
import type { FlowRunOptions } from '../flow/options';
import { FlowFailure, type FlowReport } from '../flow/report';
import { authorize, register, type ClientFlags, type McpClient } from './authorize-leg';
import { discover, type Discovered } from './discovery-leg';

export interface McpRunInput {
  readonly url: string;
  /** The catcher's settings (--callback-port, --callback-path, --redirect-uri) and extra headers. */
  readonly profile: Profile;
  readonly client: ClientFlags;
  /** --scope: asked for instead of what the challenge or the metadata say. */
  readonly scope: string | null;
  readonly call: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> } | null;
}

export interface McpRunResult {
  /** The tools/list result as the server sent it. */
  readonly tools: unknown;
  /** The tools/call result, when --call was given. */
  readonly result?: unknown;
  /** Whether a token was obtained and the server answered with it. */
  readonly authorized: boolean;
}

/** The run's authorization so far: discovery and registration are done once, the token is replaced on step-up. */
interface Authorization {
  discovered: Discovered | null;
  client: McpClient | null;
  catcher: Catcher | null;
  token: string | null;
  scope: string | null;
  count: number;
}

/**
 * `oauth-lab mcp`: initialize, tools/list and, if asked, tools/call over streamable HTTP; any of them answered
 * 401 leads through the MCP authorization chain, and 403 insufficient_scope to a step-up with the wider scope
 * (at most MAX_AUTHORIZATIONS authorizations in a run).
 */
export async function runMcp(input: McpRunInput, options: FlowRunOptions, report: FlowReport): Promise<McpRunResult> {
  const auth: Authorization = { discovered: null, client: null, catcher: null, token: null, scope: null, count: 0 };
  let session: McpSession = { url: input.url, sessionId: null, protocolVersion: null };
  let id = 0;
  const call = async (method: string, params: unknown): Promise<unknown> => {
    const exchange = await send(session, { method, params, id: ++id }, auth, input, options, report);
    const answer = readJsonRpcAnswer(exchange.response, id);
    if (answer.kind === 'unreadable') throw new FlowFailure(method, answer.why, exchange.response);
    if (answer.kind === 'error')
      throw new FlowFailure(method, `JSON-RPC error ${answer.code}: ${answer.message}`, exchange.response);
    if (method === 'initialize') session = sessionAfterInitialize(session, exchange, answer.result);
    return answer.result;
  };
  try {
    await call('initialize', initializeParams());
    await send(session, { method: 'notifications/initialized' }, auth, input, options, report);
    const tools = await call('tools/list', {});
    const result = input.call
      ? await call('tools/call', { name: input.call.name, arguments: input.call.arguments })
      : undefined;
    return { tools, ...(input.call ? { result } : {}), authorized: auth.token !== null };
  } finally {
    await auth.catcher?.close();
  }
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
  message: { readonly method: string; readonly params?: unknown; readonly id?: number },
  auth: Authorization,
  input: McpRunInput,
  options: FlowRunOptions,
  report: FlowReport
): Promise<Exchange> {
  for (;;) {
    report.step(`MCP ${message.method}${auth.token ? ' (with the access token)' : ''}`);
    const exchange = await sendLeg('mcp', mcpRequest(session, message, auth.token), options, report);
    const { status } = exchange.response;
    if (status >= 200 && status < 300) return exchange;
    const challenge = bearerChallenge(parseChallenges(headerValues(exchange, 'www-authenticate')));
    if (challenge) report.line(`WWW-Authenticate: Bearer ${describe(challenge)}`);
    // A token just issued for this server and refused as invalid: its audience or binding is wrong; authorizing
    // again would get the same (MCP "Token Audience Binding and Validation").
    if (status === 401 && auth.token && challenge?.params.error === 'invalid_token')
      throw new FlowFailure(
        message.method,
        `The MCP server refused the access token its authorization server just issued: ${challenge.params.error_description ?? 'invalid_token'}`,
        exchange.response
      );
    const insufficient = status === 403 && challenge?.params.error === 'insufficient_scope';
    if (status !== 401 && !insufficient)
      throw new FlowFailure(message.method, `HTTP ${status} from the MCP server.`, exchange.response);
    if (auth.count >= MAX_AUTHORIZATIONS)
      throw new FlowFailure(
        message.method,
        `HTTP ${status} again after ${auth.count} authorizations: giving up (a step-up that never satisfies the server would loop).`,
        exchange.response
      );
    await authorizeFor(challenge, insufficient, auth, input, options, report);
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
  options: FlowRunOptions,
  report: FlowReport
): Promise<void> {
  auth.discovered ??= await discover(input.url, challenge, options, report);
  auth.catcher ??= await startFlowCatcher(input.profile, options, report);
  const redirectUri = input.profile.redirectUri || auth.catcher.redirectUri;
  auth.client ??= await register(auth.discovered, input.client, redirectUri, options, report);
  const challenged = challenge?.params.scope ?? null;
  const scope =
    insufficient && challenged
      ? stepUpScope(auth.scope, challenged)
      : chooseScope({ given: input.scope, challenged, supported: auth.discovered.scopesSupported });
  if (insufficient)
    report.line(
      `insufficient_scope: step-up authorization with scope ${scope ?? '(none)'} (MCP "Scope Challenge Handling").`
    );
  auth.count++;
  const token = await authorize(auth.discovered, auth.client, scope, auth.catcher, input.profile, options, report);
  auth.token = token.accessToken;
  auth.scope = token.scope ?? scope;
}

import type { Exchange } from '../../http';
import { parseChallenges, tokenChallenge, type Challenge } from '../../mcp/challenge';
import { mcpRequest, readJsonRpcAnswer, type McpSession } from '../../mcp/json-rpc';
import { MAX_AUTHORIZATIONS } from '../../mcp/scope';
import { authenticatedChainPorts } from './chain-flow-port';
import { openSession, type McpRpc } from './lifecycle';
import { McpChainFailure, type McpChainPorts } from './ports';
import {
  authorizeFor,
  freshAuthorization,
  movedAuthorizationServer,
  refreshOrDrop,
  useSaved,
  type Authorization,
} from './run-authorization';
import type { McpRunInput } from './run-input';

export type { McpRunInput } from './run-input';

export interface McpRunResult {
  /** The tools/list result as the server sent it. */
  readonly tools: unknown;
  /** The tools/call result, when a call was asked for. */
  readonly result?: unknown;
  /** Whether a token was obtained and the server answered with it. */
  readonly authorized: boolean;
  /** The revision the run spoke: 2026-07-28, or what the server chose in its initialize answer. */
  readonly protocolVersion: string | null;
}

interface Message {
  readonly method: string;
  readonly params?: unknown;
  readonly id?: number;
}

/**
 * An MCP client's whole run: the session (server/discover on 2026-07-28's stateless wire, the initialize handshake
 * on 2025-11-25's), tools/list and, if asked, tools/call over streamable HTTP; any of them answered 401 leads through
 * the MCP authorization chain ("Authorization Flow Steps"), and 403 insufficient_scope to a step-up with the wider
 * scope (at most MAX_AUTHORIZATIONS in a run).
 */
export async function runMcpChain(input: McpRunInput, given: McpChainPorts): Promise<McpRunResult> {
  const auth = freshAuthorization();
  // A saved token is refreshed before any discovery: its assertion's aud is then the issuer saved with it.
  const ports = authenticatedChainPorts(given, () => auth.discovered?.issuer ?? auth.tokenIssuer);
  if (input.keeper) await useSaved(input.keeper, auth, input, ports);
  let id = 0;
  const rpc: McpRpc = async (session, method, params, probe = false) => {
    const exchange = await send(session, { method, params, id: ++id }, auth, input, ports, probe);
    const answer = readJsonRpcAnswer(exchange.response, id);
    if (probe) return { exchange, answer };
    if (answer.kind === 'unreadable') throw new McpChainFailure(method, answer.why, exchange.response);
    if (answer.kind === 'error')
      throw new McpChainFailure(method, `JSON-RPC error ${answer.code}: ${answer.message}`, exchange.response);
    return { exchange, answer };
  };
  const result = async (session: McpSession, method: string, params: unknown) => {
    const { answer } = await rpc(session, method, params);
    return answer.kind === 'result' ? answer.result : undefined;
  };
  const notify = (session: McpSession, method: string) => send(session, { method }, auth, input, ports);
  const session = await openSession(input.url, input.protocolVersion ?? null, rpc, notify, ports.report);
  const tools = await result(session, 'tools/list', {});
  const called = input.call
    ? await result(session, 'tools/call', { name: input.call.name, arguments: input.call.arguments })
    : undefined;
  return {
    tools,
    ...(input.call ? { result: called } : {}),
    authorized: auth.token !== null,
    protocolVersion: session.protocolVersion,
  };
}

/**
 * One message, authorized as the server asks: a 401 or a 403 insufficient_scope authorizes and sends it again.
 * Another refusal stops the run, unless `probe`: then it is the answer.
 */
async function send(
  session: McpSession,
  message: Message,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts,
  probe = false
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
    // A token refused: the protected resource metadata is read again, since the server may have moved to another
    // authorization server (SEP-2352). If not, a token just issued for this server and refused as invalid has the
    // wrong audience or binding, and authorizing again would get the same (MCP "Token Audience Binding and
    // Validation").
    if (status === 401 && auth.token) {
      const moved = await movedAuthorizationServer(challenge, auth, input, ports);
      if (!moved && challenge?.params.error === 'invalid_token')
        throw new McpChainFailure(
          message.method,
          `The MCP server refused the access token its authorization server just issued: ${challenge.params.error_description ?? 'invalid_token'}`,
          exchange.response
        );
    }
    const insufficient = status === 403 && challenge?.params.error === 'insufficient_scope';
    if (status !== 401 && !insufficient) {
      if (probe) return exchange;
      throw new McpChainFailure(message.method, `HTTP ${status} from the MCP server.`, exchange.response);
    }
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

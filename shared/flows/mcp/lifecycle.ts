import { headerValue, type Exchange } from '../../http';
import { initializeParams, type JsonRpcAnswer, type McpSession } from '../../mcp/json-rpc';
import { discoveredVersions, STATELESS_PROTOCOL_VERSION, type McpProtocolVersion } from '../../mcp/stateless-wire';
import { McpChainFailure, type McpReport } from './ports';

/** One JSON-RPC request on a session, authorized as the server asks; `probe`: a refusal is answered, not thrown. */
export type McpRpc = (
  session: McpSession,
  method: string,
  params: unknown,
  probe?: boolean
) => Promise<{ readonly exchange: Exchange; readonly answer: JsonRpcAnswer }>;
/** One notification on a session. */
export type McpNotify = (session: McpSession, method: string) => Promise<unknown>;

/**
 * The session a run speaks on: asked for 2026-07-28, the stateless wire, whose `server/discover` must list it;
 * asked for 2025-11-25, the initialize handshake; asked for neither, the newest the server speaks: `server/discover`
 * first, and the handshake when the server does not answer it with 2026-07-28 (a 2025-11-25 server refuses the
 * unknown version or method).
 */
export async function openSession(
  url: string,
  asked: McpProtocolVersion | null,
  rpc: McpRpc,
  notify: McpNotify,
  report: McpReport
): Promise<McpSession> {
  const why = asked ? 'asked for' : 'the newest the server speaks';
  if (asked !== '2025-11-25') {
    const session: McpSession = { url, stateless: true, sessionId: null, protocolVersion: STATELESS_PROTOCOL_VERSION };
    const { exchange, answer } = await rpc(session, 'server/discover', {}, true);
    const refusal = discoverRefusal(exchange, answer);
    if (!refusal) {
      report.line(`MCP protocol version ${STATELESS_PROTOCOL_VERSION} (${why}): the stateless wire, no initialize.`);
      return session;
    }
    const said = `The server does not speak ${STATELESS_PROTOCOL_VERSION}: ${refusal}`;
    if (asked) throw new McpChainFailure('server/discover', `${said}.`, exchange.response);
    report.line(`${said}; trying 2025-11-25, with the initialize handshake.`);
  }
  const stateful: McpSession = { url, stateless: false, sessionId: null, protocolVersion: null };
  const { exchange, answer } = await rpc(stateful, 'initialize', initializeParams());
  const session = sessionAfterInitialize(stateful, exchange, answer.kind === 'result' ? answer.result : null);
  report.line(
    `MCP protocol version ${session.protocolVersion ?? '(none named)'} (${why}${session.protocolVersion === '2025-11-25' ? '' : ': the server chose it in its initialize answer'}).`
  );
  await notify(session, 'notifications/initialized');
  return session;
}

/** Why a server/discover answer does not let the run speak 2026-07-28; null when it does. */
function discoverRefusal(exchange: Exchange, answer: JsonRpcAnswer): string | null {
  const { status } = exchange.response;
  const error = answer.kind === 'error' ? `JSON-RPC error ${answer.code}: ${answer.message}` : null;
  if (status < 200 || status >= 300) return `server/discover was answered HTTP ${status}${error ? ` (${error})` : ''}`;
  if (answer.kind === 'error') return `server/discover was answered ${error}`;
  if (answer.kind === 'unreadable') return answer.why;
  const versions = discoveredVersions(answer.result);
  if (typeof versions === 'string') return versions;
  return versions.includes(STATELESS_PROTOCOL_VERSION)
    ? null
    : `server/discover lists ${versions.join(', ') || 'no version'}`;
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

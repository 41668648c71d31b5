import { headerValue, type RawRequest, type RawResponse } from '../http';
import { MCP_CLIENT_INFO, routingHeaders, withRequestMeta } from './stateless-wire';

/**
 * MCP over streamable HTTP (MCP specification 2025-11-25, "Transports"
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http)): each JSON-RPC
 * message is POSTed to the one endpoint, and the answer comes as a JSON body or as a Server-Sent Events stream
 * carrying it.
 */

/** The revision of the initialize handshake, the last before the stateless wire. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

export interface McpSession {
  readonly url: string;
  /** MCP 2026-07-28's stateless wire (./stateless-wire.ts): no session, the version on every request. */
  readonly stateless: boolean;
  /** `Mcp-Session-Id` from the initialize answer, sent on every later request. */
  readonly sessionId: string | null;
  /** The version the server chose in its initialize answer, sent as `MCP-Protocol-Version` afterwards. */
  readonly protocolVersion: string | null;
}

/** A JSON-RPC request (an `id`) or a notification (none), with the session's headers and the bearer token, if any. */
export function mcpRequest(
  session: McpSession,
  message: { readonly method: string; readonly params?: unknown; readonly id?: number },
  accessToken: string | null
): RawRequest {
  const headers: [string, string][] = [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
  ];
  if (session.protocolVersion) headers.push(['MCP-Protocol-Version', session.protocolVersion]);
  if (session.sessionId) headers.push(['Mcp-Session-Id', session.sessionId]);
  const params = session.stateless ? withRequestMeta(message.params) : message.params;
  if (session.stateless) headers.push(...routingHeaders(message.method, params));
  if (accessToken) headers.push(['Authorization', `Bearer ${accessToken}`]);
  const body = { jsonrpc: '2.0', ...(message.id === undefined ? {} : { id: message.id }), method: message.method };
  return {
    method: 'POST',
    url: session.url,
    headers,
    body: JSON.stringify(params === undefined ? body : { ...body, params }),
  };
}

/** The `initialize` request's parameters: this client, the revision it speaks, no client features. */
export const initializeParams = () => ({
  protocolVersion: MCP_PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: MCP_CLIENT_INFO,
});

export type JsonRpcAnswer =
  | { readonly kind: 'result'; readonly result: unknown }
  | { readonly kind: 'error'; readonly code: number; readonly message: string }
  | { readonly kind: 'unreadable'; readonly why: string };

/** The `data` of each Server-Sent Event (WHATWG HTML §9.2.6: lines joined by "\n"), in order. */
function eventData(text: string): string[] {
  const data: string[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\n+/)) {
    const lines = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''));
    if (lines.length) data.push(lines.join('\n'));
  }
  return data;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The answer to request `id` in a response: JSON (one message or a batch) or an event stream. */
export function readJsonRpcAnswer(response: Pick<RawResponse, 'headers' | 'bodyText'>, id: number): JsonRpcAnswer {
  const type = (headerValue(response.headers, 'content-type') ?? '').toLowerCase();
  const candidates = type.startsWith('text/event-stream')
    ? eventData(response.bodyText).map(parsed)
    : [parsed(response.bodyText)].flat();
  const withId = (wanted: number | null) =>
    candidates.find(
      (m): m is Record<string, unknown> => !!m && typeof m === 'object' && (m as Record<string, unknown>).id === wanted
    );
  // JSON-RPC 2.0 §5: an error whose request's id could not be read (a refusal before the body) has id null.
  const answer = withId(id) ?? (withId(null)?.error ? withId(null) : undefined);
  if (!answer)
    return {
      kind: 'unreadable',
      why: `No JSON-RPC answer with id ${id} in the ${type.startsWith('text/event-stream') ? 'event stream' : `body (Content-Type ${type || 'absent'})`}.`,
    };
  if ('result' in answer) return { kind: 'result', result: answer.result };
  const error = answer.error && typeof answer.error === 'object' ? (answer.error as Record<string, unknown>) : {};
  return {
    kind: 'error',
    code: typeof error.code === 'number' ? error.code : 0,
    message: typeof error.message === 'string' ? error.message : JSON.stringify(answer.error),
  };
}

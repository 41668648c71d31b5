import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput, ParsedInput } from './contract';
import type { BridgeResult } from './result';

/** The renderer's view: one async function per method, and a subscription to events. */
export type BridgeApi = {
  readonly [M in MethodName]: (input?: MethodInput<M>) => Promise<BridgeResult<MethodOutput<M>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** The host's side: one handler per method, given the parsed input. Throw BridgeFailure for a coded error. */
export type BridgeHandlers = {
  readonly [M in MethodName]: (input: ParsedInput<M>) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

/** Where hosts publish events; each transport fans them out to its renderers. */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

/** An event as it crosses IPC or SSE. */
export interface BridgeEventMessage {
  readonly event: EventName;
  readonly payload: unknown;
}

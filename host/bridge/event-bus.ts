import type { BridgeEventMessage, EventSink } from '../../shared/bridge/api';
import type { EventName, EventPayload } from '../../shared/bridge/contract';

export type BridgeEventListener = (message: BridgeEventMessage) => void;

/** Services emit here; each transport (IPC to the window, SSE to browser tabs) subscribes and forwards. */
export class BridgeEventBus implements EventSink {
  private readonly listeners = new Set<BridgeEventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const message: BridgeEventMessage = { event, payload };
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        // One broken subscriber (a closed window, a dropped SSE stream) must not stop the others.
      }
    }
  }

  subscribe(listener: BridgeEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

import type { EventName } from '../../shared/bridge/contract';

type Listener = (payload: unknown) => void;

/**
 * Listeners per event name, with a hook when the first one arrives and when the last one leaves, so a
 * transport opens its connection lazily and closes it when nobody listens.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private count = 0;

  constructor(
    private readonly onFirst: () => void,
    private readonly onLast: () => void
  ) {}

  get size(): number {
    return this.count;
  }

  add(event: EventName, listener: Listener): () => void {
    // A wrapper per subscription, so subscribing the same function twice needs two unsubscribes, like the DOM.
    const entry: Listener = (payload) => listener(payload);
    // Open first: if the transport cannot open, nothing is registered and the error reaches the caller.
    if (this.count === 0) this.onFirst();
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(entry);
    this.count += 1;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      set.delete(entry);
      if (set.size === 0) this.listeners.delete(event);
      this.count -= 1;
      if (this.count === 0) this.onLast();
    };
  }

  /** Delivers to every listener of the event; one listener that throws does not stop the others. */
  deliver(event: string, payload: unknown): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (e) {
        // Surface the bug without breaking delivery for everyone else.
        console.error(`OAuth Lab: a listener of ${event} failed`, e);
      }
    }
  }
}

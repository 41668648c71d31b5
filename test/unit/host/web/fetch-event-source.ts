import type { EventSourceLike } from '../../../../renderer/bridge';

/**
 * Just enough of EventSource for Node (which has none): one GET over fetch, the stream split into SSE frames,
 * `event:`/`data:`/`id:` fields dispatched as MessageEvents. No reconnection: the tests want to see one stream.
 * `headers` stands in for what a browser adds by itself (the cookie).
 */
export function fetchEventSource(headers: Record<string, string>) {
  return class FetchEventSource implements EventSourceLike {
    static readonly instances: FetchEventSource[] = [];
    readyState = 0;
    private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
    private readonly abort = new AbortController();
    readonly opened: Promise<void>;
    /** As in the standard: set by an `id:` field, and kept for the frames after it that carry none. */
    private lastEventId = '';

    constructor(readonly url: string) {
      FetchEventSource.instances.push(this);
      this.opened = this.run();
    }

    addEventListener(type: string, listener: (event: MessageEvent) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }

    close(): void {
      this.readyState = 2;
      this.abort.abort();
    }

    private async run(): Promise<void> {
      try {
        const res = await fetch(this.url, {
          headers: { Accept: 'text/event-stream', ...headers },
          signal: this.abort.signal,
        });
        if (res.status !== 200 || !res.body) {
          this.readyState = 2;
          return;
        }
        this.readyState = 1;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.frame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Aborted by close(), or the host went away.
      }
      this.readyState = 2;
    }

    private frame(text: string): void {
      let type = 'message';
      const data: string[] = [];
      for (const line of text.split('\n')) {
        if (line.startsWith('event: ')) type = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith('id: ')) this.lastEventId = line.slice(4);
      }
      if (!data.length) return;
      const event = new MessageEvent(type, { data: data.join('\n'), lastEventId: this.lastEventId });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  };
}

import type { EventSink } from '../../shared/bridge/api';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { CONTRACT_ERROR, BridgeFailure } from '../../shared/bridge/result';
import { CatcherError, startCatcher, type Catcher } from '../catcher';

/**
 * The catcher behind the bridge: a wait is opened and answered at once with its redirect URI; the callback comes
 * later as a `catcherCallback` event (or `catcherWaitEnded` on timeout, cancel or close). One listener per port
 * and path serves every wait on it, and closes itself shortly after the last one settles (RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3)).
 */
export interface CatcherHandlers {
  catcherOpen(input: ParsedInput<'catcherOpen'>): Promise<MethodOutput<'catcherOpen'>>;
  catcherWait(input: ParsedInput<'catcherWait'>): Promise<MethodOutput<'catcherWait'>>;
  catcherCancel(input: ParsedInput<'catcherCancel'>): MethodOutput<'catcherCancel'>;
  /** The redirect URIs of the catchers listening now (the desktop app's login window may go there only). */
  redirectUris(): string[];
  close(): Promise<void>;
}

const IDLE_CLOSE_MS = 3_000;

export function createCatcherHandlers(events: EventSink, options: { idleCloseMs?: number } = {}): CatcherHandlers {
  const catchers = new Map<string, Promise<Catcher>>();
  const waits = new Map<string, AbortController>();
  const listening = new Set<Catcher>();
  let nextWait = 1;

  const catcherFor = async (port: number, path: string): Promise<Catcher> => {
    const key = `${port}${path}`;
    const existing = port === 0 ? undefined : await catchers.get(key)?.catch(() => undefined);
    if (existing && !existing.closed) return existing;
    const started = startCatcher({
      port,
      path,
      idleCloseMs: options.idleCloseMs ?? IDLE_CLOSE_MS,
      onEvent: (e) => events.emit('catcherEvent', e),
    });
    if (port !== 0) catchers.set(key, started);
    try {
      const catcher = await started;
      listening.add(catcher);
      // Port 0 became a real port: later calls name that port and must find this listener.
      catchers.set(`${catcher.port}${path}`, started);
      return catcher;
    } catch (e) {
      catchers.delete(key);
      throw e;
    }
  };

  return {
    async catcherOpen({ port, path }) {
      const catcher = await catcherFor(port, path);
      return { port: catcher.port, redirectUri: catcher.redirectUri };
    },
    async catcherWait({ port, path, target, timeoutMs }) {
      const catcher = await catcherFor(port, path);
      const waitId = `wait-${nextWait++}`;
      const abort = new AbortController();
      waits.set(waitId, abort);
      const caught = catcher.wait(target, { signal: abort.signal, ...(timeoutMs ? { timeoutMs } : {}) });
      caught
        .then(
          (callback) => events.emit('catcherCallback', { waitId, callback }),
          (e: unknown) =>
            events.emit('catcherWaitEnded', {
              waitId,
              code: e instanceof CatcherError ? e.code : CONTRACT_ERROR.INTERNAL,
              message: e instanceof Error ? e.message : String(e),
            })
        )
        .finally(() => waits.delete(waitId));
      // A wait refused on the spot (same state twice) is an answer to this call, not a later event.
      await Promise.race([caught, Promise.resolve()]);
      return { waitId, redirectUri: catcher.redirectUri };
    },
    catcherCancel({ waitId }) {
      const abort = waits.get(waitId);
      if (!abort)
        throw new BridgeFailure(
          CONTRACT_ERROR.NOT_FOUND,
          `No pending wait ${JSON.stringify(waitId)}: it already ended or never existed.`
        );
      abort.abort();
      return { cancelled: true };
    },
    redirectUris() {
      for (const catcher of listening) if (catcher.closed) listening.delete(catcher);
      return [...listening].map((catcher) => catcher.redirectUri);
    },
    async close() {
      for (const abort of waits.values()) abort.abort();
      const all = await Promise.allSettled(catchers.values());
      await Promise.all(
        [...new Set(all.map((r) => (r.status === 'fulfilled' ? r.value : null)))].map((c) => c?.close())
      );
      catchers.clear();
    },
  };
}

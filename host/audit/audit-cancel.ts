import { Interrupted, type Interruptible } from '../interrupted';

/**
 * The app's Ctrl-C: an audit's cancel that aborts the request in flight and refuses every later one (throwing
 * Interrupted, as Ctrl-C does in the CLI, so the audit stops where it is and sends nothing more).
 */
export function auditCancel(): { readonly interruptible: Interruptible; cancel(): void } {
  const abort = new AbortController();
  const cancelled = (what: string, cause?: unknown) =>
    new Interrupted(`Cancelled: ${what} was not answered, and nothing more is sent.`, { cause });
  return {
    cancel: () => abort.abort(),
    async interruptible(what, run) {
      if (abort.signal.aborted) throw cancelled(what);
      let result;
      try {
        result = await run(abort.signal);
      } catch (e) {
        if (abort.signal.aborted) throw cancelled(what, e);
        throw e;
      }
      // A caller that reads a failed fetch as an answer still stops here.
      if (abort.signal.aborted) throw cancelled(what);
      return result;
    },
  };
}

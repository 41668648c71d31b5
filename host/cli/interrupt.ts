import { Interrupted } from '../interrupted';

/** The exit code of a command stopped by Ctrl-C (SIGINT), the shells' 128 + 2. */
export const INTERRUPTED_EXIT_CODE = 130;

/**
 * Runs one request so that Ctrl-C (SIGINT) aborts it rather than killing the process: the transport closes the
 * connection, the history records the exchange as unanswered, and the command says which request it cancelled
 * (`what`, e.g. "the token request (POST https://…/token)"). Outside a request Ctrl-C keeps Node's default.
 */
export async function interruptible<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  const onInterrupt = () => abort.abort();
  process.once('SIGINT', onInterrupt);
  const cancelled = (cause?: unknown) =>
    new Interrupted(`Ctrl-C: cancelled ${what} before its answer came.`, { cause });
  let result: T;
  try {
    result = await run(abort.signal);
  } catch (e) {
    if (abort.signal.aborted) throw cancelled(e);
    throw e;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
  // A caller that reads a failed fetch as an answer (discovery notes "not found" and goes on) still stops here.
  if (abort.signal.aborted) throw cancelled();
  return result;
}

/**
 * A run its user stopped while a request was in flight (Ctrl-C in the CLI, *Cancel* in the app): nothing more is
 * sent. The CLI prints the message and exits 130; the app shows the run as cancelled.
 */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

/**
 * Runs one request so that the user's stop aborts it and throws Interrupted; `what` names the request in the message
 * ("the token request (POST https://…/token)"). The CLI's is Ctrl-C (host/cli/interrupt.ts), the app's audit has
 * its cancel (host/audit/audit-cancel.ts).
 */
export type Interruptible = <T>(what: string, run: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/**
 * Errors cross the bridge as data: a caller always gets a result, never a lost exception. `code` is
 * for programs (a contract code such as `invalid_input`, or the service's own, such as a transport's
 * `connection_refused`); `message` says in words what is wrong and what is expected.
 */
export interface BridgeError {
  readonly code: string;
  readonly message: string;
  /** Where relevant: the failing phase of a transport error, the fields of a schema error. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export type BridgeResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BridgeError };

/** Thrown by a handler to answer with a specific code; anything else thrown becomes `internal`. */
export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
export const failed = (code: string, message: string, details?: Readonly<Record<string, unknown>>): BridgeResult<never> => ({ ok: false, error: details ? { code, message, details } : { code, message } });

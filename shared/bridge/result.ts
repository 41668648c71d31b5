import { CodedError } from '../errors';

/**
 * Errors cross the bridge as data: a caller always gets a result, never a lost exception. `code` is
 * for programs: one of the contract's own codes (CONTRACT_ERROR below), a protocol error's (PROTOCOL_ERROR,
 * shared/errors.ts), or a service's own (TransportErrorCode, CatcherErrorCode, ...); `message` says in words what
 * is wrong and what is expected.
 */
export interface BridgeError {
  readonly code: string;
  readonly message: string;
  /** Where relevant: the failing phase of a transport error, the fields of a schema error. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export type BridgeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BridgeError };

/** Codes the contract itself produces, a vocabulary beside PROTOCOL_ERROR; services add their own. */
export const CONTRACT_ERROR = {
  /** The input does not match the method's schema, or a handler refused it. */
  INVALID_INPUT: 'invalid_input',
  /** No bridge method has that name. */
  UNKNOWN_METHOD: 'unknown_method',
  /** The thing named (a profile, a wait, a token) does not exist. */
  NOT_FOUND: 'not_found',
  /** The service needed is not running or cannot be reached. */
  UNAVAILABLE: 'unavailable',
  /** This host does not offer the method (a desktop-only call in browser mode). */
  UNSUPPORTED: 'unsupported',
  /** The caller is not the app page. */
  FORBIDDEN: 'forbidden',
  /** A handler failed in a way nobody coded: a bug. */
  INTERNAL: 'internal',
} as const;

/**
 * Thrown by a handler to answer with a specific code: a CONTRACT_ERROR, or a service's code it relays with its
 * message; anything thrown that is not a CodedError becomes `internal`.
 */
export class BridgeFailure extends CodedError {
  override readonly name = 'BridgeFailure';
  constructor(
    code: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>
  ) {
    super(code, undefined, message);
  }
}

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
export const failed = (
  code: string,
  message: string,
  details?: Readonly<Record<string, unknown>>
): BridgeResult<never> => ({ ok: false, error: details ? { code, message, details } : { code, message } });

/**
 * What a caller that ran a bridge call or a core function keeps of a failure: a CodedError with its code (and the
 * failing step, a BridgeFailure's details), anything else as `internal`.
 */
export function bridgeErrorOf(e: unknown): BridgeError {
  if (!(e instanceof CodedError))
    return { code: CONTRACT_ERROR.INTERNAL, message: e instanceof Error ? e.message : String(e) };
  const details = e instanceof BridgeFailure ? e.details : e.step === undefined ? undefined : { step: e.step };
  return details ? { code: e.code, message: e.message, details } : { code: e.code, message: e.message };
}

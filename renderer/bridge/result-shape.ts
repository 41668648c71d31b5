import { CONTRACT_ERROR, type BridgeResult } from '../../shared/bridge/result';

/**
 * Whether a value that crossed a transport is a BridgeResult. Anything else (a proxy's HTML page, another
 * program on the port, a host from an older build) must not reach the UI as if it were one.
 */
export function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; value?: unknown; error?: unknown };
  if (v.ok === true) return 'value' in v;
  if (v.ok !== false || typeof v.error !== 'object' || v.error === null) return false;
  const e = v.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

/** The error the renderer sees when the host cannot be reached or answers nonsense. */
export function unavailable(where: string, why: string): BridgeResult<never> {
  return {
    ok: false,
    error: { code: CONTRACT_ERROR.UNAVAILABLE, message: `The OAuth Lab host is not answering at ${where}: ${why}` },
  };
}

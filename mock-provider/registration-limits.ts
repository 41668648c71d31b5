import type { ProviderContext } from './context';

/**
 * Open registration's bounds (RFC 7591 §3 has no initial access token here, so anyone on the machine can register):
 * a document's size and the registrations per minute, by the mock's clock so a test or a user can move past the
 * window. Registered clients are kept in a table of REGISTERED_CLIENTS_LIMIT (state.ts), oldest dropped first.
 */

/** The longest registration document: metadata with a few keys and certificates fits in a few KiB. */
const REGISTRATION_MAX_BYTES = 16 * 1024;
/** Registrations accepted per window; an MCP client registers once per server. */
const PER_WINDOW = 30;
const WINDOW_MS = 60_000;

/** Why the document is refused for its size (RFC 7591 §3.2.2 invalid_client_metadata), or null. */
export function registrationSizeProblem(bodyText: string): string | null {
  const size = Buffer.byteLength(bodyText, 'utf8');
  return size > REGISTRATION_MAX_BYTES
    ? `The registration document is ${size} bytes; this provider accepts at most ${REGISTRATION_MAX_BYTES} bytes of client metadata.`
    : null;
}

/** The accepted registrations still inside the window, oldest first (the mock clock's milliseconds). */
function recent(ctx: ProviderContext): number[] {
  const now = ctx.clock.now();
  const times = ctx.state.registrationTimes;
  while (times.length > 0 && (times[0]! <= now - WINDOW_MS || times[0]! > now)) times.shift();
  return times;
}

/** When the window is full: the seconds until a registration is accepted again, and the refusal in words. */
export function registrationRateProblem(ctx: ProviderContext): { retryAfter: number; message: string } | null {
  const times = recent(ctx);
  if (times.length < PER_WINDOW) return null;
  const retryAfter = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - ctx.clock.now()) / 1000));
  return {
    retryAfter,
    message: `${times.length} clients registered in the last ${WINDOW_MS / 1000} s, the most this provider registers in that time; try again in ${retryAfter} s.`,
  };
}

/** Counts an accepted registration in the window. */
export function noteRegistration(ctx: ProviderContext): void {
  recent(ctx).push(ctx.clock.now());
}

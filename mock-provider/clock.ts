import type { ClockPort } from '../shared/ports';

/**
 * The provider's clock: real time plus an offset the admin API can advance and reset, so a user (or a test) can
 * fast-forward and watch a request token, a code or a bearer token expire.
 *
 * The offset is a simulation of the provider's time only. Lifetimes (request tokens, codes, bearer tokens, login
 * pages) follow `now()`; a client's oauth_timestamp is judged against `clientNowSeconds()`, the real time the
 * clients' own clocks show, so the timestamp window does not move with the simulation and a moved clock never turns every
 * signed request into "check the client's clock" (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3) leaves the window to the server).
 */
export class MockClock implements ClockPort {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly base: ClockPort = { now: () => Date.now() }) {}

  /** The provider's simulated time, in milliseconds. */
  now(): number {
    return this.base.now() + this.offsetMs;
  }

  /** Unix seconds of the simulated time. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Unix seconds as a client's clock shows them (the offset left out): what oauth_timestamp is judged against. */
  clientNowSeconds(): number {
    return Math.floor(this.base.now() / 1000);
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new RangeError(`The clock only moves forward: seconds must be a number ≥ 0, got ${seconds}.`);
    this.offsetMs += seconds * 1000;
    this.moved();
  }

  /** Back to real time. What was issued keeps its expiry, so a token that had expired in the simulation is live again. */
  reset(): void {
    this.offsetMs = 0;
    this.moved();
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  /** Called after every advance or reset; returns the unsubscribe. */
  onMove(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private moved(): void {
    for (const l of this.listeners) l();
  }
}

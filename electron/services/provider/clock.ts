import type { ClockPort } from '../../../shared/ports';

/**
 * The provider's clock: real time plus an offset the admin API can advance, so a user (or a test) can
 * fast-forward and watch a request token, a code or a bearer token expire (design §4.2).
 */
export class MockClock implements ClockPort {
  private offsetMs = 0;

  constructor(private readonly base: ClockPort = { now: () => Date.now() }) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  /** Unix seconds, as oauth_timestamp counts them. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`The clock only moves forward: seconds must be a number ≥ 0, got ${seconds}.`);
    this.offsetMs += seconds * 1000;
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}

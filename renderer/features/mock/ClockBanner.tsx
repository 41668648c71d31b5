import { useApp } from '../../app/stores';

/** "1 h 2 min 5 s": an offset in words, largest unit first, zero parts left out. */
export function offsetInWords(seconds: number): string {
  const s = Math.round(seconds);
  const parts = [
    [Math.floor(s / 86400), 'd'],
    [Math.floor((s % 86400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ] as const;
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, unit]) => `${n} ${unit}`)
      .join(' ') || '0 s'
  );
}

/**
 * Shown on every page while the mock's clock is ahead of real time: what that changes (lifetimes at the mock) and
 * what it does not (timestamps are judged by real time), with the way back.
 */
export function ClockBanner() {
  const offset = useApp((s) => s.mockClockOffset);
  const running = useApp((s) => s.mock.running);
  const reset = useApp((s) => s.mockClockReset);
  if (!running || offset === 0) return null;
  return (
    <div className="banner clock" role="status" aria-label="Mock clock">
      <span>
        <strong>The mock's clock is {offsetInWords(offset)} ahead.</strong> What it issued ages as if that time had
        passed; your oauth_timestamp is still judged by real time.
      </span>
      <button type="button" onClick={() => void reset()}>
        Reset clock
      </button>
    </div>
  );
}

import { Countdown } from '../../components/Countdown';
import type { MockTokenView } from './use-mock-token';

const LIVE = new Set(['issued', 'authorized', 'valid']);
const WHY =
  "The mock's own records and clock. A client knows only expires_in and this computer's clock, so after the mock's clock is moved (Mock provider page) the two differ.";

/**
 * The mock's verdict on a token beside the client's countdown, shown only when the two differ: the mock's clock was
 * moved ahead, or the token was revoked or used up there.
 */
export function MockExpiry({
  view,
  clientExpiresAt,
  now,
}: {
  view: MockTokenView | null;
  clientExpiresAt: number;
  now: () => number;
}) {
  if (!view) return null;
  const t = now();
  const clientLive = clientExpiresAt > t;
  if (!LIVE.has(view.status) || view.expiresAt <= t) {
    const status = LIVE.has(view.status) ? 'expired' : view.status;
    // Both say expired: nothing to add.
    if (!clientLive && status === 'expired') return null;
    return (
      <span className="mock-view" title={WHY}>
        {' '}
        · at the mock: <span className="expired">{status}</span>
      </span>
    );
  }
  if (Math.abs(view.expiresAt - clientExpiresAt) < 2000) return null;
  return (
    <span className="mock-view" title={WHY}>
      {' '}
      · at the mock: <Countdown until={view.expiresAt} now={now} />
    </span>
  );
}

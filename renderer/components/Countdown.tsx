import { useEffect, useState } from 'react';

/** mm:ss until a moment, ticking each second; "expired" after it. */
export function Countdown({ until, now }: { until: number; now: () => number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.round((until - now()) / 1000));
  if (left === 0) return <span className="expired">expired</span>;
  return (
    <span className="countdown">
      {String(Math.floor(left / 60)).padStart(2, '0')}:{String(left % 60).padStart(2, '0')}
    </span>
  );
}

import { useEffect, useState } from 'react';

/** m:ss, or h:mm:ss from an hour on (never "118:13"). */
function clockText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(seconds % 60)}` : `${two(m)}:${two(seconds % 60)}`;
}

/**
 * mm:ss (h:mm:ss from an hour) until a moment, ticking each second, after `lead` ("expires in") when given;
 * "expired" alone after it (never "expires in expired").
 */
export function Countdown({ until, now, lead }: { until: number; now: () => number; lead?: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.round((until - now()) / 1000));
  if (left === 0) return <span className="expired">expired</span>;
  return (
    <>
      {lead && `${lead} `}
      <span className="countdown">{clockText(left)}</span>
    </>
  );
}

import { useEffect, useState, type ReactNode } from 'react';

const SEEN = 'oauth-lab.explain-seen';

function seen(key: string): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(SEEN) ?? '[]') as string[]).includes(key);
  } catch {
    return false;
  }
}

function markSeen(key: string): void {
  try {
    const keys = JSON.parse(sessionStorage.getItem(SEEN) ?? '[]') as string[];
    if (!keys.includes(key)) sessionStorage.setItem(SEEN, JSON.stringify([...keys, key]));
  } catch {
    // Storage refused (private mode, quota): the panel simply opens again next time.
  }
}

/**
 * What a leg is for, what the service says, what is assumed (with RFC sections), and common mistakes. Open the
 * first time a leg is shown in this tab, folded afterwards, so the request and its Send come up higher.
 */
export function Explain({ title, seenKey, children }: { title: string; seenKey: string; children: ReactNode }) {
  const [open] = useState(() => !seen(seenKey));
  useEffect(() => markSeen(seenKey), [seenKey]);
  return (
    <details className="explain" open={open}>
      <summary>Explain: {title}</summary>
      <div className="explain-body">{children}</div>
    </details>
  );
}

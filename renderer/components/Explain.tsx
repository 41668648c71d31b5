import type { ReactNode } from 'react';

/** What a leg is for, what the service says, what is assumed (with RFC sections), and common mistakes. */
export function Explain({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details className="explain" open={open}>
      <summary>Explain: {title}</summary>
      <div className="explain-body">{children}</div>
    </details>
  );
}

import type { ReactNode } from 'react';

/** An error the page cannot go on from until it is read: said as an alert, with Dismiss. */
export function ErrorBanner({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="banner error" role="alert">
      <span>{children}</span>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

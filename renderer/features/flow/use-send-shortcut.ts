import { useEffect } from 'react';

/** Ctrl/Cmd+Enter sends the current leg (issue 6, keyboard). */
export function useSendShortcut(send: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send]);
}

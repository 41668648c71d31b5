import { useEffect } from 'react';

/** Ctrl/Cmd+Enter does the next step of the current leg (LegActions). */
export function useSendShortcut(send: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send]);
}

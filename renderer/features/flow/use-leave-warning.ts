import { useEffect } from 'react';
import { useApp, useOAuth1, useOAuth2 } from '../../app/stores';

/**
 * In the browser, a reload or a closed tab would lose a flow in progress (its tokens, requests and walk-through live
 * in this page), so the browser asks first while one runs. Not in Electron, where a beforeunload handler that
 * cancels would keep the window from closing without asking anything.
 */
export function useLeaveWarning(): void {
  const web = useApp((s) => s.info?.host === 'web');
  const oauth1 = useOAuth1((s) => s.flow !== null);
  const oauth2 = useOAuth2((s) => s.flow !== null);
  const active = web && (oauth1 || oauth2);
  useEffect(() => {
    if (!active) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

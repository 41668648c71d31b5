import { useState } from 'react';
import { useApp } from '../../app/stores';
import { useOpenUrl } from '../../state/flow/open-url-store';

/**
 * Opens an authorization page after the flow has registered its wait: in browser mode the page opens the tab itself
 * (the same browser the user is in), in Electron the host opens the system browser or the mock's app window.
 */
export function useOpenAuthorization(started: () => Promise<string | null>) {
  const openUrl = useOpenUrl((s) => s.openUrl);
  const host = useApp((s) => s.info?.host ?? 'web');
  const [error, setError] = useState<string | null>(null);
  const open = async (target: 'system' | 'app-window') => {
    setError(null);
    // Opened before any await, or the browser treats it as a pop-up nobody asked for.
    const tab = host === 'web' ? window.open('', '_blank') : null;
    const url = await started();
    if (!url) return tab?.close();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
      return;
    }
    const r = await openUrl(url, target);
    if (!r.ok) setError(r.error.message);
  };
  return { open, error, host };
}

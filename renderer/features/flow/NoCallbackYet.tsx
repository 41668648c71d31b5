import { useEffect, useState } from 'react';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { PasteUrlForm } from './PasteLandedUrl';

/**
 * How long after the authorization page opens, without a callback, the page says what may be wrong. A provider
 * that does not accept the redirect URI must not redirect to it (RFC 6749 §4.1.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)): it shows its error in the tab,
 * and the catcher would otherwise wait out its whole timeout in silence.
 */
export const NO_CALLBACK_HINT_MS = 8_000;

/**
 * Shown while a wait is still open after NO_CALLBACK_HINT_MS: the likely cause (the redirect URI the app sent is
 * not the one registered, RFC 6749 §3.1.2.2 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1.2.2)), and the ways on: open the page again, paste the URL the browser
 * shows, or start over. `waitId` names the wait, so a new one starts the delay again.
 */
export function NoCallbackYet({
  waitId,
  redirectUri,
  offerPaste,
  onPaste,
  onStartOver,
}: {
  waitId: string | null;
  redirectUri: string;
  /** False when the page already shows its own paste form (a redirect URI the catcher cannot receive). */
  offerPaste: boolean;
  onPaste: (url: string) => void;
  onStartOver: () => void;
}) {
  const [lateFor, setLateFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waitId) return;
    const timer = setTimeout(() => setLateFor(waitId), NO_CALLBACK_HINT_MS);
    return () => clearTimeout(timer);
  }, [waitId]);
  const late = waitId !== null && lateFor === waitId;
  const ref = useScrollIntoView<HTMLElement>(late, waitId);
  if (!late) return null;
  return (
    <section className="no-callback" aria-label="No callback yet" ref={ref}>
      <p>
        <strong>No callback yet.</strong> If the provider's page shows an error about the redirect URI (not registered,
        mismatch, invalid), it will not send the browser back. The app sent <code>redirect_uri</code>{' '}
        <code className="break">{redirectUri}</code>; the provider accepts only a URI registered for this client,
        compared exactly (RFC 6749 §3.1.2.2).
      </p>
      <p className="muted">
        Register that URI at the provider (or set the profile's redirect URI to the registered one) and open the page
        again; or, if the browser landed somewhere, paste the URL it shows; or start over.
      </p>
      {offerPaste && <PasteUrlForm onPaste={onPaste} label="The URL the browser shows (from the address bar)" />}
      <p className="send-row">
        <button type="button" onClick={onStartOver}>
          Start over
        </button>
      </p>
    </section>
  );
}

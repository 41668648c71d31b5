import { useEffect, useState, type RefObject } from 'react';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { PasteUrlForm } from './PasteLandedUrl';

/**
 * How long after the authorization page opens, without a callback, the page says what may be wrong. A provider
 * that does not accept the redirect URI must not redirect to it (RFC 6749 §4.1.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)): it shows its error in the tab,
 * and the catcher would otherwise wait out its whole timeout in silence.
 */
export const NO_CALLBACK_HINT_MS = 8_000;

/** Whether a wait is late (still open after NO_CALLBACK_HINT_MS), and the hint's place on the page. */
export interface NoCallbackHint {
  readonly late: boolean;
  readonly ref: RefObject<HTMLElement | null>;
  /** Brings the hint into view (from the bar, which stays in view when the hint is a screen below). */
  readonly show: () => void;
}

/** The wait named `waitId` turning late: the hint below the wait and the bar's line both follow it. */
export function useNoCallbackHint(waitId: string | null): NoCallbackHint {
  const [lateFor, setLateFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waitId) return;
    const timer = setTimeout(() => setLateFor(waitId), NO_CALLBACK_HINT_MS);
    return () => clearTimeout(timer);
  }, [waitId]);
  const late = waitId !== null && lateFor === waitId;
  const ref = useScrollIntoView<HTMLElement>(late, waitId);
  return { late, ref, show: () => ref.current?.scrollIntoView({ block: 'nearest' }) };
}

/** The bar's line while a wait is open: waiting, then, once late, the likely cause with a way to the hint. */
export function CallbackWaitStatus({ hint, redirectUri }: { hint: NoCallbackHint; redirectUri: string }) {
  if (!hint.late) return <span className="waiting small">Waiting for the callback…</span>;
  return (
    <span className="waiting small" role="status">
      No callback yet: the provider may have refused the redirect URI <code className="break">{redirectUri}</code>.{' '}
      <button type="button" className="link" onClick={hint.show}>
        What to do
      </button>
    </span>
  );
}

/**
 * Shown while a wait is still late (useNoCallbackHint): the likely cause (the redirect URI the app sent is
 * not the one registered, RFC 6749 §3.1.2.2 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1.2.2)), and the ways on: open the page again, paste the URL the browser
 * shows, or start over.
 */
export function NoCallbackYet({
  hint,
  redirectUri,
  offerPaste,
  onPaste,
  onStartOver,
}: {
  hint: NoCallbackHint;
  redirectUri: string;
  /** False when the page already shows its own paste form (a redirect URI the catcher cannot receive). */
  offerPaste: boolean;
  onPaste: (url: string) => void;
  onStartOver: () => void;
}) {
  if (!hint.late) return null;
  return (
    <section className="no-callback" aria-label="No callback yet" ref={hint.ref}>
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

import { useOAuth2 } from '../../app/stores';
import { NoCallbackYet, type NoCallbackHint } from '../flow/NoCallbackYet';
import { PasteLandedUrl, pasteNeeded } from '../flow/PasteLandedUrl';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { RejectedCallbacks } from '../flow/RejectedCallbacks';

/**
 * The wait for the redirect back: Cancel, the callbacks refused, how the wait ended, pasting the URL landed on, and
 * `hint`'s advice once the wait is late.
 */
export function CallbackWait({
  redirectUri,
  baseUrl,
  hint,
}: {
  redirectUri: string;
  baseUrl: string;
  hint: NoCallbackHint;
}) {
  const waitId = useOAuth2((s) => s.waitId);
  const ended = useOAuth2((s) => s.waitEnded);
  const cancelled = useOAuth2((s) => s.waitCancelled);
  const profile = useOAuth2((s) => s.profile);
  const catcherUri = useOAuth2((s) => s.catcherUri);
  const pasted = useOAuth2((s) => s.urlPasted);
  const rejected = useOAuth2((s) => s.rejected);
  const restarted = useOAuth2((s) => s.flowStarted);
  const endedRef = useScrollIntoView<HTMLParagraphElement>(ended !== null, ended);
  return (
    <>
      {waitId && (
        <p className="waiting" role="status">
          Waiting for the provider to send the browser back to <code>{redirectUri}</code>…{' '}
          <button type="button" onClick={() => void cancelled()}>
            Cancel
          </button>
        </p>
      )}
      <RejectedCallbacks rejected={rejected} waiting={waitId !== null} />
      {ended && (
        <p className="error" role="alert" ref={endedRef}>
          {ended.message}
        </p>
      )}
      <PasteLandedUrl profile={profile} catcherUri={catcherUri} onPaste={(landed) => void pasted(landed)} />
      <NoCallbackYet
        hint={hint}
        redirectUri={redirectUri}
        offerPaste={!pasteNeeded(profile, catcherUri)}
        onPaste={(landed) => void pasted(landed)}
        onStartOver={() => profile && void restarted(profile, baseUrl)}
      />
    </>
  );
}

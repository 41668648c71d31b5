import { useState } from 'react';
import { PasteLandedUrl } from '../flow/PasteLandedUrl';
import { RejectedCallbacks } from '../flow/RejectedCallbacks';
import { Checks } from '../../components/Checks';
import { CopyButton } from '../../components/CopyButton';
import { Value } from '../../components/Value';
import { useOAuth1 } from '../../app/stores';
import { LegActions } from '../flow/LegActions';
import { useOpenAuthorization } from '../flow/use-open-authorization';
import { SecretField } from '../../components/SecretInput';

/**
 * Step two happens in the user's browser: open the authorize URL, wait on the loopback catcher (RFC 8252 (https://www.rfc-editor.org/rfc/rfc8252)), and
 * check the callback (the returned oauth_token must be our request token). `oob` takes a typed verifier instead.
 */
export function AuthorizeLegPanel({ next }: { next: { title: string; go: () => void } | null }) {
  const flow = useOAuth1((s) => s.flow);
  const authorize = useOAuth1((s) => s.authorize);
  const redirectUri = useOAuth1((s) => s.redirectUri);
  const profile = useOAuth1((s) => s.profile);
  const started = useOAuth1((s) => s.authorizationStarted);
  const cancelled = useOAuth1((s) => s.waitCancelled);
  const verifierEntered = useOAuth1((s) => s.verifierEntered);
  const pasted = useOAuth1((s) => s.urlPasted);
  const { open, error: openError, host } = useOpenAuthorization(started);
  if (!flow?.requestToken || !authorize.url) return <p className="muted">Get a request token first (step 1).</p>;
  const oob = flow.config.callback === 'oob';

  const waiting = authorize.waitId !== null;
  return (
    <div className="leg-panel">
      <Value label="Authorization URL" text={authorize.url} />
      <AuthorizationUrlParameters url={authorize.url} />
      <div className="send-row">
        {host === 'electron' && profile?.builtIn && (
          <button type="button" onClick={() => void open('app-window')} disabled={waiting}>
            Open in app window
          </button>
        )}
        <CopyButton text={authorize.url} label="authorization URL" />
      </div>
      {openError && (
        <p className="error" role="alert">
          {openError}
        </p>
      )}
      {waiting && (
        <p className="waiting" role="status">
          Waiting for the provider to send the browser back to <code>{redirectUri}</code>…{' '}
          <button type="button" onClick={() => void cancelled()}>
            Cancel
          </button>
        </p>
      )}
      <RejectedCallbacks rejected={authorize.rejected} waiting={waiting} />
      {authorize.ended && (
        <p className="error" role="alert">
          {authorize.ended.message}
        </p>
      )}
      {!oob && <PasteLandedUrl profile={profile} catcherUri={redirectUri} onPaste={(url) => void pasted(url)} />}
      {oob && <VerifierForm onVerifier={verifierEntered} />}
      {authorize.callback && (
        <section aria-label="Callback">
          <h4>Callback received</h4>
          <Value label="Callback URL" text={authorize.callback.url} />
        </section>
      )}
      {authorize.outcome && (
        <p className={authorize.outcome.ok ? 'summary ok' : 'summary bad'}>{authorize.outcome.summary}</p>
      )}
      {authorize.outcome && <Checks checks={authorize.outcome.checks} />}
      <LegActions
        action={oob ? null : { label: 'Open in browser', run: () => void open('system'), disabled: waiting }}
        outcome={
          authorize.outcome && {
            ok: authorize.outcome.ok,
            text: authorize.outcome.ok ? 'Callback: authorized' : 'Callback: not authorized',
          }
        }
        next={next}
      >
        {waiting && <span className="waiting small">Waiting for the callback…</span>}
      </LegActions>
    </div>
  );
}

/** The authorization URL's parameters, one a row. */
function AuthorizationUrlParameters({ url }: { url: string }) {
  const query = new URL(url).searchParams;
  return (
    <table className="headers">
      <caption className="sr-only">Authorization URL parameters</caption>
      <tbody>
        {[...query].map(([n, v]) => (
          <tr key={n}>
            <th scope="row" className="mono">
              {n}
            </th>
            <td className="mono break">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `oob` (RFC 5849 §2.1): the provider shows the verifier and the user types it in. */
function VerifierForm({ onVerifier }: { onVerifier: (verifier: string) => void }) {
  const [verifier, setVerifier] = useState('');
  return (
    <form className="form-row" onSubmit={(e) => (e.preventDefault(), onVerifier(verifier))}>
      {/* oauth_verifier is a secret by the one list (shared/secrets.ts): masked until revealed. */}
      <SecretField
        className="grow"
        label="Verifier shown by the provider"
        name="verifier"
        value={verifier}
        onChange={setVerifier}
      />
      <button type="submit">Use verifier</button>
    </form>
  );
}

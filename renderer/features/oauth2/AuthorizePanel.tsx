import { Value } from '../../components/Value';
import { oauth2Flow } from '../../../shared/flows';
import { useOAuth2 } from '../../app/stores';
import { LegActions } from '../flow/LegActions';
import { CallbackWaitStatus, useNoCallbackHint } from '../flow/NoCallbackYet';
import { useOpenAuthorization } from '../flow/use-open-authorization';
import { FreshLogin } from './FreshLogin';
import { usePar } from '../../state/oauth2/par-store';
import { PushedAuthorization } from './PushedAuthorization';
import { RequestObjectPanel } from './RequestObjectPanel';
import { useRequestObject } from '../../state/oauth2/request-object-store';
import { authorizationToOpen } from './authorization-to-open';
import { CallbackWait } from './CallbackWait';
import { StateAndPkce } from './StateAndPkce';

/** The authorization URL, and each of its parameters in a table. */
function AuthorizationUrl({ url }: { url: string }) {
  const params = [...new URL(url).searchParams];
  return (
    <>
      <Value label="Authorization URL" text={url} />
      <table className="headers">
        <caption className="sr-only">Authorization URL parameters</caption>
        <tbody>
          {params.map(([n, v]) => (
            <tr key={n}>
              <th scope="row" className="mono">
                {n}
              </th>
              <td className="mono break">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The bar's word on the callback; a pasted text refused before any check (not a URL, the request's own URL) is none. */
const callbackStatus = (outcome: { ok: boolean; checks: readonly unknown[] }) =>
  outcome.ok
    ? 'Callback: code received'
    : outcome.checks.length === 0
      ? 'Pasted URL: not a callback'
      : 'Callback: no code';

/** The authorization URL in parts, the state and PKCE, opening the page, waiting, and the callback's checks. */
export function AuthorizePanel({ next }: { next: { title: string; go: () => void } | null }) {
  const flow = useOAuth2((s) => s.flow);
  // The request's own parameters, also once pushed or signed (the URL then opened is the store's authorizeUrl).
  const url = useOAuth2((s) => s.flow && s.authorizeUrl && oauth2Flow.buildAuthorizeRequest(s.flow).url);
  const waitId = useOAuth2((s) => s.waitId);
  const outcome = useOAuth2((s) => s.callbackOutcome);
  const started = useOAuth2((s) => s.authorizationStarted);
  const profile = useOAuth2((s) => s.profile);
  const par = usePar((s) => s);
  const requestObject = useRequestObject((s) => s);
  const { open, error, host } = useOpenAuthorization(() =>
    flow && profile ? authorizationToOpen({ par, requestObject }, flow, profile, started) : started()
  );
  const hint = useNoCallbackHint(waitId);
  if (!flow || !url) return null;
  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="Authorization request">
          <AuthorizationUrl url={url} />
          {flow.config.dpopJkt && (
            <p className="muted small" data-testid="dpop-jkt-note">
              <code>dpop_jkt</code> is the thumbprint of the profile&apos;s DPoP key, which the token leg proves: the
              provider binds the code to that key and refuses it with a proof of any other (RFC 9449 §10).
            </p>
          )}
          <FreshLogin />
          {host === 'electron' && profile?.builtIn && (
            <div className="send-row">
              <button type="button" onClick={() => void open('app-window')}>
                Open in app window
              </button>
            </div>
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <RequestObjectPanel />
          <PushedAuthorization />
          <CallbackWait redirectUri={flow.config.redirectUri} baseUrl={flow.config.baseUrl} hint={hint} />
        </section>
        <StateAndPkce flow={flow} />
      </div>
      <LegActions
        action={{ label: 'Open in browser', run: () => void open('system') }}
        outcome={outcome && { ok: outcome.ok, text: callbackStatus(outcome) }}
        next={next}
      >
        {waitId && <CallbackWaitStatus hint={hint} redirectUri={flow.config.redirectUri} />}
      </LegActions>
    </div>
  );
}

import { Checks } from '../../components/Checks';
import { FlowMistakeChooser } from './FlowMistakeChooser';
import { FlowVerdictView } from './FlowVerdictView';
import { Value } from '../../components/Value';
import { useOAuth2 } from '../../app/stores';
import { LegActions } from '../flow/LegActions';
import { useOpenAuthorization } from '../flow/use-open-authorization';
import { NoCallbackYet } from '../flow/NoCallbackYet';
import { FreshLogin } from './FreshLogin';
import { usePar } from './par-store';
import { PushedAuthorization } from './PushedAuthorization';
import { RequestObjectPanel } from './RequestObjectPanel';
import { useRequestObject } from './request-object-store';
import { authorizationToOpen } from './authorization-to-open';
import { PasteLandedUrl, pasteNeeded } from '../flow/PasteLandedUrl';
import { useScrollIntoView } from '../../components/use-scroll-into-view';
import { RejectedCallbacks } from '../flow/RejectedCallbacks';

/** The authorization URL in parts, the state and PKCE, opening the page, waiting, and the callback's checks. */
export function AuthorizePanel({ next }: { next: { title: string; go: () => void } | null }) {
  const flow = useOAuth2((s) => s.flow);
  const url = useOAuth2((s) => s.authorizeUrl);
  const waitId = useOAuth2((s) => s.waitId);
  const callback = useOAuth2((s) => s.callback);
  const outcome = useOAuth2((s) => s.callbackOutcome);
  const ended = useOAuth2((s) => s.waitEnded);
  const started = useOAuth2((s) => s.authorizationStarted);
  const cancelled = useOAuth2((s) => s.waitCancelled);
  const profile = useOAuth2((s) => s.profile);
  const catcherUri = useOAuth2((s) => s.catcherUri);
  const pasted = useOAuth2((s) => s.urlPasted);
  const rejected = useOAuth2((s) => s.rejected);
  const restarted = useOAuth2((s) => s.flowStarted);
  const par = usePar((s) => s);
  const requestObject = useRequestObject((s) => s);
  const { open, error, host } = useOpenAuthorization(() =>
    flow && profile ? authorizationToOpen({ par, requestObject }, flow, profile, started) : started()
  );
  const endedRef = useScrollIntoView<HTMLParagraphElement>(ended !== null, ended);
  if (!flow || !url) return null;
  const params = [...new URL(url).searchParams];
  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="Authorization request">
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
          {waitId && (
            <p className="waiting" role="status">
              Waiting for the provider to send the browser back to <code>{flow.config.redirectUri}</code>…{' '}
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
            waitId={waitId}
            redirectUri={flow.config.redirectUri}
            offerPaste={!pasteNeeded(profile, catcherUri)}
            onPaste={(landed) => void pasted(landed)}
            onStartOver={() => profile && void restarted(profile, flow.config.baseUrl)}
          />
        </section>
        <section className="col" aria-label="State and PKCE">
          <h3>State and PKCE</h3>
          <Value label="state (random, checked on return: RFC 6749 §10.12)" text={flow.state} />
          {flow.pkce ? (
            <>
              <Value label="code_verifier (kept by the app, sent with the token request)" text={flow.pkce.verifier} />
              <p className="muted">
                code_challenge ={' '}
                {flow.pkce.method === 'S256' ? 'BASE64URL(SHA-256(ASCII(code_verifier)))' : 'code_verifier (plain)'}{' '}
                (RFC 7636 §4.2)
              </p>
              <Value label={`code_challenge (${flow.pkce.method})`} text={flow.pkce.challenge} />
            </>
          ) : (
            <p className="muted">PKCE is off for this profile.</p>
          )}
          {callback && <Value label="Callback URL" text={callback.url} />}
          {outcome && <p className={outcome.ok ? 'summary ok' : 'summary bad'}>{outcome.summary}</p>}
          <FlowVerdictView leg="authorize" />
          {outcome && <Checks checks={outcome.checks} />}
          {!outcome && <FlowMistakeChooser leg="authorize" />}
        </section>
      </div>
      <LegActions
        action={{ label: 'Open in browser', run: () => void open('system') }}
        outcome={outcome && { ok: outcome.ok, text: outcome.ok ? 'Callback: code received' : 'Callback: no code' }}
        next={next}
      >
        {waitId && <span className="waiting small">Waiting for the callback…</span>}
      </LegActions>
    </div>
  );
}

import { Checks } from '../../components/Checks';
import { Value } from '../../components/Value';
import { useOAuth2 } from '../../app/stores';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { FlowMistakeChooser } from './FlowMistakeChooser';
import { FlowVerdictView } from './FlowVerdictView';

/** The state and PKCE values the app keeps, then the callback and its checks (RFC 6749 §10.12, RFC 7636 §4.2). */
export function StateAndPkce({ flow }: { flow: OAuth2State }) {
  const callback = useOAuth2((s) => s.callback);
  const outcome = useOAuth2((s) => s.callbackOutcome);
  return (
    <section className="col" aria-label="State and PKCE">
      <h3>State and PKCE</h3>
      <Value label="state (random, checked on return: RFC 6749 §10.12)" text={flow.state} />
      {flow.pkce ? (
        <>
          <Value label="code_verifier (kept by the app, sent with the token request)" text={flow.pkce.verifier} />
          <p className="muted">
            code_challenge ={' '}
            {flow.pkce.method === 'S256' ? 'BASE64URL(SHA-256(ASCII(code_verifier)))' : 'code_verifier (plain)'} (RFC
            7636 §4.2)
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
  );
}

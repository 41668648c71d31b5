import type { OAuth1Leg } from '../../../shared/flows/oauth1-flow';
import { Explain } from '../../components/Explain';
import { ProfilePicker } from '../../components/ProfilePicker';
import { FlowBinding } from '../flow/FlowBinding';
import { LegStepper } from '../../components/LegStepper';
import { SequenceDiagram } from '../../components/SequenceDiagram';
import { useApp, useOAuth1 } from '../../app/stores';
import { AuthorizeLegPanel } from './AuthorizeLegPanel';
import { CredentialTimeline } from './CredentialTimeline';
import { OAUTH1_EXPLAIN } from './explain';
import { OAUTH1_ARROWS, OAUTH1_TITLES } from './legs';
import { SignedLegPanel } from './SignedLegPanel';

const NEXT: Record<OAuth1Leg, OAuth1Leg | null> = { requestToken: 'authorize', authorize: 'accessToken', accessToken: 'api', api: null };

/** The OAuth 1.0a flow page: the legs, the credentials, the diagram, and the current leg in full. */
export function OAuth1Page() {
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mock = useApp((s) => s.mock);
  const flow = useOAuth1((s) => s.flow);
  const flowProfile = useOAuth1((s) => s.profile);
  const current = useOAuth1((s) => s.current);
  const startError = useOAuth1((s) => s.startError);
  const flowStarted = useOAuth1((s) => s.flowStarted);
  const legChosen = useOAuth1((s) => s.legChosen);
  const profile = profiles.find((p) => p.id === activeId);
  const baseUrl = profile?.builtIn ? mock.baseUrl : profile?.baseUrl || null;

  const next = NEXT[current];
  const go = next && flow?.legs[next] === 'ready' && flow.legs[current] === 'succeeded' ? { title: OAUTH1_TITLES[next], go: () => legChosen(next) } : null;
  const start = () => profile && baseUrl && void flowStarted(profile, baseUrl);
  return (
    <div className="page">
      <header className="page-head">
        <h2>OAuth 1.0a</h2>
        <ProfilePicker />
        <span className="muted">{flow ? flow.config.baseUrl : baseUrl ?? (profile?.builtIn ? 'mock not running' : 'this profile has no base URL')}</span>
        <button type="button" className={flow ? '' : 'primary'} disabled={!baseUrl} onClick={start}>{flow ? 'Start over' : 'Start the OAuth 1.0a flow'}</button>
      </header>
      {startError && <p className="error" role="alert">{startError.message}</p>}
      {flow && <FlowBinding flowProfile={flowProfile} flowBaseUrl={flow.config.baseUrl} chosen={profile} />}
      {!flow ? (
        <div className="welcome">
          <p>Walk through the three legs of OAuth 1.0a against {profile?.builtIn ? 'the built-in mock provider' : profile?.name}: get a request token, let the user authorize it in the browser, exchange it for an access token, then call the API. Every parameter, the base string, the signing key and the raw HTTP are shown on the way.</p>
          <p><strong>Next:</strong> press <em>Start the OAuth 1.0a flow</em>.{profile?.builtIn ? <> The mock's login page opens in a new tab: log in there as <code>demo</code> / <code>demo</code>.</> : ''}</p>
        </div>
      ) : (
        <>
          <LegStepper legs={flow.legs} titles={OAUTH1_TITLES} current={current} onChoose={legChosen} />
          <CredentialTimeline />
          <details className="diagram">
            <summary>Sequence diagram</summary>
            <SequenceDiagram arrows={OAUTH1_ARROWS} current={current} onChoose={legChosen} title="OAuth 1.0a sequence" />
          </details>
          <section className="leg-section" aria-label={OAUTH1_TITLES[current]}>
            <h2 className="leg-heading">{OAUTH1_TITLES[current]}</h2>
            <Explain key={`explain-${current}`} title={OAUTH1_TITLES[current]} seenKey={`oauth1.${current}`}>{OAUTH1_EXPLAIN[current]}</Explain>
            {current === 'authorize' ? <AuthorizeLegPanel next={go} /> : <SignedLegPanel key={`panel-${current}`} leg={current} next={go} />}
          </section>
        </>
      )}
    </div>
  );
}

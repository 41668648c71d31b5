import type { OAuth1Leg } from '../../../shared/flows/oauth1-flow';
import { useOAuth1 } from '../../app/stores';
import { FlowPageShell } from '../flow/FlowPageShell';
import { LOGIN_TAB_OPENS } from '../flow/mock-login';
import { AuthorizeLegPanel } from './AuthorizeLegPanel';
import { CredentialTimeline } from './CredentialTimeline';
import { OAUTH1_EXPLAIN } from './explain';
import { OAUTH1_ARROWS, OAUTH1_TITLES } from './legs';
import { SignedLegPanel } from './SignedLegPanel';

const NEXT: Record<OAuth1Leg, OAuth1Leg | null> = {
  requestToken: 'authorize',
  authorize: 'accessToken',
  accessToken: 'api',
  api: null,
};

/** The OAuth 1.0a flow page: the legs, the credentials, the diagram, and the current leg in full. */
export function OAuth1Page() {
  const flow = useOAuth1((s) => s.flow);
  const flowProfile = useOAuth1((s) => s.profile);
  const current = useOAuth1((s) => s.current);
  const startError = useOAuth1((s) => s.startError);
  const flowStarted = useOAuth1((s) => s.flowStarted);
  const legChosen = useOAuth1((s) => s.legChosen);

  const next = NEXT[current];
  const go =
    next && flow?.legs[next] === 'ready' && flow.legs[current] === 'succeeded'
      ? { title: OAUTH1_TITLES[next], go: () => legChosen(next) }
      : null;
  return (
    <FlowPageShell
      name="OAuth 1.0a"
      flow={flow}
      flowProfile={flowProfile}
      startError={startError}
      onStart={(profile, baseUrl) => void flowStarted(profile, baseUrl)}
      intro={(profile) => (
        <>
          Walk through the three legs of OAuth 1.0a against{' '}
          {profile?.builtIn ? 'the built-in mock provider' : profile?.name}: get a request token, let the user authorize
          it in the browser, exchange it for an access token, then call the API. Every parameter, the base string, the
          signing key and the raw HTTP are shown on the way.
        </>
      )}
      mockLogin={LOGIN_TAB_OPENS}
      titles={OAUTH1_TITLES}
      arrows={OAUTH1_ARROWS}
      explain={OAUTH1_EXPLAIN}
      explainKey="oauth1"
      current={current}
      onChoose={legChosen}
      credentials={<CredentialTimeline />}
      panel={
        current === 'authorize' ? (
          <AuthorizeLegPanel next={go} />
        ) : (
          <SignedLegPanel key={`panel-${current}`} leg={current} next={go} />
        )
      }
    />
  );
}

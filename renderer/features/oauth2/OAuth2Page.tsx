import { useOAuth2 } from '../../app/stores';
import { FlowPageShell } from '../flow/FlowPageShell';
import { LOGIN_TAB_OPENS } from '../flow/mock-login';
import { AuthorizePanel } from './AuthorizePanel';
import { OAuth2Credentials } from './OAuth2Credentials';
import { OAUTH2_ARROWS, OAUTH2_NEXT, OAUTH2_TITLES, oauth2Explain } from './legs';
import { SentLegPanel } from './SentLegPanel';
import { TokenManagementPanel } from './TokenManagementPanel';

/** The OAuth 2 authorization code page: authorize (with PKCE), token exchange, bearer call, refresh. */
export function OAuth2Page() {
  const flow = useOAuth2((s) => s.flow);
  const flowProfile = useOAuth2((s) => s.profile);
  const current = useOAuth2((s) => s.current);
  const startError = useOAuth2((s) => s.startError);
  const flowStarted = useOAuth2((s) => s.flowStarted);
  const legChosen = useOAuth2((s) => s.legChosen);
  const next = OAUTH2_NEXT[current];
  const go =
    next && flow?.legs[next] === 'ready' && flow.legs[current] === 'succeeded'
      ? { title: OAUTH2_TITLES[next], go: () => legChosen(next) }
      : null;
  const authorizeUrl = useOAuth2((s) => s.authorizeUrl);
  const drafts = useOAuth2((s) => s.drafts);
  const explain = oauth2Explain(flow?.config.service ?? true, {
    authorizeUrl,
    token: drafts.token ?? null,
    api: drafts.api ?? null,
  });
  // A panel of its own for each leg: its export asks again whether to include secrets, its secrets start hidden.
  const panel =
    current === 'authorize' ? <AuthorizePanel next={go} /> : <SentLegPanel key={current} leg={current} next={go} />;
  return (
    <FlowPageShell
      name="OAuth 2"
      flow={flow}
      flowProfile={flowProfile}
      startError={startError}
      onStart={(profile, baseUrl) => void flowStarted(profile, baseUrl)}
      intro={() =>
        'Walk through the authorization code grant with PKCE: the user authorizes in the browser, the code comes back to the loopback catcher, the app exchanges it for a bearer token, calls the API, and refreshes the token.'
      }
      mockLogin={LOGIN_TAB_OPENS}
      titles={OAUTH2_TITLES}
      arrows={OAUTH2_ARROWS}
      explain={explain}
      explainKey="oauth2"
      current={current}
      onChoose={legChosen}
      credentials={<OAuth2Credentials />}
      panel={
        <>
          {panel}
          <TokenManagementPanel />
        </>
      }
    />
  );
}

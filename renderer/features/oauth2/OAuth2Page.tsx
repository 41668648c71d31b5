import { Countdown } from '../../components/Countdown';
import { Explain } from '../../components/Explain';
import { ProfilePicker } from '../../components/ProfilePicker';
import { FlowBinding } from '../flow/FlowBinding';
import { LegStepper } from '../../components/LegStepper';
import { SequenceDiagram } from '../../components/SequenceDiagram';
import { useApp, useDeps, useOAuth2 } from '../../app/stores';
import { MockExpiry } from '../flow/MockExpiry';
import { useMockToken, type MockTokenView } from '../flow/use-mock-token';
import { isMockUrl } from '../../state/provider-match';
import { AuthorizePanel } from './AuthorizePanel';
import { OAUTH2_ARROWS, OAUTH2_EXPLAIN, OAUTH2_NEXT, OAUTH2_TITLES } from './legs';
import { SentLegPanel } from './SentLegPanel';

/** The OAuth 2 authorization code page: authorize (with PKCE), token exchange, bearer call, refresh. */
export function OAuth2Page() {
  const { now } = useDeps();
  const profiles = useApp((s) => s.profiles);
  const activeId = useApp((s) => s.activeProfileId);
  const mock = useApp((s) => s.mock);
  const flow = useOAuth2((s) => s.flow);
  const flowProfile = useOAuth2((s) => s.profile);
  const current = useOAuth2((s) => s.current);
  const startError = useOAuth2((s) => s.startError);
  const flowStarted = useOAuth2((s) => s.flowStarted);
  const legChosen = useOAuth2((s) => s.legChosen);
  const profile = profiles.find((p) => p.id === activeId);
  const baseUrl = profile?.builtIn ? mock.baseUrl : profile?.baseUrl || null;
  const next = OAUTH2_NEXT[current];
  const go = next && flow?.legs[next] === 'ready' && flow.legs[current] === 'succeeded' ? { title: OAUTH2_TITLES[next], go: () => legChosen(next) } : null;
  const token = flow?.token;
  // The flow's own profile: the picker may have moved on since the flow started.
  // The built-in profile, or any profile whose base URL is the mock under another loopback name (LOCALHOST).
  const againstMock = useOAuth2((s) => s.profile?.builtIn === true || (s.flow !== null && isMockUrl(s.flow.config.baseUrl, mock.baseUrl)));
  const mockView = useMockToken('bearerToken', token?.accessToken ?? null, againstMock);
  const exchanged = flow?.legs.token === 'succeeded';
  // The flow forgets a code once exchanged (single use, RFC 6749 §4.1.2); the callback still shows which it was.
  const caught = useOAuth2((s) => s.callback?.params.find(([n]) => n === 'code')?.[1] ?? null);
  const code = flow?.code ?? (exchanged ? caught : null);
  const codeView = useMockToken('code', flow?.code ?? null, againstMock);
  return (
    <div className="page">
      <header className="page-head">
        <h2>OAuth 2</h2>
        <ProfilePicker />
        <span className="muted">{flow ? flow.config.baseUrl : baseUrl ?? (profile?.builtIn ? 'mock not running' : 'this profile has no base URL')}</span>
        <button type="button" className={flow ? '' : 'primary'} disabled={!baseUrl} onClick={() => profile && baseUrl && void flowStarted(profile, baseUrl)}>{flow ? 'Start over' : 'Start the OAuth 2 flow'}</button>
      </header>
      {startError && <p className="error" role="alert">{startError.message}</p>}
      {flow && <FlowBinding flowProfile={flowProfile} flowBaseUrl={flow.config.baseUrl} chosen={profile} />}
      {!flow ? (
        <div className="welcome">
          <p>Walk through the authorization code grant with PKCE: the user authorizes in the browser, the code comes back to the loopback catcher, the app exchanges it for a bearer token, calls the API, and refreshes the token.</p>
          <p><strong>Next:</strong> press <em>Start the OAuth 2 flow</em>.{profile?.builtIn ? <> The mock's login page opens in a new tab: log in there as <code>demo</code> / <code>demo</code>.</> : ''}</p>
        </div>
      ) : (
        <>
          <LegStepper legs={flow.legs} titles={OAUTH2_TITLES} current={current} onChoose={legChosen} />
          <ul className="timeline" aria-label="Credentials">
            <li className={code ? 'have' : ''}>
              Code: {code ? <><code>{code.slice(0, 12)}…</code> {exchanged ? 'exchanged' : 'received'}{!exchanged && codeView && <CodeAtMock view={codeView} now={now} />}</> : 'none yet'}
            </li>
            <li className={token ? 'have' : ''}>Bearer token: {token ? <><code>{token.accessToken.slice(0, 12)}…</code> {token.expiresAt ? <>expires in <Countdown until={token.expiresAt} now={now} /><MockExpiry view={mockView} clientExpiresAt={token.expiresAt} now={now} /></> : 'no expiry given'}</> : 'none yet'}</li>
            <li className={token?.refreshToken ? 'have' : ''}>Refresh: {token?.refreshToken ? 'available' : 'none'}</li>
          </ul>
          <details className="diagram">
            <summary>Sequence diagram</summary>
            <SequenceDiagram arrows={OAUTH2_ARROWS} current={current} onChoose={legChosen} title="OAuth 2 sequence" />
          </details>
          <section className="leg-section" aria-label={OAUTH2_TITLES[current]}>
            <h2 className="leg-heading">{OAUTH2_TITLES[current]}</h2>
            <Explain key={`explain-${current}`} title={OAUTH2_TITLES[current]} seenKey={`oauth2.${current}`}>{OAUTH2_EXPLAIN[current]}</Explain>
            {current === 'authorize' ? <AuthorizePanel next={go} /> : <SentLegPanel leg={current} next={go} />}
          </section>
        </>
      )}
    </div>
  );
}

/** The code's life at the mock (its lifetime, 60 s by default, interface §8): a client is only told to exchange it at once. */
function CodeAtMock({ view, now }: { view: MockTokenView; now: () => number }) {
  if (view.status !== 'issued') return <span className="mock-view"> · at the mock: <span className="expired">{view.status}</span></span>;
  return <span className="mock-view"> · code lifetime at the mock: <Countdown until={view.expiresAt} now={now} /></span>;
}

import { Countdown } from '../../components/Countdown';
import { useApp, useDeps, useOAuth2 } from '../../app/stores';
import { FlowPageShell } from '../flow/FlowPageShell';
import { MockExpiry } from '../flow/MockExpiry';
import { useMockToken, type MockTokenView } from '../flow/use-mock-token';
import { isMockUrl } from '../../state/provider-match';
import { AuthorizePanel } from './AuthorizePanel';
import { OAUTH2_ARROWS, OAUTH2_NEXT, OAUTH2_TITLES, oauth2Explain } from './legs';
import { SentLegPanel } from './SentLegPanel';
import { TokenManagementPanel } from './TokenManagementPanel';

/** The OAuth 2 authorization code page: authorize (with PKCE), token exchange, bearer call, refresh. */
export function OAuth2Page() {
  const { now } = useDeps();
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
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
  const token = flow?.token;
  const standing = useOAuth2((s) => s.standing);
  const authorizeUrl = useOAuth2((s) => s.authorizeUrl);
  const drafts = useOAuth2((s) => s.drafts);
  const explain = oauth2Explain(flow?.config.service ?? true, {
    authorizeUrl,
    token: drafts.token ?? null,
    api: drafts.api ?? null,
  });
  // The flow's own profile: the picker may have moved on since the flow started.
  // The built-in profile, or any profile whose base URL is the mock under another loopback name (LOCALHOST).
  const againstMock = useOAuth2(
    (s) => s.profile?.builtIn === true || (s.flow !== null && isMockUrl(s.flow.config.baseUrl, mockBaseUrl))
  );
  const mockView = useMockToken('bearerToken', token?.accessToken ?? null, againstMock);
  const exchanged = flow?.legs.token === 'succeeded';
  // The flow forgets a code once exchanged (single use, RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2)); the callback still shows which it was.
  const caught = useOAuth2((s) => s.callback?.params.find(([n]) => n === 'code')?.[1] ?? null);
  const code = flow?.code ?? caught;
  // A code sent again after its exchange is refused (invalid_grant): the header says so rather than "none yet".
  const codeState = flow?.code
    ? 'received'
    : exchanged
      ? 'exchanged'
      : 'exchanged before, then sent again and refused (single use, RFC 6749 §4.1.2)';
  const codeView = useMockToken('code', flow?.code ?? null, againstMock);
  const credentials = (
    <ul className="timeline" aria-label="Credentials">
      <li className={code ? 'have' : ''}>
        Code:{' '}
        {code ? (
          <>
            <code>{code.slice(0, 12)}…</code> {codeState}
            {flow?.code && codeView && <CodeAtMock view={codeView} now={now} />}
          </>
        ) : (
          'none yet'
        )}
      </li>
      <li className={token ? (standing.accessRefused ? 'bad' : 'have') : ''}>
        Bearer token:{' '}
        {token ? (
          <>
            <code>{token.accessToken.slice(0, 12)}…</code>{' '}
            {standing.accessRefused ? (
              'refused by the server (401)'
            ) : token.expiresAt ? (
              <>
                expires in <Countdown until={token.expiresAt} now={now} />
                <MockExpiry view={mockView} clientExpiresAt={token.expiresAt} now={now} />
              </>
            ) : (
              'no expiry given'
            )}
            {/* The mock's own word on the token, when it has one, says more than a guess. */}
            {standing.refreshRefused && !standing.accessRefused && mockView?.status !== 'revoked' && (
              <span className="bad"> · its refresh was refused: it may be revoked too</span>
            )}
          </>
        ) : (
          'none yet'
        )}
      </li>
      <li className={token?.refreshToken ? (standing.refreshRefused ? 'bad' : 'have') : ''}>
        Refresh:{' '}
        {!token?.refreshToken
          ? 'none'
          : standing.refreshRefused
            ? `refused (${standing.refreshRefused}); authorize again`
            : 'available'}
      </li>
    </ul>
  );
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
      titles={OAUTH2_TITLES}
      arrows={OAUTH2_ARROWS}
      explain={explain}
      explainKey="oauth2"
      current={current}
      onChoose={legChosen}
      credentials={credentials}
      panel={
        <>
          {panel}
          <TokenManagementPanel />
        </>
      }
    />
  );
}

/** The code's life at the mock (its lifetime, 60 s by default, interface §8): a client is only told to exchange it at once. */
function CodeAtMock({ view, now }: { view: MockTokenView; now: () => number }) {
  if (view.status !== 'issued')
    return (
      <span className="mock-view">
        {' '}
        · at the mock: <span className="expired">{view.status}</span>
      </span>
    );
  return (
    <span className="mock-view">
      {' '}
      · code lifetime at the mock: <Countdown until={view.expiresAt} now={now} />
    </span>
  );
}

import { Countdown } from '../../components/Countdown';
import { useApp, useDeps, useOAuth2 } from '../../app/stores';
import { MockExpiry } from '../flow/MockExpiry';
import { useMockToken, type MockTokenView } from '../flow/use-mock-token';
import { isMockUrl } from '../../state/provider-match';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

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

/** Whether the flow runs against the built-in mock, so the mock's own view of its tokens can be shown. */
function useAgainstMock(): boolean {
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
  // The flow's own profile: the picker may have moved on since the flow started.
  // The built-in profile, or any profile whose base URL is the mock under another loopback name (LOCALHOST).
  return useOAuth2(
    (s) => s.profile?.builtIn === true || (s.flow !== null && isMockUrl(s.flow.config.baseUrl, mockBaseUrl))
  );
}

/** The authorization code: received, exchanged, or refused when sent again; its lifetime at the mock. */
function CodeCredential({ againstMock }: { againstMock: boolean }) {
  const { now } = useDeps();
  const flow = useOAuth2((s) => s.flow);
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
  return (
    <li className={code ? 'have' : ''}>
      Code:{' '}
      {code ? (
        <>
          <code>{tokenTail(code)}</code> {codeState}
          {flow?.code && codeView && <CodeAtMock view={codeView} now={now} />}
        </>
      ) : (
        'none yet'
      )}
    </li>
  );
}

/** The bearer token: its expiry here and at the mock, or what the server said of it. */
function BearerCredential({ againstMock }: { againstMock: boolean }) {
  const { now } = useDeps();
  const token = useOAuth2((s) => s.flow?.token);
  const standing = useOAuth2((s) => s.standing);
  const mockView = useMockToken('bearerToken', token?.accessToken ?? null, againstMock);
  return (
    <li className={token ? (standing.accessRefused ? 'bad' : 'have') : ''}>
      Bearer token:{' '}
      {token ? (
        <>
          <code>{tokenTail(token.accessToken)}</code>{' '}
          {standing.accessRefused ? (
            'refused by the server (401)'
          ) : token.expiresAt ? (
            <>
              <Countdown until={token.expiresAt} now={now} lead="expires in" />
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
  );
}

/** The credentials the OAuth 2 flow holds so far: the code, the bearer token, the refresh token. */
export function OAuth2Credentials() {
  const againstMock = useAgainstMock();
  const token = useOAuth2((s) => s.flow?.token);
  const standing = useOAuth2((s) => s.standing);
  return (
    <ul className="timeline" aria-label="Credentials">
      <CodeCredential againstMock={againstMock} />
      <BearerCredential againstMock={againstMock} />
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
}

import { Countdown } from '../../components/Countdown';
import { useApp, useDeps, useOAuth1 } from '../../app/stores';
import { isMockUrl } from '../../state/provider-match';
import { MockExpiry } from '../flow/MockExpiry';
import { useMockToken } from '../flow/use-mock-token';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

/** The credentials the flow holds, with the request token's remaining lifetime (interface §2.1, §3). */
export function CredentialTimeline() {
  const { now } = useDeps();
  const flow = useOAuth1((s) => s.flow);
  const mockBase = useApp((s) => s.mock.baseUrl);
  // The built-in profile, or any profile whose base URL is the mock under another loopback name (LOCALHOST).
  const builtIn = useOAuth1(
    (s) => s.profile?.builtIn === true || (s.flow !== null && isMockUrl(s.flow.config.baseUrl, mockBase))
  );
  const mockView = useMockToken('requestToken', flow?.requestToken?.token ?? null, builtIn);
  const accessAtMock = useMockToken('accessToken', flow?.accessToken?.token ?? null, builtIn);
  if (!flow) return null;
  const rt = flow.requestToken;
  const at = flow.accessToken;
  return (
    <ul className="timeline" aria-label="Credentials">
      <li className={rt ? 'have' : ''}>
        Request token:{' '}
        {rt ? (
          <>
            <code>{tokenTail(rt.token)}</code>{' '}
            {flow.legs.accessToken === 'succeeded' ? (
              'exchanged'
            ) : rt.expiresAt ? (
              <>
                <Countdown until={rt.expiresAt} now={now} lead="expires in" />
                <MockExpiry view={mockView} clientExpiresAt={rt.expiresAt} now={now} />
              </>
            ) : (
              'no expiry given'
            )}
          </>
        ) : (
          'none yet'
        )}
      </li>
      <li className={flow.verifier ? 'have' : ''}>
        Verifier: {flow.verifier ? <code>{flow.verifier}</code> : 'none yet'}
      </li>
      <li className={at ? (at.deauthorized || (accessAtMock && accessAtMock.status !== 'valid') ? 'bad' : 'have') : ''}>
        Access token:{' '}
        {at ? (
          <>
            <code>{tokenTail(at.token)}</code> {accessTokenState(at.deauthorized, accessAtMock?.status ?? null)}
          </>
        ) : (
          'none yet'
        )}
      </li>
    </ul>
  );
}

/**
 * Never "valid" for a token the server refused or the mock has deauthorized: a client learns of a deauthorization
 * only from a 401 (interface §3), the mock's own records say it at once.
 */
function accessTokenState(refused: boolean, atMock: string | null): string {
  if (atMock && atMock !== 'valid') return `${atMock} at the mock`;
  if (refused) return 'refused by the server (deauthorized?)';
  return atMock === 'valid' ? 'valid at the mock, does not expire' : 'does not expire (until the user deauthorizes it)';
}

import { Countdown } from '../../components/Countdown';
import { useDeps, useOAuth1 } from '../../app/stores';
import { MockExpiry } from '../flow/MockExpiry';
import { useMockToken } from '../flow/use-mock-token';

/** The credentials the flow holds, with the request token's remaining lifetime (seed §2.1, §3). */
export function CredentialTimeline() {
  const { now } = useDeps();
  const flow = useOAuth1((s) => s.flow);
  const builtIn = useOAuth1((s) => s.profile?.builtIn === true);
  const mockView = useMockToken('requestToken', flow?.requestToken?.token ?? null, builtIn);
  if (!flow) return null;
  const rt = flow.requestToken;
  const at = flow.accessToken;
  return (
    <ul className="timeline" aria-label="Credentials">
      <li className={rt ? 'have' : ''}>
        Request token: {rt ? <><code>{rt.token.slice(0, 12)}…</code> {flow.legs.accessToken === 'succeeded' ? 'exchanged' : rt.expiresAt ? <>expires in <Countdown until={rt.expiresAt} now={now} /><MockExpiry view={mockView} clientExpiresAt={rt.expiresAt} now={now} /></> : 'no expiry given'}</> : 'none yet'}
      </li>
      <li className={flow.verifier ? 'have' : ''}>Verifier: {flow.verifier ? <code>{flow.verifier}</code> : 'none yet'}</li>
      <li className={at ? (at.deauthorized ? 'bad' : 'have') : ''}>
        Access token: {at ? <><code>{at.token.slice(0, 12)}…</code> {at.deauthorized ? 'rejected (deauthorized?)' : 'valid, does not expire'}</> : 'none yet'}
      </li>
    </ul>
  );
}

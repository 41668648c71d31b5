import type { ReactNode } from 'react';
import type { DeviceLeg } from '../../../shared/flows/device-flow';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { useDeps, useDevice } from '../../app/stores';
import type { Arrow } from '../../components/SequenceDiagram';
import { FlowPageShell } from '../flow/FlowPageShell';
import { DeviceCodes, PollAttempts } from './DeviceCodes';
import { MachineLegPanel, requestOf } from './MachineLegPanel';

const GRANT = CLIENT_GRANTS.device_code;
const TITLES: Record<DeviceLeg, string> = { device: 'Device authorization', poll: 'Polling', api: 'API request' };
const ARROWS: readonly Arrow<DeviceLeg>[] = [
  { from: 'app', to: 'provider', label: 'POST device_authorization: client_id, scope', leg: 'device' },
  { from: 'provider', to: 'app', label: 'device_code, user_code, verification_uri, interval', leg: 'device' },
  { from: 'browser', to: 'provider', label: 'user opens verification_uri, types the code, approves', leg: 'poll' },
  { from: 'app', to: 'provider', label: 'POST token: device_code, every interval s', leg: 'poll' },
  { from: 'provider', to: 'app', label: 'authorization_pending / slow_down / access_token', leg: 'poll' },
  { from: 'app', to: 'provider', label: 'GET the API (Authorization: Bearer)', leg: 'api' },
];
const rfc = (section: string, text: string) => (
  <a href={`https://www.rfc-editor.org/rfc/rfc8628#section-${section}`} target="_blank" rel="noreferrer">
    {text}
  </a>
);
const EXPLAIN: Record<DeviceLeg, ReactNode> = {
  device: (
    <>
      A device that cannot show a browser (a TV, a CLI) asks for a device code to poll with and a user code for the user
      to type elsewhere ({rfc('3.1', 'RFC 8628 §3.1')}, {rfc('3.2', '§3.2')}).
    </>
  ),
  poll: (
    <>
      While the user approves on another device, the device polls the token endpoint every <code>interval</code> seconds
      ({rfc('3.4', '§3.4')}): <code>authorization_pending</code> means wait and ask again; <code>slow_down</code> adds 5
      s to the interval for good; <code>access_denied</code> and <code>expired_token</code> end it ({rfc('3.5', '§3.5')}
      ). Start over stops the polling.
    </>
  ),
  api: <>The token on a request to the API, as a Bearer header (RFC 6750 §2.1).</>,
};

/** The device authorization page: the codes for the user, the polls as they come, then the resource call. */
export function DevicePage() {
  const deps = useDeps();
  const { now } = deps;
  const flow = useDevice((s) => s.flow);
  const current = useDevice((s) => s.current);
  const runs = useDevice((s) => s.runs);
  const profile = useDevice((s) => s.profile);
  const startError = useDevice((s) => s.startError);
  const flowStarted = useDevice((s) => s.flowStarted);
  const legChosen = useDevice((s) => s.legChosen);
  const legSent = useDevice((s) => s.legSent);
  const token = flow?.token;
  const secrets = [flow?.config.clientSecret, flow?.device?.deviceCode, token?.accessToken, token?.refreshToken].filter(
    (s): s is string => !!s
  );
  const run = runs[current];
  const polling = current === 'poll' && !!run?.sending;
  const action =
    current === 'poll'
      ? polling
        ? { label: 'Polling…', run: () => {}, disabled: true }
        : flow?.legs.poll === 'succeeded'
          ? null
          : { label: 'Poll', run: () => void legSent('poll'), disabled: !flow?.device }
      : { label: run?.sending ? 'Sending…' : 'Send', run: () => void legSent(current), disabled: !!run?.sending };
  const next = current === 'poll' && token ? { title: TITLES.api, go: () => legChosen('api') } : null;
  const credentials = (
    <ul className="timeline" aria-label="Credentials">
      <li className={flow?.device ? 'have' : ''}>
        User code: {flow?.device ? <code>{flow.device.userCode}</code> : 'none yet'}
      </li>
      <li className={token ? 'have' : ''}>
        Bearer token: {token ? <code>{token.accessToken.slice(0, 12)}…</code> : 'none yet'}
      </li>
    </ul>
  );
  return (
    <FlowPageShell
      name="Device authorization"
      flow={flow}
      flowProfile={profile}
      startError={startError}
      onStart={flowStarted}
      intro={() =>
        'Sign in a device without a browser (RFC 8628): it gets a user code, the user approves on another device, and the device polls the token endpoint until the answer comes.'
      }
      titles={TITLES}
      arrows={ARROWS}
      explain={EXPLAIN}
      explainKey="device"
      current={current}
      onChoose={legChosen}
      credentials={credentials}
      panel={
        <>
          {/* The codes first, whatever the width: they are what the user acts on (RFC 8628 §3.3). */}
          {current === 'poll' && flow?.device && !token && <DeviceCodes device={flow.device} now={now} />}
          <MachineLegPanel
            key={current}
            request={requestOf(GRANT.legs[current], flow, deps)}
            secrets={secrets}
            run={run}
            action={action}
            next={next}
          >
            {current === 'poll' && flow?.device && (
              <>
                {polling && <p className="muted">Polling every {flow.interval} s…</p>}
                <PollAttempts attempts={flow.attempts} />
              </>
            )}
          </MachineLegPanel>
        </>
      }
    />
  );
}

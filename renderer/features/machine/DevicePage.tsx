import type { ReactNode } from 'react';
import type { DeviceLeg, DeviceState } from '../../../shared/flows/device-flow';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { useStores } from '../../app/stores';
import type { Arrow } from '../../components/SequenceDiagram';
import type { GrantPageParts } from '../flow/grant-page-parts';
import { GrantPage } from '../flow/GrantPage';
import { DeviceCodes } from './DeviceCodes';
import { tokenTail } from '../../../shared/oidc/token-lifecycle';

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

/** The credentials obtained so far: the user code, then the bearer token. */
function Credentials({ flow }: { flow: DeviceState | null }) {
  const token = flow?.token;
  return (
    <ul className="timeline" aria-label="Credentials">
      <li className={flow?.device ? 'have' : ''}>
        User code: {flow?.device ? <code>{flow.device.userCode}</code> : 'none yet'}
      </li>
      <li className={token ? 'have' : ''}>
        Bearer token: {token ? <code>{tokenTail(token.accessToken)}</code> : 'none yet'}
      </li>
    </ul>
  );
}

/** Which device authorization endpoint the request goes to, and where it came from (profile-endpoints.ts). */
function DeviceEndpoint({ config }: { config: DeviceState['config'] }) {
  return (
    <p className="muted small" aria-label="Device authorization endpoint">
      Device authorization endpoint: <span className="mono">{config.deviceAuthorizationUrl}</span>
      {config.deviceAuthorizationFrom && <> (from {config.deviceAuthorizationFrom})</>}
    </p>
  );
}

/** The device authorization grant's explanations: the codes for the user, the polls as they come, then the call. */
const PARTS: GrantPageParts<DeviceState, DeviceLeg> = {
  name: 'Device authorization',
  intro:
    'Sign in a device without a browser (RFC 8628): it gets a user code, the user approves on another device, and the device polls the token endpoint until the answer comes.',
  mockLogin: (
    <>
      No tab opens: open the verification page the codes name, enter the user code, and log in there as{' '}
      <code>demo</code> / <code>demo</code>.
    </>
  ),
  titles: TITLES,
  arrows: ARROWS,
  explain: EXPLAIN,
  explainKey: 'device',
  secrets: (flow) => [
    flow?.config.clientSecret,
    flow?.device?.deviceCode,
    flow?.token?.accessToken,
    flow?.token?.refreshToken,
  ],
  credentials: (flow) => <Credentials flow={flow} />,
  // The codes first, whatever the width: they are what the user acts on (RFC 8628 §3.3).
  above: {
    device: (flow) => <DeviceEndpoint config={flow.config} />,
    poll: (flow, now) => flow.device && !flow.token && <DeviceCodes device={flow.device} now={now} />,
  },
  attempts: (flow) => flow.attempts,
};

/** The device authorization page: the registered grant on the generic page, with its explanations. */
export function DevicePage() {
  return <GrantPage grant={CLIENT_GRANTS.device_code} store={useStores().device} parts={PARTS} />;
}

import { buildBearerRequest, interpretBearerResponse } from '../../oauth2-flow';
import {
  buildDeviceRequest,
  buildPollRequest,
  interpretDeviceResponse,
  interpretPoll,
  startDevice,
  type DeviceConfig,
  type DeviceLeg,
  type DeviceState,
} from '../../device-flow';
import type { Grant } from '../grant';

/**
 * The device authorization grant (RFC 8628 (https://www.rfc-editor.org/rfc/rfc8628)): the device asks for a
 * device code and a user code (§3.1), the user approves at the verification URI elsewhere, and the device polls the
 * token endpoint every `interval` seconds (§3.4) until the answer is final (§3.5). Then the bearer call.
 */
export const deviceAuthorizationGrant: Grant<DeviceState, DeviceConfig, DeviceLeg> = {
  name: 'device authorization',
  flow: 'oauth2',
  start: startDevice,
  first: 'device',
  next: (leg) => (leg === 'device' ? 'poll' : null),
  tokensObtained: (before, after) =>
    after.token && after.token !== before.token ? { kind: 'oauth2', token: after.token } : null,
  legs: {
    device: {
      kind: 'send',
      title: () => 'Device authorization request (RFC 8628 §3.1)',
      build: buildDeviceRequest,
      interpret: interpretDeviceResponse,
    },
    poll: {
      kind: 'poll',
      title: (s) => `Poll the token endpoint every ${s.interval} s (RFC 8628 §3.4)`,
      wait: (s) => s.interval,
      build: buildPollRequest,
      interpret: interpretPoll,
    },
    api: {
      kind: 'send',
      title: () => 'Call the API with the access token (Bearer)',
      build: (s) => buildBearerRequest(s, { method: 'GET', path: s.config.apiPath }),
      interpret: interpretBearerResponse,
    },
  },
};

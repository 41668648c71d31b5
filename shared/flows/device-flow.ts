import type { Exchange, RawRequest } from '../http';
import {
  buildDeviceAuthorizationRequest,
  DEVICE_POLL_ERRORS,
  parseDeviceAuthorization,
  type DeviceAuthorization,
} from '../oauth2/device-authorization';
import { oauth2ErrorOf } from '../oauth2/error-response';
import type { TokenSet } from '../oauth2/token-response';
import { readBody } from '../response-body';
import type { PollInterpretation } from './driver/grant';
import { machineTokenRequest, interpretMachineToken, type MachineClient } from './client-credentials-flow';
import { check, note, type Interpretation, type LegStatus } from './common';
import { withExtraHeaders } from './extra-headers';

/** The device authorization grant (RFC 8628 (https://www.rfc-editor.org/rfc/rfc8628)): a client with no browser. */
export interface DeviceConfig extends MachineClient {
  readonly deviceAuthorizationUrl: string;
  /** Where the endpoint came from, in words (profile-endpoints.ts: "the profile", "the metadata of …"), when known. */
  readonly deviceAuthorizationFrom?: string;
  readonly scope: string | null;
}

/** The device authorization endpoint under a base URL when none is named: the mock's (its discovery lists it). */
export const DEFAULT_DEVICE_AUTHORIZATION_PATH = '/oidc/device_authorization';

export type DeviceLeg = 'device' | 'poll' | 'api';

/** One poll as it happened: when, what the server answered, what it means, the interval after it. */
export interface PollAttempt {
  readonly at: number;
  readonly answer: string;
  readonly meaning: string;
  readonly interval: number;
}

export interface DeviceState {
  readonly config: DeviceConfig;
  readonly device: DeviceAuthorization | null;
  /** Seconds to wait before the next poll: the server's interval, 5 s more after each slow_down (§3.5). */
  readonly interval: number;
  readonly attempts: readonly PollAttempt[];
  readonly token: TokenSet | null;
  readonly legs: Readonly<Record<DeviceLeg, LegStatus>>;
}

export const startDevice = (config: DeviceConfig): DeviceState => ({
  config,
  device: null,
  interval: 0,
  attempts: [],
  token: null,
  legs: { device: 'ready', poll: 'not_started', api: 'not_started' },
});

/** RFC 8628 §3.1: the device asks for its codes. */
export const buildDeviceRequest = (s: DeviceState): RawRequest =>
  withExtraHeaders(
    buildDeviceAuthorizationRequest({ ...s.config, url: s.config.deviceAuthorizationUrl, scope: s.config.scope }),
    s.config.headers
  );

export function interpretDeviceResponse(s: DeviceState, exchange: Exchange, now: number): Interpretation<DeviceState> {
  const r = parseDeviceAuthorization(exchange.response, now);
  if (!r.device)
    return { ok: false, checks: r.checks, summary: r.reason, state: { ...s, legs: { ...s.legs, device: 'failed' } } };
  const d = r.device;
  return {
    ok: true,
    checks: r.checks,
    summary: `User code ${d.userCode}: the user opens ${d.verificationUriComplete ?? d.verificationUri} and approves; the codes live ${d.expiresIn} s.`,
    state: {
      ...s,
      device: d,
      interval: d.interval,
      attempts: [],
      legs: { ...s.legs, device: 'succeeded', poll: 'ready' },
    },
  };
}

/** RFC 8628 §3.4: the device code, polled for at the token endpoint. */
export function buildPollRequest(s: DeviceState): RawRequest {
  return machineTokenRequest(s.config, { type: 'device_code', deviceCode: s.device?.deviceCode ?? '' });
}

/** RFC 8628 §3.5: the slow_down increment of the interval. */
const SLOW_DOWN_SECONDS = 5;

/** One poll's answer (§3.5): tokens, a reason to poll again (the interval grown on slow_down), or the end. */
export function interpretPoll(s: DeviceState, exchange: Exchange, now: number): PollInterpretation<DeviceState> {
  const error = exchange.response.status === 200 ? null : oauth2ErrorOf(readBody(exchange.response).fields ?? {});
  const known = error ? DEVICE_POLL_ERRORS[error.error] : undefined;
  if (error && known) {
    const interval = error.error === 'slow_down' ? s.interval + SLOW_DOWN_SECONDS : s.interval;
    const said = error.description ? ` The server says: ${error.description}` : '';
    const attempt = { at: now, answer: error.error, meaning: known.meaning, interval };
    const next = known.pending ? ` Next poll in ${interval} s.` : '';
    return {
      ok: known.pending,
      pending: known.pending,
      checks: [
        known.pending
          ? note(error.error, `${known.meaning}${said}${next}`)
          : check(error.error, false, '', `${known.meaning}${said}`),
      ],
      summary: `${error.error}: ${known.meaning}${next}`,
      state: {
        ...s,
        interval,
        attempts: [...s.attempts, attempt],
        legs: { ...s.legs, poll: known.pending ? 'waiting' : 'failed' },
      },
    };
  }
  const r = interpretMachineToken(exchange, now, 'device_code');
  const ok = !!r.token && r.checks.every((c) => c.ok);
  const attempt = {
    at: now,
    answer: r.token ? 'token' : (error?.error ?? `HTTP ${exchange.response.status}`),
    meaning: r.summary,
    interval: s.interval,
  };
  return {
    ok,
    pending: false,
    checks: r.checks,
    summary: r.summary,
    state: {
      ...s,
      token: r.token ?? s.token,
      attempts: [...s.attempts, attempt],
      legs: { ...s.legs, poll: ok ? 'succeeded' : 'failed', api: r.token ? 'ready' : s.legs.api },
    },
  };
}

import { check, type Check } from '../check';
import type { RawRequest, RawResponse } from '../http';
import { type Param, formEncode } from '../url-encoded';
import { providerMessage, sentence } from '../provider-message';
import { readBody } from '../response-body';
import { parseHttpUrl } from '../url';
import { clientAuthentication, type TokenRequestInput } from './token-request';

/** What the device authorization endpoint gave the device (RFC 8628 §3.2 (https://www.rfc-editor.org/rfc/rfc8628#section-3.2)). */
export interface DeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  /** The verification URI with the user code in it, for a QR code or a link (OPTIONAL). */
  readonly verificationUriComplete: string | null;
  readonly expiresIn: number;
  /** When the device code expires, in ms since the epoch at the host's clock. */
  readonly expiresAt: number;
  /** Seconds between polls; 5 when the server gives none (§3.2). */
  readonly interval: number;
}

/** RFC 8628 §3.2: the polling interval when the response has none. */
const DEFAULT_INTERVAL_SECONDS = 5;

/** RFC 8628 §3.1: the client's authentication, as at the token endpoint (RFC 8628 §3.1 and §5.6), and the scope, as a form. */
export function buildDeviceAuthorizationRequest(
  input: Pick<TokenRequestInput, 'clientId' | 'clientSecret' | 'authentication'> & {
    readonly url: string;
    readonly scope: string | null;
  }
): RawRequest {
  parseHttpUrl(input.url, 'token-request');
  const client = clientAuthentication(input);
  const params: Param[] = [...client.params, ...(input.scope ? [['scope', input.scope] as const] : [])];
  return {
    method: 'POST',
    url: input.url,
    headers: [['Content-Type', 'application/x-www-form-urlencoded'], ['Accept', 'application/json'], ...client.headers],
    body: formEncode(params),
  };
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';
const seconds = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** RFC 8628 §3.2's required members, each checked; the device's codes when all are there. */
export function parseDeviceAuthorization(
  response: RawResponse,
  now: number
): { readonly device: DeviceAuthorization | null; readonly checks: readonly Check[]; readonly reason: string } {
  const fields = readBody(response).fields ?? {};
  if (response.status !== 200) {
    const said = providerMessage(response);
    const reason = `HTTP ${response.status}${said ? `, the provider says: ${sentence(said.text)}` : '; expected 200 with the device and user codes (RFC 8628 §3.2).'}`;
    return { device: null, checks: [check('status', false, '', reason)], reason };
  }
  const checks: Check[] = [
    check(
      'device_code',
      text(fields.device_code),
      'device_code is present.',
      'device_code is missing (RFC 8628 §3.2).'
    ),
    check('user_code', text(fields.user_code), 'user_code is present.', 'user_code is missing (RFC 8628 §3.2).'),
    check(
      'verification_uri',
      text(fields.verification_uri),
      'verification_uri is present.',
      'verification_uri is missing (RFC 8628 §3.2; some providers send verification_url).'
    ),
    check(
      'expires_in',
      seconds(fields.expires_in) !== null,
      `The codes live ${String(fields.expires_in)} s.`,
      `expires_in is ${JSON.stringify(fields.expires_in) ?? 'missing'}; RFC 8628 §3.2 requires a number of seconds.`
    ),
    check(
      'interval',
      fields.interval === undefined || seconds(fields.interval) !== null,
      fields.interval === undefined
        ? `No interval: poll every ${DEFAULT_INTERVAL_SECONDS} s (RFC 8628 §3.2).`
        : `Poll every ${String(fields.interval)} s.`,
      `interval is ${JSON.stringify(fields.interval)}; RFC 8628 §3.2 gives it as a number of seconds.`
    ),
  ];
  const failed = checks.find((c) => !c.ok);
  if (failed) return { device: null, checks, reason: failed.message };
  const expiresIn = seconds(fields.expires_in)!;
  return {
    device: {
      deviceCode: fields.device_code as string,
      userCode: fields.user_code as string,
      verificationUri: fields.verification_uri as string,
      verificationUriComplete: text(fields.verification_uri_complete) ? fields.verification_uri_complete : null,
      expiresIn,
      expiresAt: now + expiresIn * 1000,
      interval: seconds(fields.interval) ?? DEFAULT_INTERVAL_SECONDS,
    },
    checks,
    reason: 'Device and user codes received.',
  };
}

/** RFC 8628 §3.5 (https://www.rfc-editor.org/rfc/rfc8628#section-3.5): what each answer to a poll means, and what the device does next. */
export const DEVICE_POLL_ERRORS: Readonly<Record<string, { readonly pending: boolean; readonly meaning: string }>> = {
  authorization_pending: {
    pending: true,
    meaning: 'The user has not finished at the verification page yet; poll again after the interval.',
  },
  slow_down: {
    pending: true,
    meaning: 'Polling too fast: the interval grows by 5 s for this and every later poll.',
  },
  access_denied: { pending: false, meaning: 'The user denied the request; polling stops.' },
  expired_token: {
    pending: false,
    meaning: 'The device code expired before the user approved; polling stops, start again for a new code.',
  },
};

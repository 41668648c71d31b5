import { TokenError, bad } from '../oauth2-token-error';
import type { Grant } from './grant';
import { issueTokens } from './issue-tokens';

const ASSUME_DEVICE =
  'The device authorization grant follows RFC 8628; the service documents only the authorization code grant (interface §4.2).';

/** RFC 8628 §3.5: the device's polling answers are 400 errors like any other token endpoint refusal. */
const waiting = (error: 'authorization_pending' | 'slow_down', description: string) =>
  new TokenError(400, error, description);

/**
 * The device's polling (RFC 8628 §3.4–§3.5 (https://www.rfc-editor.org/rfc/rfc8628#section-3.4)), mock-only: authorization_pending until the user answers on the
 * verification page, slow_down (and 5 s more of interval) when polled sooner than the interval by the mock's clock,
 * access_denied, expired_token; once approved the tokens, a single time.
 */
export const deviceCodeGrant = {
  grantType: 'urn:ietf:params:oauth:grant-type:device_code',
  handle(ctx, client, get, certificate) {
    const value = get.value('device_code');
    if (!value)
      throw bad(
        'invalid_request',
        'device_code is missing; send the one from the device authorization response (RFC 8628 §3.4).'
      );
    const device = ctx.state.deviceAuthorizations.get(value);
    if (!device) throw bad('invalid_grant', 'The device_code is unknown to this provider.');
    if (device.clientId !== client.id)
      throw bad('invalid_grant', 'The device_code was issued to another client (RFC 8628 §3.4).');
    if (device.status === 'redeemed')
      throw bad('invalid_grant', 'The device_code was already exchanged for tokens; it is single-use.');
    const now = ctx.clock.now();
    if (ctx.state.isExpired(device))
      throw bad(
        'expired_token',
        `The device_code expired at ${new Date(device.expiresAt).toISOString()}; start a new device authorization (RFC 8628 §3.5).`
      );
    const since = device.lastPolledAt === null ? null : now - device.lastPolledAt;
    device.lastPolledAt = now;
    if (device.status === 'pending' && since !== null && since < device.interval * 1000) {
      const was = device.interval;
      device.interval += 5;
      throw waiting(
        'slow_down',
        `Polled ${(since / 1000).toFixed(1)} s after the previous poll, sooner than the interval of ${was} s; the interval is now ${device.interval} s (RFC 8628 §3.5).`
      );
    }
    if (device.status === 'pending')
      throw waiting(
        'authorization_pending',
        `The user has not yet entered code ${device.userCode} at the verification page; poll again in ${device.interval} s (RFC 8628 §3.5).`
      );
    if (device.status === 'denied')
      throw bad(
        'access_denied',
        `The user denied the device authorization of code ${device.userCode} (RFC 8628 §3.5).`
      );
    device.status = 'redeemed';
    return {
      ...issueTokens(
        ctx,
        { ...device, username: device.username! },
        device.scope,
        `Device code ${device.userCode} approved`,
        { certificate }
      ),
      assumptions: [ASSUME_DEVICE],
    };
  },
} as const satisfies Grant;

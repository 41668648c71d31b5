import { ok, type Handled, type ProviderContext } from './context';
import { grantedScope } from './grants/granted-scope';
import { jsonReply, type ProviderRequest } from './http';
import { readClientPost } from './oauth2-token';
import { answeringTokenErrors, bad } from './oauth2-token-error';
import { OIDC_PATHS } from './oidc-discovery';

/**
 * The device authorization endpoint (RFC 8628 §3.1–§3.2 (https://www.rfc-editor.org/rfc/rfc8628#section-3.1)), mock-only: a device that cannot show a browser asks
 * for a device code to poll with and a user code the user types on the verification page (device-verification.ts).
 */
const endpoint = 'oauth2.device_authorization';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** How long the codes live (RFC 8628 §3.2 expires_in); the polling interval is the switch devicePollInterval. */
const DEVICE_CODE_TTL_SECONDS = 600;

const ASSUME_DEVICE =
  'The device authorization grant follows RFC 8628; the service documents only the authorization code grant (interface §4.2).';

export const deviceAuthorization = (req: ProviderRequest, ctx: ProviderContext): Promise<Handled> =>
  answeringTokenErrors(endpoint, ASSUME_DEVICE, () => authorizeDevice(req, ctx));

async function authorizeDevice(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  // RFC 8628 §3.1: the client authenticates as at the token endpoint (RFC 6749 §3.2.1); a public client sends client_id.
  const { client, get } = await readClientPost(req, ctx, 'the device authorization endpoint', 'RFC 8628 §3.1');
  if (!client.grantTypes.includes(DEVICE_GRANT))
    throw bad(
      'unauthorized_client',
      `Client ${client.id} may not use the device authorization grant (${DEVICE_GRANT}).`
    );
  const scope = grantedScope(ctx, client, get.value('scope'));
  const now = ctx.clock.now();
  const interval = ctx.settings.switches.devicePollInterval;
  const device = {
    deviceCode: ctx.state.newSecret(32, 'd-'),
    userCode: ctx.state.newUserCode(),
    grantId: ctx.state.newSecret(9, 'g-'),
    clientId: client.id,
    scope,
    issuedAt: now,
    expiresAt: now + DEVICE_CODE_TTL_SECONDS * 1000,
    interval,
    lastPolledAt: null,
    status: 'pending' as const,
  };
  ctx.state.addDeviceAuthorization(device);
  const verificationUri = ctx.baseUrl() + OIDC_PATHS.deviceVerification;
  return {
    endpoint,
    reply: jsonReply(200, {
      device_code: device.deviceCode,
      user_code: device.userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(device.userCode)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval,
    }),
    verdict: ok(
      `Device authorization for client ${client.id}: user code ${device.userCode}, valid ${DEVICE_CODE_TTL_SECONDS} s, poll every ${interval} s.`
    ),
    assumptions: [ASSUME_DEVICE],
  };
}

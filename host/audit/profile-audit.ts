import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import { profileBaseUrl, targetsMock } from '../../shared/flows/profile-config';
import { validateIssuer } from '../../shared/oidc';
import type { Profile } from '../../shared/store/profile';
import { DEFAULT_CREDENTIALS } from '../../mock-provider/default-credentials';
import type { ProbeClient } from './probes/probe-context';

/** The profile's client authentication as RFC 7591 §2 names it, for the two the probes send. */
const PROBE_AUTH: Partial<Record<Profile['oauth2']['clientAuthentication'], ProbeClient['clientAuth']>> = {
  basic: 'client_secret_basic',
  body: 'client_secret_post',
};

const refuse = (message: string) => new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, message);

/** The issuer an audit of this profile reads: its OpenID issuer, else its base URL (the running mock's for the mock). */
export function profileIssuer(p: Profile, mockBaseUrl: string | null): string {
  const issuer = p.oauth2.issuer || profileBaseUrl(p, mockBaseUrl);
  if (!issuer)
    throw refuse(
      targetsMock(p)
        ? `The profile "${p.name}" follows the mock, which is stopped: start the mock, then audit it.`
        : `The profile "${p.name}" has no issuer and no base URL: set one of them to audit its server.`
    );
  try {
    validateIssuer(issuer);
  } catch (e) {
    throw refuse(`The profile "${p.name}"'s issuer ${issuer}: ${(e as Error).message}`);
  }
  return issuer;
}

/**
 * The probes' client: the profile's own (its id, secret, Basic or body, redirect URI), as `--client-id`; a login on
 * the mock's form as its built-in user, for the mock alone (elsewhere a probe that needs a login is skipped).
 */
export function profileProbeClient(p: Profile): ProbeClient {
  const { clientId, clientSecret, clientAuthentication } = p.oauth2;
  if (!clientId)
    throw refuse(
      `Active probes need a client you own: the profile "${p.name}" has no client id. Set it, or audit read only.`
    );
  const auth = PROBE_AUTH[clientAuthentication];
  if (!auth && clientAuthentication !== 'none')
    throw refuse(
      `Active probes authenticate the client with client_secret_basic or client_secret_post; the profile "${p.name}" uses ${clientAuthentication}. Choose basic or body, or audit read only.`
    );
  if (!p.redirectUri && p.callbackPort === 0)
    throw refuse(
      `Active probes need the client's registered redirect URI: the profile "${p.name}" catches callbacks on any free port, so it has none. Set its redirect URI or a fixed callback port.`
    );
  const { username, password } = DEFAULT_CREDENTIALS.user;
  return {
    clientId,
    clientSecret: clientAuthentication === 'none' ? null : clientSecret || null,
    clientAuth: auth ?? 'client_secret_basic',
    // The redirect URI the profile's flows send: its own, else its loopback catcher's.
    redirectUri: p.redirectUri || `http://127.0.0.1:${p.callbackPort}${p.callbackPath}`,
    register: false,
    login: targetsMock(p) ? { kind: 'form', user: username, password } : null,
  };
}

import type { Handled, ProviderContext } from './context';
import { deviceAuthorization } from './device-authorization';
import { deviceVerification } from './device-verification';
import type { ProviderRequest } from './http';
import { discovery, jwks, OIDC_PATHS, rotateKeys } from './oidc-discovery';
import { introspect, revoke } from './oidc-token-management';
import { register } from './registration';
import { userinfo } from './oidc-userinfo';

/** The mock's OpenID Connect and token lifecycle endpoints, beside the service's (mock-only). */
export const OIDC_ROUTES = new Map<string, (req: ProviderRequest, ctx: ProviderContext) => Handled | Promise<Handled>>([
  [OIDC_PATHS.openidConfiguration, discovery],
  [OIDC_PATHS.authorizationServer, discovery],
  [OIDC_PATHS.jwks, jwks],
  [OIDC_PATHS.userinfo, userinfo],
  [OIDC_PATHS.revocation, revoke],
  [OIDC_PATHS.introspection, introspect],
  [OIDC_PATHS.rotateKeys, rotateKeys],
  [OIDC_PATHS.deviceAuthorization, deviceAuthorization],
  [OIDC_PATHS.deviceVerification, deviceVerification],
  [OIDC_PATHS.registration, register],
]);

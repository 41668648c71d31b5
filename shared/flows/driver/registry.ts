import type { Grant } from './grant';
import { authorizationCodeGrant } from './grants/authorization-code';
import { clientCredentialsGrant } from './grants/client-credentials';
import { deviceAuthorizationGrant } from './grants/device-authorization';
import { idJagGrant } from './grants/id-jag';
import { jwtBearerGrant } from './grants/jwt-bearer';
import { oauth1ThreeLeggedGrant } from './grants/oauth1-three-legged';
import { tokenExchangeGrant } from './grants/token-exchange';
import { isTokenEndpointGrant, type TokenEndpointGrant } from './token-endpoint-grant';

/**
 * The client side's grants, one module each (the mirror of the mock's mock-provider/grants/registry.ts):
 * the app's flow pages and the CLI's `flow` command drive a grant from here through the driver (run-leg.ts,
 * run-flow.ts), so a new grant is one module and one line.
 */
export const CLIENT_GRANTS = {
  authorization_code: authorizationCodeGrant,
  oauth1_three_legged: oauth1ThreeLeggedGrant,
  client_credentials: clientCredentialsGrant,
  device_code: deviceAuthorizationGrant,
  jwt_bearer: jwtBearerGrant,
  token_exchange: tokenExchangeGrant,
  id_jag: idJagGrant,
} as const satisfies Readonly<Record<string, Pick<Grant<unknown, unknown>, 'name' | 'flow' | 'first'>>>;

/** The grants that are one token request (token-endpoint-grant.ts): each gets `oauth-lab flow <command>` as it is. */
export const TOKEN_ENDPOINT_GRANTS: readonly TokenEndpointGrant[] =
  Object.values(CLIENT_GRANTS).filter(isTokenEndpointGrant);

/** The token-endpoint grant `oauth-lab flow <command>` names, or undefined. */
export const tokenEndpointGrantNamed = (command: string): TokenEndpointGrant | undefined =>
  TOKEN_ENDPOINT_GRANTS.find((g) => g.spec.command === command);

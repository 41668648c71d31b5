import type { Grant } from './grant';
import { authorizationCodeGrant } from './grants/authorization-code';
import { clientCredentialsGrant } from './grants/client-credentials';
import { deviceAuthorizationGrant } from './grants/device-authorization';
import { idJagGrant } from './grants/id-jag';
import { jwtBearerGrant } from './grants/jwt-bearer';
import { oauth1ThreeLeggedGrant } from './grants/oauth1-three-legged';
import { isTokenEndpointGrant, type TokenEndpointGrant } from './token-endpoint-grant';

/**
 * The grants a host drives by name, with their own types (the code grant's pages and `flow oauth2`, OAuth 1.0a's,
 * the machine pages, MCP's machine leg with JWT bearer): the mirror of the mock's mock-provider/grants/registry.ts. A token-endpoint
 * grant needs no entry here: TOKEN_ENDPOINT_GRANTS finds it by its module.
 */
export const CLIENT_GRANTS = {
  authorization_code: authorizationCodeGrant,
  oauth1_three_legged: oauth1ThreeLeggedGrant,
  client_credentials: clientCredentialsGrant,
  device_code: deviceAuthorizationGrant,
  jwt_bearer: jwtBearerGrant,
  id_jag: idJagGrant,
} as const satisfies Readonly<Record<string, Pick<Grant<unknown, unknown>, 'name' | 'flow' | 'first'>>>;

/**
 * Every module in grants/, read by Vite's import.meta.glob (the app, the CLI and the tests are built or run by Vite;
 * npm run bench and npm run screenshot through scripts/run-through-vite.ts), so that a module there is all it takes
 * to register a grant.
 */
const GRANT_MODULES = import.meta.glob<Readonly<Record<string, unknown>>>('./grants/*.ts', { eager: true });

/**
 * The grants that are one token request (token-endpoint-grant.ts), each exported by a module in grants/, in the
 * modules' file name order: each gets its page and `oauth-lab flow <command>` as it is.
 */
export const TOKEN_ENDPOINT_GRANTS: readonly TokenEndpointGrant[] = [
  ...new Set(
    Object.keys(GRANT_MODULES)
      .sort()
      .flatMap((path) => Object.values(GRANT_MODULES[path]!))
      .filter((v): v is TokenEndpointGrant => typeof v === 'object' && v !== null && isTokenEndpointGrant(v))
  ),
];

/** The token-endpoint grant `oauth-lab flow <command>` names, or undefined. */
export const tokenEndpointGrantNamed = (command: string): TokenEndpointGrant | undefined =>
  TOKEN_ENDPOINT_GRANTS.find((g) => g.spec.command === command);

import { authorizationCodeGrant } from './authorization-code';
import { clientCredentialsGrant } from './client-credentials';
import { deviceCodeGrant } from './device-code';
import type { Grant } from './grant';
import { jwtBearerGrant } from './jwt-bearer';
import { GRANT_TYPES, type GrantType } from './grant-types';
import { refreshTokenGrant } from './refresh-token';
import { tokenExchangeGrant } from './token-exchange';

/** Each name in GRANT_TYPES with its module. A new grant is one module in this folder, its name and its entry here. */
const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
  'urn:ietf:params:oauth:grant-type:device_code': deviceCodeGrant,
  'urn:ietf:params:oauth:grant-type:jwt-bearer': jwtBearerGrant,
  'urn:ietf:params:oauth:grant-type:token-exchange': tokenExchangeGrant,
} as const satisfies { readonly [T in GrantType]: Grant & { readonly grantType: T } };

export const grantFor = (grantType: string): Grant | undefined =>
  Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType as GrantType] : undefined;

/** "a, b or c": the grants a client can use, each followed by where it is defined when `sources` is set. */
export function grantChoices(sources: boolean): string {
  const names = GRANT_TYPES.map((t) => {
    const g: Grant = GRANTS[t];
    return sources && g.definedBy ? `${t} (${g.definedBy})` : t;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

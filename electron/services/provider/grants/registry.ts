import { authorizationCodeGrant } from './authorization-code';
import type { Grant } from './grant';
import { refreshTokenGrant } from './refresh-token';

/**
 * The grant types the mock's token endpoint serves, in the order they are named to a client (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)
 * unsupported_grant_type), offered in the discovery document (RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2) grant_types_supported) and allowed in a
 * client's grantTypes. A new grant is one module in this folder and its entry in GRANTS.
 */
const GRANTS = [authorizationCodeGrant, refreshTokenGrant] as const satisfies readonly Grant[];

type GrantType = (typeof GRANTS)[number]['grantType'];
export const GRANT_TYPES = GRANTS.map((g) => g.grantType) as [GrantType, ...GrantType[]];

const BY_TYPE: ReadonlyMap<string, Grant> = new Map(GRANTS.map((g) => [g.grantType, g]));
export const grantFor = (grantType: string): Grant | undefined => BY_TYPE.get(grantType);

/** "a, b or c": the grants a client can use, each followed by where it is defined when `sources` is set. */
export function grantChoices(sources: boolean): string {
  const names = GRANTS.map((g: Grant) => (sources && g.definedBy ? `${g.grantType} (${g.definedBy})` : g.grantType));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

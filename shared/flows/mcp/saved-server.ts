import { profileSchema, type Profile } from '../../store/profile';
import type { SavedToken } from '../../store/saved-token';
import type { SavedBearer } from '../bearer-call';
import type { McpClient } from './ports';

/**
 * What is kept of an MCP server's authorization between runs: the client it was registered as, where to refresh,
 * the `resource` the token is bound to (RFC 8707 §2, sent again on the refresh) and the token itself.
 */
export interface McpSavedAuthorization {
  readonly client: McpClient;
  /** The issuer of the authorization server the client and token are from; null when saved before it was kept. */
  readonly issuer: string | null;
  /** Null when the server names none (a machine grant's server may not, RFC 8414 §2). */
  readonly authorizationEndpoint: string | null;
  readonly tokenEndpoint: string;
  readonly resource: string;
  readonly token: SavedBearer;
}

/**
 * Where a driver keeps one MCP server's authorization (the CLI in the store file, the page through the bridge):
 * loaded before the first request, saved after each authorization and refresh.
 */
export interface McpTokenKeeper {
  load(): Promise<McpSavedAuthorization | null>;
  save(saved: McpSavedAuthorization): Promise<void>;
}

/** Whose an MCP client's exchanges are in the history before the server has a profile of its own. */
export const MCP_HISTORY_OWNER = 'mcp';

const NAME_PREFIX = 'MCP ';
const NAME_MAX = profileSchema.shape.name.maxLength ?? 80;

/** The profile an MCP server's token is saved under: named after the server, its base URL the server's URL. */
export const isMcpServerProfile = (p: Profile, serverUrl: string): boolean =>
  p.baseUrl === serverUrl && p.name.startsWith(NAME_PREFIX);

/** A profile (the store's unit of saved tokens) for an MCP server: the registered client, its endpoints, resource. */
export function mcpServerProfile(id: string, serverUrl: string, saved: McpSavedAuthorization): Profile {
  return profileSchema.parse({
    id,
    name: `${NAME_PREFIX}${serverUrl}`.slice(0, NAME_MAX),
    baseUrl: serverUrl,
    oauth2: {
      issuer: saved.issuer ?? '',
      // Without one the profile's default path stands in: only the code grant reads it, and it was not used here.
      ...(saved.authorizationEndpoint === null ? {} : { authorizePath: saved.authorizationEndpoint }),
      tokenPath: saved.tokenEndpoint,
      clientId: saved.client.clientId,
      clientSecret: saved.client.clientSecret,
      clientAuthentication: saved.client.authentication,
      scope: saved.token.scope ?? '',
      pkce: 'S256',
      grantTypeInAuthorization: false,
      tokenParams: [['resource', saved.resource]],
    },
  });
}

/** The saved token's fields for an MCP server's profile. */
export const mcpSavedToken = (
  id: string,
  profileId: string,
  token: SavedBearer,
  obtainedAt: number,
  label: string
): SavedToken => ({
  id,
  profileId,
  kind: 'oauth2',
  token: token.accessToken,
  tokenSecret: '',
  refreshToken: token.refreshToken ?? '',
  scope: token.scope ?? '',
  obtainedAt,
  expiresAt: token.expiresAt,
  label,
});

/** The authorization an MCP server's profile and its newest token hold; null without an OAuth 2 token. */
export function savedAuthorizationOf(profile: Profile, token: SavedToken | undefined): McpSavedAuthorization | null {
  if (!token || token.kind !== 'oauth2') return null;
  const o = profile.oauth2;
  return {
    client: { clientId: o.clientId, clientSecret: o.clientSecret, authentication: o.clientAuthentication },
    issuer: o.issuer || null,
    authorizationEndpoint: o.authorizePath,
    tokenEndpoint: o.tokenPath,
    resource: o.tokenParams.find(([n]) => n === 'resource')?.[1] ?? profile.baseUrl,
    token: {
      accessToken: token.token,
      refreshToken: token.refreshToken || null,
      expiresAt: token.expiresAt,
      scope: token.scope || null,
    },
  };
}

import type { BridgeApi } from '../../../shared/bridge/api';
import { McpChainFailure } from '../../../shared/flows/mcp/ports';
import {
  isMcpServerProfile,
  mcpSavedToken,
  mcpServerProfile,
  savedAuthorizationOf,
  type McpTokenKeeper,
} from '../../../shared/flows/mcp/saved-server';
import type { RandomPort } from '../../../shared/ports';
import type { Profile } from '../../../shared/store/profile';
import { newRecordId } from '../../../shared/store/record-id';
import type { SavedToken } from '../../../shared/store/saved-token';

/** An MCP server's saved token with the profile it is kept under, as the page shows it. */
export interface McpSavedServer {
  readonly profile: Profile;
  readonly token: SavedToken;
}

/** The server's profile and newest token in the store, or null; a store that cannot be read fails in words. */
export async function readSavedServer(bridge: BridgeApi, serverUrl: string): Promise<McpSavedServer | null> {
  const profiles = await bridge.profilesList();
  if (!profiles.ok)
    throw new McpChainFailure('saved token', `the saved tokens cannot be read: ${profiles.error.message}`);
  const profile = profiles.value.find((p) => isMcpServerProfile(p, serverUrl));
  if (!profile) return null;
  const tokens = await bridge.tokensList({ profileId: profile.id });
  if (!tokens.ok) throw new McpChainFailure('saved token', `the saved tokens cannot be read: ${tokens.error.message}`);
  return tokens.value[0] ? { profile, token: tokens.value[0] } : null;
}

/**
 * The page keeps each MCP server's token as `oauth-lab mcp` does (shared/flows/mcp/saved-server.ts), through the
 * bridge: one profile per server, one token in it, replaced on each authorization and refresh. `saved` hears the
 * new state for the page to show.
 */
export function pageTokenKeeper(
  bridge: BridgeApi,
  random: RandomPort,
  now: () => number,
  serverUrl: string,
  saved: (server: McpSavedServer) => void
): McpTokenKeeper {
  return {
    async load() {
      const server = await readSavedServer(bridge, serverUrl);
      return server && savedAuthorizationOf(server.profile, server.token);
    },
    async save(authorization) {
      const existing = await readSavedServer(bridge, serverUrl);
      const id = existing?.profile.id ?? newRecordId(random, 'p-');
      const profile = await bridge.profileSave({ profile: mcpServerProfile(id, serverUrl, authorization) });
      if (!profile.ok) throw new McpChainFailure('save', `the token could not be saved: ${profile.error.message}`);
      const token = mcpSavedToken(
        existing?.token.id ?? newRecordId(random),
        id,
        authorization.token,
        now(),
        'MCP page'
      );
      const r = await bridge.tokenSave({ token });
      if (!r.ok) throw new McpChainFailure('save', `the token could not be saved: ${r.error.message}`);
      saved({ profile: profile.value, token: r.value });
    },
  };
}

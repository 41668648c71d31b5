import {
  isMcpServerProfile,
  mcpSavedToken,
  mcpServerProfile,
  savedAuthorizationOf,
  type McpTokenKeeper,
} from '../../../shared/flows/mcp/saved-server';
import { newRecordId } from '../../../shared/store/record-id';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { createAppStore, type AppStore } from '../../store';
import type { FlowReport } from '../flow/report';

/**
 * `oauth-lab mcp` keeps each server's token in the app's store (the per-user one browser mode reads, or
 * --store-dir), under a profile of its own named after the server, so the next run, and the MCP page, use it.
 * A store that cannot be read or written costs the saved token, never the run: the problem is printed.
 */
export function cliTokenKeeper(serverUrl: string, storeDir: string | undefined, report: FlowReport): McpTokenKeeper {
  let store: AppStore | undefined;
  const opened = () => (store ??= createAppStore(storeDir === undefined ? {} : { cwd: storeDir }));
  const serverProfile = (s: AppStore) => s.profilesList(undefined).find((p) => isMcpServerProfile(p, serverUrl));
  return {
    async load() {
      try {
        const s = opened();
        const profile = serverProfile(s);
        return profile ? savedAuthorizationOf(profile, s.tokensList({ profileId: profile.id })[0]) : null;
      } catch (e) {
        report.line(`warn: the saved tokens cannot be read (--no-save to not use them): ${(e as Error).message}`);
        return null;
      }
    },
    async save(saved) {
      try {
        const s = opened();
        const existing = serverProfile(s);
        const profile = s.profileSave({
          profile: mcpServerProfile(existing?.id ?? newRecordId(nodeRandom, 'p-'), serverUrl, saved),
        });
        // One token per server: the new one replaces the old (RFC 6749 §6: a refreshed access token supersedes).
        const old = s.tokensList({ profileId: profile.id });
        const id = old[0]?.id ?? newRecordId(nodeRandom);
        s.tokenSave({ token: mcpSavedToken(id, profile.id, saved.token, Date.now(), 'oauth-lab mcp') });
        for (const t of old.slice(1)) s.tokenDelete({ id: t.id });
        report.line(`The token is saved under the profile "${profile.name}" in ${s.path} (--no-save to not keep it).`);
      } catch (e) {
        report.line(`warn: the token could not be saved: ${(e as Error).message}`);
      }
    },
  };
}

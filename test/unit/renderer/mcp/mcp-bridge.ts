import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransportHandlers } from '../../../../host/bridge/transport-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { createAppStore, createMemoryBackend } from '../../../../host/store';
import type { Harness } from '../../mock-provider/helpers';
import { bridgeOnMock } from '../flow/app-on-mock';

/**
 * The MCP page's bridge over the real mock with a real store behind it: profiles and saved tokens, and the history
 * the host records each send in (the leg's verdict given by historyAnnotate); `more`: the host's other handlers a
 * test needs.
 */
export function mcpBridgeOnMock(h: Harness, more: Parameters<typeof bridgeOnMock>[1] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-page-'));
  const store = createAppStore({ backend: createMemoryBackend(), historyDir: join(dir, 'history') });
  const bridge = bridgeOnMock(h, {
    httpSend: createTransportHandlers(nodeCrypto, {}, store).httpSend,
    historyAnnotate: (input) => store.historyAnnotate(input),
    profilesList: () => store.profilesList(undefined),
    profileSave: (input) => store.profileSave(input),
    profileDelete: (input) => store.profileDelete(input),
    tokensList: (input) => store.tokensList(input),
    tokenSave: (input) => store.tokenSave(input),
    ...more,
  });
  return {
    ...bridge,
    store,
    close: () => {
      bridge.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

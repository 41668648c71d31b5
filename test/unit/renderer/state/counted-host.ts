import { createTransportHandlers } from '../../../../host/bridge/transport-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import type { RendererDeps } from '../../../../renderer/app/deps';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import type { HistoryEntry } from '../../../../shared/store/history';
import { openStore, tempDir } from '../../host/store/helpers';
import { fakeBridge } from './fake-bridge';

let drawn = 0;

/**
 * A page's dependencies over the host's real transport and history, every write to the history counted
 * (`writes`), historyAnnotate answered as app-services.ts does; the catcher is a stand-in (the URL landed on is
 * pasted) and saved tokens are accepted; `extra`: more of the host's methods (bridge name to handler).
 */
export function countedHost(extra: Record<string, (input: any) => unknown> = {}) {
  const store = openStore(tempDir());
  const writes: HistoryEntry[] = [];
  const transport = createTransportHandlers(
    nodeCrypto,
    {},
    {
      historyAdd: (input: { entry: HistoryEntry }) => (writes.push(input.entry), store.historyAdd(input)),
    }
  );
  const fake = fakeBridge({
    catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }),
    catcherWait: () => ({ waitId: 'w1', redirectUri: 'http://127.0.0.1:4321/callback' }),
    catcherCancel: () => ({ cancelled: true }),
    httpSend: transport.httpSend,
    historyAnnotate: (input: Parameters<typeof store.historyAnnotate>[0]) =>
      transport.verdictGiven(input.id, { outcome: input.outcome, summary: input.summary })
        ? { annotated: true }
        : store.historyAnnotate(input),
    tokenSave: ({ token }: { token: unknown }) => token,
    ...extra,
  });
  const deps: RendererDeps = {
    bridge: fake.bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => Uint8Array.from({ length: n }, () => (drawn += 1) & 0xff) },
    now: Date.now,
  };
  return { deps, writes, store };
}

/** historyAnnotate is sent without waiting for it: let it land. */
export const annotated = () => new Promise((resolve) => setImmediate(resolve));

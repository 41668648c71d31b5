import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { HistoryPage } from '../../../../shared/store/history';
import { profileSchema } from '../../../../shared/store/profile';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth1Store } from '../../../../renderer/state/oauth1/oauth1-store';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { ipcTransport, webTransport, type BridgeTransport } from '../../host/bridge/transports';

/*
 * *Start over* while a leg's request hangs: the page's stores, on the real bridge handlers through each transport
 * (Electron's IPC handler and the web host over HTTP), abort the send in the host. The server never answers and
 * the profile's time limit (600 s) is far beyond the test's (20 s): only the cancellation ends the send in time.
 * The server sees its connection closed, the new attempt shows no error, and the history says the send was cancelled.
 */

/** A server that takes each request and never answers; it notes the first request's arrival and its connection's close. */
async function silentServer() {
  let arrived!: () => void;
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  let closed!: () => void;
  const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
  const server: Server = createServer((socket) => {
    socket.once('data', () => arrived());
    socket.once('close', () => closed());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${port}`, requestArrived, connectionClosed };
}

const profile = (base: string) =>
  profileSchema.parse({
    id: 'hanging',
    name: 'Hanging provider',
    baseUrl: base,
    callbackPort: 0,
    timeoutMs: 600_000,
    oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
    oauth2: { clientId: 'cid', clientSecret: 'cs' },
  });

for (const kind of ['IPC', 'web host'] as const) {
  describe(`Start over cancels the request in flight (${kind})`, () => {
    let dir: string;
    let services: AppServices;
    let transport: BridgeTransport;
    let bridge: BridgeApi;
    let silent: Awaited<ReturnType<typeof silentServer>>;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'oauth-lab-start-over-'));
      services = createAppServices({
        host: kind === 'IPC' ? 'electron' : 'web',
        version: 'test',
        store: createAppStore({ cwd: join(dir, 'store') }),
        shell: { openInSystemBrowser: async () => true },
      });
      transport = kind === 'IPC' ? ipcTransport(services) : await webTransport(services, dir);
      bridge = new Proxy({} as BridgeApi, {
        get: (_, name) => (name === 'on' ? () => () => {} : (input: unknown) => transport.call(String(name), input)),
      });
      silent = await silentServer();
    });
    afterEach(async () => {
      await new Promise<void>((resolve) => silent.server.close(() => resolve()));
      await transport.close();
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const deps = () => {
      let drawn = 0;
      return {
        bridge,
        crypto: browserCrypto,
        random: { bytes: (n: number) => new Uint8Array(n).fill(++drawn) },
        now: Date.now,
      };
    };
    /** The history's one entry, as the host recorded the cancelled send. */
    const recorded = async () => {
      const r = await bridge.historyList({});
      if (!r.ok) throw new Error(r.error.message);
      return (r.value as HistoryPage).entries;
    };

    it('OAuth 1.0a: the request token leg', async () => {
      const store = createOAuth1Store(deps());
      await store.getState().flowStarted(profile(silent.base), silent.base);
      const sending = store.getState().legSent('requestToken');
      await silent.requestArrived;
      expect(store.getState().runs.requestToken?.sending).toBe(true);

      await store.getState().flowStarted(profile(silent.base), silent.base);
      await sending;
      await silent.connectionClosed;
      expect(store.getState().runs).toEqual({});
      expect(store.getState().flow?.legs.requestToken).not.toBe('failed');
      expect(await recorded()).toMatchObject([
        { leg: 'requestToken', outcome: 'failed', summary: expect.stringContaining('was cancelled') },
      ]);
    });

    it('OAuth 2: the token leg', async () => {
      const store = createOAuth2Store(deps());
      await store.getState().flowStarted(profile(silent.base), silent.base);
      // The token request as the user may edit it; the code's callback is not what this test is about.
      store.setState({ drafts: { token: { method: 'POST', url: `${silent.base}/token`, headers: [] } } });
      const sending = store.getState().legSent('token');
      await silent.requestArrived;
      expect(store.getState().runs.token?.sending).toBe(true);

      await store.getState().flowStarted(profile(silent.base), silent.base);
      await sending;
      await silent.connectionClosed;
      expect(store.getState().runs).toEqual({});
      expect(store.getState().flow?.legs.token).not.toBe('failed');
      expect(await recorded()).toMatchObject([
        { leg: 'token', outcome: 'failed', summary: expect.stringContaining('was cancelled') },
      ]);
    });
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppServices } from '../../host/bridge/app-services';
import { createAppStore, type AppStore } from '../../host/store';
import { startWebHost } from '../../host/web';

/** The app in browser mode, as `oauth-lab web` runs it, with a fresh store; pages "opened in the system browser" are recorded. */
export async function startApp(): Promise<{
  url: string;
  origin: string;
  opened: string[];
  store: AppStore;
  mockSettings: ReturnType<typeof createAppServices>['handlers']['mockUpdateSettings'];
  close(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-e2e-'));
  const opened: string[] = [];
  const store = createAppStore({ cwd: dir });
  const services = createAppServices({
    host: 'web',
    version: 'e2e',
    store,
    mockCaDir: dir,
    shell: { openInSystemBrowser: async (url) => (opened.push(url), true) },
  });
  const host = await startWebHost({ handlers: services.handlers, events: services.events, staticDir: 'out/renderer' });
  return {
    url: host.url,
    origin: host.origin,
    opened,
    /** The app's store: a test fills the history through it as the host does when it records a send. */
    store,
    /** Changes the mock's settings as the Mock page does. */
    mockSettings: services.handlers.mockUpdateSettings,
    async close() {
      await host.close();
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

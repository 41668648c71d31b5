import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALL_CHANNEL } from '../../shared/bridge/channels';
import { startElectronHost, type ElectronHost } from '../electron-host/host';

/**
 * Events the main process emits before the page listens are held and delivered once it says it is ready: the page's
 * script is held back while the mock is started (as the app page's own frame) and asked for its metadata, so the
 * mockEvent of that request is emitted before any listener exists. The page's log has no other way to learn of it.
 */
let host: ElectronHost;
let releasePageScript: () => void = () => undefined;
const pageScriptReleased = new Promise<void>((resolve) => (releasePageScript = resolve));

beforeAll(async () => {
  host = await startElectronHost({
    encryption: true,
    async beforeStart(standIn) {
      const context = await standIn.electron.session.defaultSession.browserContext();
      await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await pageScriptReleased;
        await route.fallback();
      });
    },
  });
}, 60_000);
afterAll(async () => {
  releasePageScript();
  await host?.close();
});

it('delivers an event emitted before the page listened, once, after it says it is ready', async () => {
  await expect.poll(() => host.standIn.handlers.has(CALL_CHANNEL) && host.standIn.windows.size === 1).toBe(true);
  const [window] = host.standIn.windows;
  const call = host.standIn.handlers.get(CALL_CHANNEL)!;
  const appFrame = { url: 'app://oauth-lab/index.html', parent: null };
  const started = (await call({ sender: { id: window!.webContents.id }, senderFrame: appFrame }, 'mockStart', {
    port: 0,
  })) as { ok: true; value: { baseUrl: string } };
  expect(started.ok).toBe(true);
  const early = await fetch(`${started.value.baseUrl}/.well-known/openid-configuration`);
  expect(early.status).toBe(200);

  releasePageScript();
  const page = await host.mainPage();
  await page.getByRole('button', { name: 'Mock provider' }).click();
  const log = page.getByRole('region', { name: 'Requests received' });
  await log.getByText('/.well-known/openid-configuration').first().waitFor({ timeout: 10_000 });
  expect(await log.getByText('/.well-known/openid-configuration').count()).toBe(1);
});

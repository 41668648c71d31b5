import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALL_CHANNEL } from '../../shared/bridge/channels';
import { startElectronHost, type ElectronHost } from '../electron-host/host';
import { openPage } from './open-page';

/**
 * Events the main process emits before the page listens are held and delivered once it says it is ready. The page's
 * script is held back (a route on the app session) while the mock is asked for something, so the mockEvent of that
 * request is emitted before any listener exists: at the first load and during a reload. The page's request log has no
 * other way to learn of it (it never reads the mock's history).
 */
let host: ElectronHost;
/** While set, the page's entry script waits for it; `scriptAsked` settles when the page has asked for it. */
let scriptHeld: Promise<void> | null = null;
let releaseScript: () => void = () => undefined;
let scriptAsked: () => void = () => undefined;
const holdScript = () => {
  scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  return new Promise<void>((resolve) => (scriptAsked = resolve));
};
const firstAsk = holdScript();

beforeAll(async () => {
  host = await startElectronHost({
    encryption: true,
    async beforeStart(standIn) {
      const context = await standIn.electron.session.defaultSession.browserContext();
      await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        scriptAsked();
        await scriptHeld;
        await route.fallback();
      });
    },
  });
}, 60_000);
afterAll(async () => {
  releaseScript();
  await host?.close();
});

let page: Page;
let mockUrl: string;

/** The page's Mock provider screen lists the request exactly once. */
async function loggedOnce(path: string): Promise<void> {
  await openPage(page, 'Mock provider');
  const log = page.getByRole('region', { name: 'Requests received' });
  await log.getByText(path).first().waitFor({ timeout: 10_000 });
  expect(await log.getByText(path).count()).toBe(1);
}

it('delivers an event emitted before the page first listened, once, after it says it is ready', async () => {
  await firstAsk;
  await expect.poll(() => host.standIn.handlers.has(CALL_CHANNEL) && host.standIn.windows.size === 1).toBe(true);
  const [window] = host.standIn.windows;
  const call = host.standIn.handlers.get(CALL_CHANNEL)!;
  const appFrame = { url: 'app://oauth-lab/index.html', parent: null };
  const started = (await call({ sender: { id: window!.webContents.id }, senderFrame: appFrame }, 'mockStart', {
    port: 0,
  })) as { ok: true; value: { baseUrl: string } };
  expect(started.ok).toBe(true);
  mockUrl = started.value.baseUrl;
  expect((await fetch(`${mockUrl}/.well-known/openid-configuration`)).status).toBe(200);

  releaseScript();
  page = await host.mainPage();
  await loggedOnce('/.well-known/openid-configuration');
});

it('holds what is emitted while the page reloads and gives it to the new page', async () => {
  const asked = holdScript();
  const reloaded = page.reload();
  await asked;
  expect((await fetch(`${mockUrl}/.well-known/oauth-authorization-server`)).status).toBe(200);
  releaseScript();
  await reloaded;
  await loggedOnce('/.well-known/oauth-authorization-server');
});

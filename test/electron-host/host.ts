import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { createElectronStandIn, type ElectronStandIn } from './stand-in';
import type { StandInBrowserWindow } from './window';

const ROOT = join(__dirname, '../..');
const nativeImport = createRequire(__filename)('./native-import.cjs') as (url: string) => Promise<unknown>;

export interface ElectronHost {
  readonly standIn: ElectronStandIn;
  readonly browser: Browser;
  readonly userData: string;
  /** The app window's page, once the app has loaded it. */
  mainPage(): Promise<Page>;
  /** The next window the app opens (its page loaded). */
  nextWindow(): Promise<{ window: StandInBrowserWindow; page: Page }>;
  close(): Promise<void>;
}

/**
 * Runs the built app (out/main/index.js, out/preload/index.cjs and out/renderer, from `npm run build`) on the
 * Electron stand-in, in Debian's Chromium. One app per process, as in Electron: a test file starts one host.
 */
export async function startElectronHost({
  encryption,
  lockHeldElsewhere = false,
  configHome,
  beforeStart,
}: {
  encryption: boolean;
  lockHeldElsewhere?: boolean;
  /**
   * The per-user config directory (XDG_CONFIG_HOME), where the CLI's store is (oauth-lab-nodejs/store.json) that the
   * app takes in at start; default: an empty one, so the user's own never reaches a test.
   */
  configHome?: string;
  /** Runs before the app does, e.g. to hold the page's scripts with a route on the app session's browser context. */
  beforeStart?: (standIn: ElectronStandIn) => Promise<void>;
}): Promise<ElectronHost> {
  const browser = await launchChromium();
  const userData = mkdtempSync(join(tmpdir(), 'oauth-lab-electron-host-'));
  const emptyConfigHome = configHome ? null : mkdtempSync(join(tmpdir(), 'oauth-lab-electron-host-config-'));
  process.env.XDG_CONFIG_HOME = configHome ?? emptyConfigHome!;
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const standIn = createElectronStandIn({ browser, userData, version, encryption, lockHeldElsewhere });
  await beforeStart?.(standIn);
  (globalThis as { __electronStandIn?: unknown }).__electronStandIn = standIn.electron;
  register(pathToFileURL(join(__dirname, 'resolve-electron.mjs')).href);
  await nativeImport(pathToFileURL(join(ROOT, 'out/main/index.js')).href);
  standIn.ready();

  const loaded = async (window: StandInBrowserWindow) => {
    await window.loaded;
    return window.webContents.page;
  };
  const waitForWindow = (known: Set<StandInBrowserWindow>) =>
    new Promise<StandInBrowserWindow>((resolve) => {
      const poll = setInterval(() => {
        const window = [...standIn.windows].find((w) => !known.has(w));
        if (window) {
          clearInterval(poll);
          resolve(window);
        }
      }, 20);
    });
  const first = waitForWindow(new Set());
  return {
    standIn,
    browser,
    userData,
    mainPage: async () => loaded(await first),
    async nextWindow() {
      const window = await waitForWindow(new Set(standIn.windows));
      return { window, page: await loaded(window) };
    },
    async close() {
      if (!standIn.electron.app.quitted) {
        const quit = new Promise((resolve) => standIn.electron.app.once('quit', resolve));
        for (const window of [...standIn.windows]) window.close();
        await quit;
      }
      await browser.close();
      rmSync(userData, { recursive: true, force: true });
      if (emptyConfigHome) rmSync(emptyConfigHome, { recursive: true, force: true });
    },
  };
}

import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/serve-static.mjs';
import type { Browser } from 'playwright-core';
import { launchChromium, SCREENSHOTS } from './browser';

let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  ({ server, url } = await serveStatic('out/renderer', 0));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

it.each(['light', 'dark'] as const)('the first screen renders the service endpoints (%s)', async (colorScheme) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('OAuth Lab');
  const rows = page.getByRole('row');
  expect(await rows.count()).toBe(6);
  expect(await page.getByRole('cell', { name: '/oauth/v1/request_token' }).count()).toBe(1);
  await page.screenshot({ path: `${SCREENSHOTS}/home-${colorScheme}.png`, fullPage: true });
  expect(errors).toEqual([]);
  await page.close();
});

import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';

/** What a grant page's tests need of their e2eSession. */
interface Session {
  readonly app: { readonly url: string };
  readonly browser: Browser;
}

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Each viewport (1280x800, 1024x700) in light and dark: the cases a grant page's test is run for. */
export const VIEWPORT_SCHEMES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
].flatMap((v) => (['light', 'dark'] as const).map((scheme) => [v, scheme] as const));

type Viewport = (typeof VIEWPORT_SCHEMES)[number][0];

/** A full-page screenshot named `<name>-<width>-<scheme>.png`. */
export const viewportShot = (page: Page, name: string, v: { width: number }, scheme: string) =>
  screenshot(page, `${SHOTS}/${name}-${v.width}-${scheme}.png`, { fullPage: true });

/** A button of the flow's "Next step" bar. */
export const nextStep = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Next step' }).getByRole('button', { name, exact: true });

/**
 * A new page at the app, the grant's page opened from the sidebar and its flow started once it can be; the page's
 * errors collected, and the app's mock's URL as the page shows it.
 */
export async function startGrantPage(session: Session, title: string, v: Viewport, scheme: 'light' | 'dark') {
  const page = await session.browser.newPage({ viewport: v, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  const mockAt = (await page.getByText(/^Mock at /).textContent())!.replace('Mock at ', '');
  await page.getByRole('button', { name: title, exact: true }).click();
  const start = page.getByRole('button', { name: `Start the ${title} flow` });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
  return { page, errors, mockAt };
}

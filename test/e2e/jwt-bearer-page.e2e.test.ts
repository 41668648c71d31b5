import { mkdirSync } from 'node:fs';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { e2eSession } from './session';
import { screenshot } from './browser';

/**
 * The JWT bearer page (RFC 7523 §2.1), derived from the grant's spec on the generic grant page, by clicking against
 * the app's mock: the assertion typed in its field, masked in the request, a token, then the API call.
 * Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const cases = VIEWPORTS.flatMap((v) => (['light', 'dark'] as const).map((scheme) => [v, scheme] as const));
const shot = (page: Page, name: string, v: { width: number }, scheme: string) =>
  screenshot(page, `${SHOTS}/${name}-${v.width}-${scheme}.png`, { fullPage: true });
const bar = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Next step' }).getByRole('button', { name, exact: true });

/** An assertion the mock trusts: issued by its default client, signed with that client's secret (HS256). */
const assertionFor = (mockUrl: string) =>
  new SignJWT({
    iss: DEFAULT_CREDENTIALS.client.id,
    sub: 'build-robot',
    aud: mockUrl,
    exp: Math.floor(Date.now() / 1000) + 300,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(DEFAULT_CREDENTIALS.client.secret));

it.each(cases)('JWT bearer: the assertion for a token, then the API call (%o, %s)', async (v, scheme) => {
  const page = await session.browser.newPage({ viewport: v, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  const mockAt = (await page.getByText(/^Mock at /).textContent())!.replace('Mock at ', '');
  await page.getByRole('button', { name: 'JWT bearer' }).click();
  const start = page.getByRole('button', { name: 'Start the JWT bearer flow' });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
  const jwt = await assertionFor(mockAt);
  await page.getByLabel(/^assertion/).fill(jwt);
  const request = page.getByRole('region', { name: 'Request to send' });
  await expect.poll(() => request.textContent()).toContain('&assertion=••••');
  await shot(page, 'jwt-bearer-token-before', v, scheme);
  await bar(page, 'Send').click();
  await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
  await shot(page, 'jwt-bearer-token-after', v, scheme);
  await bar(page, 'Continue: API request →').click();
  await bar(page, 'Send').click();
  await page.getByText('API call answered 200.').waitFor();
  await shot(page, 'jwt-bearer-api-after', v, scheme);
  expect(errors).toEqual([]);
  await page.close();
});

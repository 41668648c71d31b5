import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { screenshot } from './browser';
import { mockIdToken } from './mock-id-token';

/**
 * The ID-JAG page (draft-ietf-oauth-identity-assertion-authz-grant), the registered grant on the generic grant page
 * reached from the sidebar, by clicking against the app's mock in both roles: the user's id_token exchanged at the
 * IdP for an ID-JAG, checked, redeemed at the authorization server for a token, then the API call.
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

it.each(cases)(
  'ID-JAG: the id_token for an ID-JAG, redeemed for a token, then the API call (%o, %s)',
  async (v, scheme) => {
    const page = await session.browser.newPage({ viewport: v, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    const mockAt = (await page.getByText(/^Mock at /).textContent())!.replace('Mock at ', '');
    await page.getByRole('button', { name: 'ID-JAG', exact: true }).click();
    const start = page.getByRole('button', { name: 'Start the ID-JAG flow' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await page.getByLabel(/^id_token/).fill(await mockIdToken(mockAt));
    await page.getByLabel(/^resource/).fill(`${mockAt}/api/v2/me`);
    const request = page.getByRole('region', { name: 'Request to send' });
    await expect.poll(() => request.textContent()).toContain('&subject_token=••••');
    await expect
      .poll(() => request.textContent())
      .toContain('requested_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aid-jag');
    await shot(page, 'id-jag-exchange-before', v, scheme);
    await bar(page, 'Send').click();
    // The exchange succeeded: the page goes on to the redemption, whose assertion is the ID-JAG.
    await expect.poll(() => request.textContent()).toContain('&assertion=••••');
    await page.getByRole('button', { name: /ID-JAG from the IdP/ }).click();
    await page.getByText('typ is oauth-id-jag+jwt.').waitFor();
    await page.getByText(`aud is ${mockAt}, the authorization server it is presented to.`).waitFor();
    await shot(page, 'id-jag-exchange-after', v, scheme);
    await bar(page, 'Continue: Redeem the ID-JAG →').click();
    await bar(page, 'Send').click();
    await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
    await shot(page, 'id-jag-token-after', v, scheme);
    await bar(page, 'Continue: API request →').click();
    await bar(page, 'Send').click();
    await page.getByText('API call answered 200.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }
);

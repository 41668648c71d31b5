import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * A refused leg reads as one decoded sentence in the server's words with what to do; checks that only follow from
 * the refusal are greyed; notes are neutral. Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession({ appPerTest: true });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const CASES = VIEWPORTS.flatMap((viewport) => (['light', 'dark'] as const).map((scheme) => ({ viewport, scheme })));

async function accessTokenThenDeauthorize(page: Page) {
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Request token .* received\./).waitFor();
  await page.getByRole('button', { name: 'Continue: Authorize →' }).click();
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
  await login.close();
  await page.getByRole('button', { name: 'Continue: Access token →' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Access token .* received; it does not expire/).waitFor();
  await page.getByRole('button', { name: 'Continue: API request →' }).click();
  await openPage(page, 'Mock provider');
  await page.getByRole('button', { name: 'Deauthorize' }).click();
  await page.getByText(/deauthorized: API calls with it now get 401/).waitFor();
  await page.getByRole('button', { name: 'OAuth 1.0a' }).click();
}

it.each(CASES)(
  'the API leg refused after deauthorization: one decoded sentence ($viewport.width, $scheme)',
  async ({ viewport, scheme }) => {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    await page.goto(session.app.url);
    await accessTokenThenDeauthorize(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const summary = page.locator('p.summary.bad');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toMatch(
      /^HTTP 401, the provider says: token_revoked: The user deauthorized this access token .+ Obtain a new one with the three legs\.$/
    );
    // Decoded, said once, one sentence each: no percent-encoding, no raw challenge, no doubled period.
    expect(text).not.toMatch(/%[0-9A-F]{2}|WWW-Authenticate|oauth_problem=|\.\./);
    const checks = page.getByRole('region', { name: 'Checks' }).getByRole('listitem');
    expect(await checks.count()).toBe(1);
    await shot(page, `leg-error-api-401-${viewport.width}`, scheme);
    await screenshot(
      page.locator('.result'),
      `${SCREENSHOTS}/leg-error-api-401-${viewport.width}-result-${scheme}.png`
    );
    await page.close();
  }
);

it.each(CASES)(
  'a refused request token: the reason, the consequences greyed ($viewport.width, $scheme)',
  async ({ viewport, scheme }) => {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await page.getByLabel('Consumer secret', { exact: true }).fill('not-the-secret');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/^No request token: HTTP 401, the provider says: signature_invalid: \S/).waitFor();
    const checks = page.getByRole('region', { name: 'Checks' });
    expect(await checks.locator('li.fail').count()).toBe(1);
    expect(await checks.locator('li.consequence').count()).toBe(2);
    const grey = await checks
      .locator('li.consequence')
      .first()
      .evaluate((li) => getComputedStyle(li).color);
    const red = await checks.locator('li.fail .mark').evaluate((m) => getComputedStyle(m).color);
    expect(grey).not.toBe(red);
    await shot(page, `leg-error-request-token-${viewport.width}`, scheme);
    await screenshot(
      page.locator('.result'),
      `${SCREENSHOTS}/leg-error-request-token-${viewport.width}-result-${scheme}.png`
    );
    await page.close();
  }
);

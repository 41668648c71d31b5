import { afterAll, beforeAll, expect, it } from 'vitest';
import { json } from '../support/emulations/provider-emulation';
import { startOAuth2Emulation, type OAuth2Emulation } from '../support/emulations/presets/oauth2-emulation';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession } from './session';
import { openPage } from './open-page';

/**
 * An API that answers HTTP 200 with an error document, as Slack documents (https://api.slack.com/web#evaluating_responses:
 * `{"ok": false, "error": "missing_scope", "needed": …, "provided": …}`): the OAuth 2 page's API leg keeps the
 * status verdict and shows the provider's words as a warning.
 */
const session = e2eSession();
let provider: OAuth2Emulation;
beforeAll(async () => {
  provider = await startOAuth2Emulation({
    authorizePath: '/oauth/v2/authorize',
    tokenPath: '/api/oauth.v2.access',
    clientId: 'e2e-slack',
    clientSecret: 'e2e-slack-secret',
    clientAuth: 'body',
    tokenResponse: () =>
      json({ ok: true, access_token: 'xoxb-e2e', token_type: 'bot', scope: 'commands', expires_in: 3600 }),
    extraRoutes: {
      'GET /api/chat.postMessage': () =>
        json({ ok: false, error: 'missing_scope', needed: 'chat:write', provided: 'commands' }),
    },
  });
});
afterAll(() => provider.close());

it("an API leg answered 200 with ok:false stays a 200 and shows the provider's words as a warning", async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field('Name').fill('Slack-like');
  await field('Base URL').fill(provider.main.base);
  await field('Callback port').fill('0');
  await field('OAuth 2 Authorize path').fill('/oauth/v2/authorize');
  await field('Token path').fill('/api/oauth.v2.access');
  await field('OAuth 2 API path').fill('/api/chat.postMessage');
  await field('Client ID').fill('e2e-slack');
  await field('Client secret').fill('e2e-slack-secret');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await page.getByRole('button', { name: 'Use Slack-like' }).click();
  await page.getByRole('button', { name: 'OAuth 2', exact: true }).click();
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await page.getByText('Authorization code received.').waitFor();
  await popup.close();
  await page.getByRole('button', { name: 'Continue: Token exchange →' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^Access token received, valid for 3600 s\.$/).waitFor();
  await page.getByRole('button', { name: 'Continue: API request →' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByText('API call answered 200, but the body says: missing_scope: needed chat:write, provided commands.')
    .waitFor();
  const warning = page.locator('.checks li.warning');
  expect(await warning.textContent()).toBe(
    '!Warning:body HTTP 200, but the body says: missing_scope: needed chat:write, provided commands.'
  );
  expect(await page.getByRole('button', { name: /^3 API request/ }).textContent()).toContain('Succeeded');
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await warning.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `${SCREENSHOTS}/oauth2-api-error-document-${width}-${scheme}.png`);
    }
  }
  expect(errors).toEqual([]);
  await page.close();
});

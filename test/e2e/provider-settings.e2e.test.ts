import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { json } from '../support/emulations/provider-emulation';
import { startOAuth2Emulation, type OAuth2Emulation } from '../support/emulations/presets/oauth2-emulation';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession } from './session';
import { openPage } from './open-page';

/**
 * A real provider's settings in the UI: a profile whose token endpoint is on another host (a second emulation
 * server), with an extra header, completes the OAuth 2 flow; with a redirect URI the catcher cannot receive, the
 * user pastes the URL the browser landed on and the flow goes on from it.
 */
const session = e2eSession();
let provider: OAuth2Emulation;
beforeAll(async () => {
  provider = await startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/token',
    tokenOnOtherHost: true,
    clientId: 'e2e-client',
    clientSecret: 'e2e-secret',
    clientAuth: 'body',
    // The provider requires the header it documents on the token request.
    tokenCheck: (r) =>
      r.headers['x-api-version'] === '2'
        ? null
        : json({ error: 'invalid_request', error_description: 'X-Api-Version: 2 is required' }, 400),
    tokenResponse: () =>
      json(
        { access_token: 'e2e-access', token_type: 'bearer', expires_in: 3600, scope: '', refresh_token: 'e2e-refresh' },
        200,
        { 'Cache-Control': 'no-store' }
      ),
    // The page a fixed registered redirect URI shows (the client's web site): the browser lands there.
    extraRoutes: {
      'GET /oauth/done': () => ({
        status: 200,
        headers: { 'Content-Type': 'text/html' },
        body: '<title>Landed</title>Signed in.',
      }),
    },
  });
});
afterAll(() => provider.close());

async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `nothing overflows sideways at ${width} px`
    ).toBeLessThanOrEqual(width);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `${SCREENSHOTS}/provider-${name}-${width}-${scheme}.png`, { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function createProfile(page: Page, name: string, redirectUri = '') {
  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field('Name').fill(name);
  await field('Base URL').fill(provider.main.base);
  await field('Callback port').fill('0');
  if (redirectUri) await field('Redirect URI override').fill(redirectUri);
  await field('Extra headers').fill('X-Api-Version: 2');
  await field('OAuth 2 Authorize path').fill('/authorize');
  await field('Token path').fill(`${provider.token.base}/token`);
  await field('Client ID').fill('e2e-client');
  await field('Client secret').fill('e2e-secret');
  if (!redirectUri) await shots(page, 'profile-form');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await page.getByText(`Created "${name}". Choose Use to run the flows against it.`).waitFor();
  await page.getByRole('button', { name: `Use ${name}` }).click();
  await page.getByRole('button', { name: 'OAuth 2', exact: true }).click();
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
}

async function exchangeToken(page: Page) {
  await page.getByRole('button', { name: 'Continue: Token exchange →' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^Access token received, valid for 3600 s\.$/).waitFor();
}

it('a profile whose token endpoint is on another host, with an extra header, completes the flow in the UI', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await createProfile(page, 'Split hosts');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await page.getByText('Authorization code received.').waitFor();
  await popup.close();
  await exchangeToken(page);
  const token = provider.token.seen.find((s) => s.url === '/token')!;
  expect(token.headers['x-api-version']).toBe('2');
  expect(token.headers['user-agent']).toMatch(/^OAuth-Lab\//);
  expect(provider.main.seen.some((s) => s.url === '/token')).toBe(false);
  expect(provider.lastAuthorize().has('grant_type')).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
});

it('with a redirect URI the catcher cannot receive, pasting the URL landed on completes the flow in the UI', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  // One fixed registered URL on another server: the provider sends the browser there, not to OAuth Lab's catcher.
  const registered = `${provider.main.base}/oauth/done`;
  await createProfile(page, 'Fixed redirect', registered);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await popup.waitForURL((u) => u.href.startsWith(`${registered}?`));
  const landed = popup.url();
  await popup.close();
  expect(provider.lastAuthorize().get('redirect_uri')).toBe(registered);
  const paste = page.getByRole('form', { name: 'Paste the URL you landed on' });
  // A forged state is refused like a forged callback.
  await paste.getByRole('textbox').fill(landed.replace(/state=[^&]+/, 'state=forged'));
  await paste.getByRole('button', { name: 'Continue with this URL' }).click();
  await page
    .getByText(/The returned state "forged" is not the state sent/)
    .first()
    .waitFor();
  await paste.getByRole('textbox').fill(landed);
  await paste.getByRole('button', { name: 'Continue with this URL' }).click();
  await page.getByText('Authorization code received.').waitFor();
  await shots(page, 'pasted-url');
  await exchangeToken(page);
  expect(new URLSearchParams(provider.token.seen.at(-1)!.body).get('redirect_uri')).toBe(registered);
  await page.close();
});

import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { e2eSession } from './session';
import { screenshot } from './browser';
import { openPage } from './open-page';

/**
 * The OAuth 2 page in the browser after the server has refused or replaced its token: the API leg still exports
 * and sends after *Refresh automatically* refreshed, the refresh token and the code stay masked, a refused refresh
 * shows in the header with Start over in the bar, and the Request signer's list says which tokens are gone.
 */
const session = e2eSession();
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/screenshots';

const call = (page: Page, method: string, input?: unknown) =>
  page.evaluate(
    async ([m, i]) =>
      (
        await fetch(`/api/call/${m}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(i ?? {}),
        })
      ).json(),
    [method, input] as const
  );
/** The newest saved token of the mock profile, as the page saved it. */
async function newestToken(page: Page) {
  const r = (await call(page, 'tokensList', { profileId: 'mock' })) as {
    value: { token: string; refreshToken: string; obtainedAt: number }[];
  };
  return r.value.reduce((a, b) => (b.obtainedAt >= a.obtainedAt ? b : a));
}
/** Revokes a token at the mock as its client may (RFC 7009). */
async function revoke(base: string, token: string, hint: 'access_token' | 'refresh_token') {
  const c = DEFAULT_CREDENTIALS.client;
  const r = await fetch(`${base}/oidc/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: c.id, client_secret: c.secret, token, token_type_hint: hint }),
  });
  expect(r.status).toBe(200);
}
/** Full-page screenshots at 1280x800 and 1024x700, light and dark, named `<name>-<width>-<scheme>.png`. */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${SHOTS}/${name}-${width}-${scheme}.png`, { fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
const bar = (page: Page) => page.getByRole('group', { name: 'Next step' });
const press = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true }).click();

it('keeps the API leg working after an automatic refresh, and shows what the server refused', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  const base = /Mock at (http:\/\/127\.0\.0\.1:\d+)/.exec(
    await page
      .getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/)
      .first()
      .innerText()
  )![1]!;
  await page.getByRole('button', { name: 'OAuth 2' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
  const [login] = await Promise.all([page.waitForEvent('popup'), press(page, 'Open in browser')]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorization code received.').waitFor();
  await login.close();

  // The token leg: the code is dots in the body and in the HTTP request, as the client secret is.
  await press(page, 'Continue: Token exchange →');
  const body = page.getByLabel('Body (form-encoded)');
  await expect.poll(() => body.inputValue()).toMatch(/(^|&)code=•+&/);
  expect(await page.getByText(/^POST \/oauth\/v2\/token HTTP\/1\.1/).innerText()).toMatch(/code=•+&/);
  await shots(page, 'oauth2-token-masked-code');
  await press(page, 'Send');
  await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();

  // The API leg refreshes by itself on a 401; then its request still exports and sends.
  await press(page, 'Continue: API request →');
  await revoke(base, (await newestToken(page)).token, 'access_token');
  await page.getByLabel('Refresh automatically').check();
  await press(page, 'Send');
  await page.getByText('API call answered 200.').waitFor();
  await page.getByText(/^Automatic refresh \(after a 401\)/).waitFor();
  await page.getByText('Export this request').click();
  const exportMenu = page.locator('details.export');
  await exportMenu.getByLabel('Export preview').or(exportMenu.getByRole('alert')).waitFor();
  expect(await exportMenu.getByRole('alert').allInnerTexts()).toEqual([]);
  expect(await page.getByLabel('Export preview').innerText()).toMatch(/^curl /);
  await page.getByLabel('Include secrets').check();
  await shots(page, 'oauth2-api-after-auto-refresh');
  await press(page, 'Send');
  await expect.poll(() => page.getByText('API call answered 200.').count()).toBe(1);
  expect(await page.getByRole('alert').count()).toBe(0);

  // The Refresh leg: the refresh token is dots in the body; Include secrets is asked again.
  // The automatic refresh did the Refresh leg already: it is chosen in the stepper.
  await page
    .getByRole('navigation', { name: 'Legs of the flow' })
    .getByRole('button', { name: /Refresh/ })
    .click();
  const refreshToken = (await newestToken(page)).refreshToken;
  await expect.poll(() => body.inputValue()).toMatch(/(^|&)refresh_token=•+(&|$)/);
  expect(await body.inputValue()).not.toContain(refreshToken);
  await page.getByText('Export this request').click();
  expect(await page.getByLabel('Include secrets').isChecked()).toBe(false);

  // The grant revoked: the refresh is refused; the header says so and the bar offers a new flow.
  await revoke(base, refreshToken, 'refresh_token');
  await press(page, 'Send');
  const credentials = page.getByRole('list', { name: 'Credentials' });
  await credentials.getByText(/^Refresh: refused \(.*\); authorize again$/).waitFor();

  expect(await bar(page).getByRole('button').allInnerTexts()).toEqual(['Start over', 'Send again']);
  await shots(page, 'oauth2-refresh-refused');

  await openPage(page, 'Request signer');
  await page.getByRole('button', { name: 'OAuth 2 bearer token' }).click();
  const list = page.getByLabel('Saved OAuth 2 token');
  await expect
    .poll(async () => (await list.locator('option').allInnerTexts()).map((t) => t.replace(/^.*, /, '')).sort())
    .toEqual(['refresh refused', 'refresh token rotated away']);
  await shots(page, 'signer-saved-oauth2-tokens');
  expect(errors).toEqual([]);
  await page.close();
});

it('offers Start over once an OAuth 1.0a token is deauthorized, and the signer says the saved token is revoked', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await press(page, 'Send');
  await page.getByText(/Request token .* received\./).waitFor();
  await press(page, 'Continue: Authorize →');
  const [login] = await Promise.all([page.waitForEvent('popup'), press(page, 'Open in browser')]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
  await login.close();
  await press(page, 'Continue: Access token →');
  await press(page, 'Send');
  await page.getByText(/Access token .* received; it does not expire/).waitFor();
  await press(page, 'Continue: API request →');
  const saved = (await call(page, 'tokensList', { profileId: 'mock' })) as { value: { token: string }[] };
  const token = saved.value.find((t) => t.token.startsWith('at-'))!.token;
  expect(((await call(page, 'mockDeauthorize', { token })) as { ok: boolean }).ok).toBe(true);
  await press(page, 'Send');
  await page.locator('p.summary.bad', { hasText: /^HTTP 401, the provider says: token_revoked/ }).waitFor();
  expect(await bar(page).getByRole('button').allInnerTexts()).toEqual(['Start over', 'Send again']);
  await shots(page, 'oauth1-api-token-revoked');

  await openPage(page, 'Request signer');
  const select = page.getByLabel('Saved token');
  await select.locator('option', { hasText: token }).waitFor({ state: 'attached' });
  await select.selectOption((await select.locator('option', { hasText: token }).getAttribute('value'))!);
  await page.getByLabel('The chosen token').getByText('revoked', { exact: true }).waitFor();
  await shots(page, 'signer-saved-oauth1-token');
  await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
  await press(page, 'Start over');
  await page.getByText(/Request token .* received\./).waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await page.close();
});

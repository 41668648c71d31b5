import { expect, it } from 'vitest';
import { inView } from './in-view';
import { e2eSession, shot } from './session';

/**
 * At 1024x700, what answers a click on the OAuth 2 page is in view without scrolling: the hint when no callback
 * comes (time driven by Playwright's clock, not waited for), in the action bar too, and an introspection's result
 * below the leg.
 */
const session = e2eSession();

it.each(['light', 'dark'] as const)('the no-callback hint and an introspection come into view (%s)', async (scheme) => {
  const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: scheme });
  await page.clock.install();
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'OAuth 2' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
  const bar = page.getByRole('group', { name: 'Next step' });
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    bar.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await page.clock.fastForward(10_000);
  const hint = page.getByRole('region', { name: 'No callback yet' });
  await hint.getByRole('button', { name: 'Start over' }).waitFor();
  expect(await inView(page, hint.getByRole('button', { name: 'Start over' }))).toBe(true);
  expect(await bar.getByRole('button', { name: 'Open in browser' }).isEnabled()).toBe(true);
  // The bar, always in view, says it too, with the redirect URI sent.
  const said = bar.getByText(
    /^No callback yet: the provider may have refused the redirect URI http:\/\/127\.0\.0\.1:\d+\//
  );
  expect(await inView(page, said)).toBe(true);
  expect(await bar.getByText('Waiting for the callback…').count()).toBe(0);
  await shot(page, 'oauth2-no-callback-1024x700', scheme);

  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorization code received.').waitFor();
  await login.close();
  await bar.getByRole('button', { name: 'Continue: Token exchange →' }).click();
  await bar.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
  const panel = page.getByRole('region', { name: 'Revoke or introspect' });
  await panel.getByRole('button', { name: 'Find the endpoints' }).click();
  await panel.getByRole('button', { name: 'Introspect the access token' }).click();
  const answer = panel.getByText('The provider says active: true.');
  await answer.waitFor();
  await expect.poll(() => inView(page, answer)).toBe(true);
  await shot(page, 'oauth2-introspection-1024x700', scheme);
  await page.close();
});

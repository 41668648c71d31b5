import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mockProfileCopy } from './mock-profile-copy';
import { approvedOnOAuth2Page } from './oauth2-by-clicking';
import { e2eSession, shot } from './session';

/**
 * RFC 9207 on the OAuth 2 page by clicking: the mock sends iss and advertises it (its issParameter switch), the
 * user logs in at the mock, and the redirect back to the app's catcher is changed on its way by `edit`, as a mix-up
 * attacker would (RFC 9700 §4.4). A forged iss is refused and no code is taken, so the token exchange is never
 * offered; the honest redirect goes on to the code; a redirect without iss is refused for a profile that says the
 * metadata advertises it (RFC 9207 §2.4).
 */
const session = e2eSession();
beforeAll(() => session.app.mockSettings({ switches: { issParameter: true } }));
afterAll(() => session.app.mockSettings({ switches: { issParameter: false } }));

/**
 * The flow started on the profile in use (the built-in mock profile unless `chosen` picks another), the mock's login
 * done, the redirect back changed by `edit` (given the mock's base URL, the issuer it sends as iss).
 */
async function redirectedBack(
  page: Page,
  edit: (callback: URL, mockBase: string) => void,
  chosen: (page: Page) => Promise<void> = async () => {}
): Promise<void> {
  await page.goto(session.app.url);
  await chosen(page);
  const mock = page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).first();
  const mockBase = /http:\/\/127\.0\.0\.1:\d+/.exec((await mock.textContent())!)![0];
  // The mock's redirect to the callback, its Location changed before the browser follows it.
  await page.context().route(`${mockBase}/**`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    if (!location || !/\/callback\?/.test(location)) return route.fulfill({ response });
    const callback = new URL(location);
    edit(callback, mockBase);
    return route.fulfill({ response, headers: { ...response.headers(), location: callback.href } });
  });
  await approvedOnOAuth2Page(page);
}

it('a forged iss in the redirect back is refused: no code, no token exchange offered', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let base = '';
  await redirectedBack(page, (u, mockBase) => {
    base = mockBase;
    expect(u.searchParams.get('iss')).toBe(mockBase);
    u.searchParams.set('iss', 'https://evil.example');
  });
  await page.getByText('iss is "https://evil.example"; expected "', { exact: false }).first().waitFor();
  expect(base).not.toBe('');
  expect(await page.getByText(`iss is "https://evil.example"; expected "${base}"`).count()).toBeGreaterThan(0);
  expect(await page.getByText('Authorization code received.').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Continue: Token exchange →' }).count()).toBe(0);
  await shot(page, 'oauth2-forged-iss-1280', 'light');
  expect(errors).toEqual([]);
  await page.close();
});

it("the mock's own iss: the code is taken", async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  let iss: string | null = null;
  await redirectedBack(page, (u) => (iss = u.searchParams.get('iss')));
  await page.getByText('Authorization code received.').waitFor();
  expect(iss).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await page.close();
});

it('no iss, for a profile whose metadata advertises it: refused, no code', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await redirectedBack(
    page,
    (u) => u.searchParams.delete('iss'),
    async (p) => {
      const form = await mockProfileCopy(p);
      await form.getByLabel('The redirect back carries iss (RFC 9207)', { exact: true }).check();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await p.getByRole('button', { name: 'Use Mock provider (copy)' }).click();
    }
  );
  await page
    .getByText(/advertises authorization_response_iss_parameter_supported, but the callback has no iss/)
    .first()
    .waitFor();
  expect(await page.getByText('Authorization code received.').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Continue: Token exchange →' }).count()).toBe(0);
  await page.close();
});

import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';

/**
 * A request to the callback URL with a forged state while the OAuth 2 flow waits (what an `<img>` on any web page
 * can make the browser do): the catcher refuses it, the authorize leg lists it, and the genuine callback still
 * completes the flow (RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12)).
 */
const session = e2eSession();

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)(
  'lists a forged callback while waiting, then the real approval completes the flow (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    await page.getByText(/code_challenge \(S256\)/).waitFor();
    const [login] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for the provider' });
    const callback = (await waiting.locator('code').textContent())!;
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const forged = await fetch(`${callback}?code=forged-code-123&state=forged-state`);
    expect(forged.status).toBe(400);
    const bare = await fetch(`${callback}?code=another-code-456`);
    expect(bare.status).toBe(400);
    const refused = page.getByRole('region', { name: 'Refused callbacks' }).getByRole('listitem');
    await expect.poll(() => refused.count()).toBe(2);
    expect(await refused.nth(0).textContent()).toContain(
      "?code=••••••••&state=forged-stateAnother state: a request that is not this flow's, e.g. from another web page (RFC 6749 §10.12); still waiting."
    );
    expect(await refused.nth(1).textContent()).toContain('?code=••••••••No state: ');
    expect(await page.content()).not.toMatch(/forged-code-123|another-code-456/);
    expect(await waiting.isVisible()).toBe(true);
    await shot(page, `oauth2-forged-callback-${width}`, scheme);

    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorization code received.').waitFor();
    await login.close();
    expect(await refused.nth(0).textContent()).toMatch(/\(RFC 6749 §10\.12\)\.$/);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }
);

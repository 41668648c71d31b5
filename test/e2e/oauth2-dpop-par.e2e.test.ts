import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { DPOP_LOOKS, pressNext as press, savedDpopProfile } from './dpop-profile';
import { e2eSession } from './session';

/**
 * The code bound to the DPoP key on the OAuth 2 page (RFC 9449 §10, §10.1), by clicking: a profile on the mock with
 * DPoP on and a key made in the host; the authorization URL's dpop_jkt said on the authorize leg, then PAR on: the
 * push carries a proof, shown part by part on the push leg, and the token leg exchanges the code with a proof of
 * the same key; at both sizes, light and dark.
 */
const session = e2eSession();

it.each(DPOP_LOOKS)(
  'dpop_jkt on the authorize leg, a DPoP proof on the PAR push (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByText(/^Mock at http:\/\/127\.0\.0\.1:\d+$/).waitFor();
    const id = `dpop-par-${scheme}-${width}`;
    const jkt = await savedDpopProfile(page, id);
    await page.reload();
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await page.getByLabel('Profile').selectOption(id);
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    const params = page.getByRole('table', { name: 'Authorization URL parameters' });
    await params.getByRole('rowheader', { name: 'dpop_jkt', exact: true }).waitFor();
    expect(await params.textContent()).toContain(jkt);
    const note = page.getByTestId('dpop-jkt-note');
    expect(await note.textContent()).toContain('RFC 9449 §10');
    const dir = `${SCREENSHOTS}/dpop-par`;
    mkdirSync(dir, { recursive: true });
    const shot = (name: string) => screenshot(page, `${dir}/${name}-${width}-${scheme}.png`);
    await note.scrollIntoViewIfNeeded();
    await shot('authorize-dpop-jkt');

    await page.getByRole('checkbox', { name: 'Push the authorization request (PAR)' }).check();
    const [login] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in browser' }).click(),
    ]);
    await login.waitForURL(/request_uri=/);
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorization code received.').waitFor();
    await login.close();
    await page.getByText(/^Pushed: request_uri urn:ietf:params:oauth:request_uri:\S+/).waitFor();
    const pushed = page.getByRole('region', { name: 'Pushed authorization request' });
    const proof = pushed.getByRole('region', { name: 'DPoP proof' });
    await proof.waitFor();
    expect(await proof.textContent()).toMatch(/Proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/par/);
    expect(await proof.textContent()).toContain(jkt);
    await pushed.getByText(/^The push carries a DPoP proof/).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot('par-push-proof');

    await press(page, 'Continue: Token exchange →');
    await press(page, 'Send');
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }
);

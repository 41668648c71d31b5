import { beforeAll, describe, expect, it } from 'vitest';
import { e2eSession } from './session';
import { nextStep, startGrantPage, VIEWPORT_SCHEMES, viewportShot } from './grant-page';

/**
 * The client credentials and device authorization pages by clicking, against the app's mock: the token leg with
 * its fields, the API call; the device's codes large with a QR code, the polls listed as they come, approval on the
 * mock's verification page in another tab. Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();

it.each(VIEWPORT_SCHEMES)(
  'client credentials: a token for the scope and resource, then the API call (%o, %s)',
  async (v, scheme) => {
    const { page, errors } = await startGrantPage(session, 'Client credentials', v, scheme);
    await page.getByLabel('Scope', { exact: true }).fill('read');
    await page.getByLabel('Resources (RFC 8707), one URI a line').fill('https://api.example.com/');
    await expect
      .poll(() => page.getByRole('region', { name: 'Request to send' }).textContent())
      .toContain('resource=https%3A%2F%2Fapi.example.com%2F');
    expect(await page.getByRole('region', { name: 'Request to send' }).textContent()).not.toContain(
      'oauth-lab-client-secret'
    );
    await viewportShot(page, 'cc-token-before', v, scheme);
    await nextStep(page, 'Send').click();
    await page.getByText(/^Access token received, valid for \d+ s, scope "read"\.$/).waitFor();
    await viewportShot(page, 'cc-token-after', v, scheme);
    await nextStep(page, 'Continue: API request →').click();
    await nextStep(page, 'Send').click();
    await page.getByText('API call answered 200.').waitFor();
    await viewportShot(page, 'cc-api-after', v, scheme);
    // The call exported as code that asks for a new token with the client credentials (no refresh token, §4.4.3).
    await page.getByText('Export this request').click();
    await page.getByLabel('Export as').selectOption('postman');
    await expect.poll(() => page.getByLabel('Export preview').textContent()).toContain('"client_credentials"');
    await viewportShot(page, 'cc-api-export', v, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

describe('device', () => {
  // The mock asks for a poll every second (switch devicePollInterval) instead of every 5 s.
  beforeAll(() => session.app.mockSettings({ switches: { devicePollInterval: 1 } }));

  it.each(VIEWPORT_SCHEMES)(
    'device: the codes and QR code, polls listed, approved in another tab (%o, %s)',
    async (v, scheme) => {
      const { page, errors } = await startGrantPage(session, 'Device authorization', v, scheme);
      await viewportShot(page, 'device-before', v, scheme);
      await nextStep(page, 'Send').click();
      const userCode = (await page.getByLabel('User code').textContent())!;
      expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      await page.getByRole('img', { name: /^QR code for http:\/\/.*user_code=/ }).waitFor();
      await page
        .getByRole('table', { name: 'Polls' })
        .getByText('authorization_pending')
        .first()
        .waitFor({ timeout: 15_000 });
      await viewportShot(page, 'device-polling', v, scheme);
      // The user at the other device: the verification page with the code filled in.
      const other = await session.browser.newPage();
      await other.goto(
        await page
          .getByRole('img', { name: /^QR code for / })
          .evaluate((img) => img.getAttribute('alt')!.slice('QR code for '.length))
      );
      await other.getByLabel('Username').fill('demo');
      await other.getByLabel('Password').fill('demo');
      await other.getByRole('button', { name: 'Log in and approve' }).click();
      await other.getByText('Device connected').waitFor();
      await other.close();
      await page.getByRole('table', { name: 'Polls' }).getByText('token', { exact: true }).waitFor({ timeout: 20_000 });
      await viewportShot(page, 'device-token', v, scheme);
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000
  );
});

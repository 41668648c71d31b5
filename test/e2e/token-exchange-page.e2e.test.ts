import { expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { e2eSession } from './session';
import { nextStep, startGrantPage, VIEWPORT_SCHEMES, viewportShot } from './grant-page';

/**
 * The token exchange page (RFC 8693 §2.1), derived from the grant's spec on the generic grant page and reached from
 * the sidebar, by clicking against the app's mock: a subject token the mock issued typed in with its type and an
 * audience, masked in the request, a token with its issued_token_type (§2.2.1), then the API call.
 * Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** An access token of the mock's default client (client credentials, RFC 6749 §4.4): the token to exchange. */
async function subjectToken(mockUrl: string): Promise<string> {
  const { client } = DEFAULT_CREDENTIALS;
  const r = await fetch(`${mockUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { access_token: string }).access_token;
}

it.each(VIEWPORT_SCHEMES)(
  'Token exchange: a subject token for a token, then the API call (%o, %s)',
  async (v, scheme) => {
    const { page, errors, mockAt } = await startGrantPage(session, 'Token exchange', v, scheme);
    await page.getByLabel(/^subject_token \(/).fill(await subjectToken(mockAt));
    await page.getByLabel(/^subject_token_type/).fill(ACCESS_TOKEN_TYPE);
    await page.getByLabel(/^audience/).fill(mockAt);
    const request = page.getByRole('region', { name: 'Request to send' });
    await expect.poll(() => request.textContent()).toContain('&subject_token=••••');
    await expect.poll(() => request.textContent()).toContain(`&audience=${encodeURIComponent(mockAt)}`);
    await viewportShot(page, 'token-exchange-token-before', v, scheme);
    await nextStep(page, 'Send').click();
    await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
    await page.getByText(`issued_token_type is ${ACCESS_TOKEN_TYPE} (RFC 8693 §2.2.1).`).waitFor();
    await viewportShot(page, 'token-exchange-token-after', v, scheme);
    await nextStep(page, 'Continue: API request →').click();
    await nextStep(page, 'Send').click();
    await page.getByText('API call answered 200.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }
);

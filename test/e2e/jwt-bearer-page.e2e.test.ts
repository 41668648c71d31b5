import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { e2eSession } from './session';
import { nextStep, startGrantPage, VIEWPORT_SCHEMES, viewportShot } from './grant-page';

/**
 * The JWT bearer page (RFC 7523 §2.1), derived from the grant's spec on the generic grant page, by clicking against
 * the app's mock: the assertion typed in its field, masked in the request, a token, then the API call.
 * Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();

/** An assertion the mock trusts: issued by its default client, signed with that client's secret (HS256). */
const assertionFor = (mockUrl: string) =>
  new SignJWT({
    iss: DEFAULT_CREDENTIALS.client.id,
    sub: 'build-robot',
    aud: mockUrl,
    exp: Math.floor(Date.now() / 1000) + 300,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(DEFAULT_CREDENTIALS.client.secret));

it.each(VIEWPORT_SCHEMES)('JWT bearer: the assertion for a token, then the API call (%o, %s)', async (v, scheme) => {
  const { page, errors, mockAt } = await startGrantPage(session, 'JWT bearer', v, scheme);
  const jwt = await assertionFor(mockAt);
  await page.getByLabel(/^assertion/).fill(jwt);
  const request = page.getByRole('region', { name: 'Request to send' });
  await expect.poll(() => request.textContent()).toContain('&assertion=••••');
  await viewportShot(page, 'jwt-bearer-token-before', v, scheme);
  await nextStep(page, 'Send').click();
  await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
  await viewportShot(page, 'jwt-bearer-token-after', v, scheme);
  await nextStep(page, 'Continue: API request →').click();
  await nextStep(page, 'Send').click();
  await page.getByText('API call answered 200.').waitFor();
  await viewportShot(page, 'jwt-bearer-api-after', v, scheme);
  expect(errors).toEqual([]);
  await page.close();
});

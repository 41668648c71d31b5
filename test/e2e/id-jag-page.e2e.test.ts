import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { nextStep, startGrantPage, VIEWPORT_SCHEMES, viewportShot } from './grant-page';
import { mockIdToken } from './mock-id-token';

/**
 * The ID-JAG page (draft-ietf-oauth-identity-assertion-authz-grant), the registered grant on the generic grant page
 * reached from the sidebar, by clicking against the app's mock in both roles: the user's id_token exchanged at the
 * IdP for an ID-JAG, checked, redeemed at the authorization server for a token, then the API call.
 * Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();

it.each(VIEWPORT_SCHEMES)(
  'ID-JAG: the id_token for an ID-JAG, redeemed for a token, then the API call (%o, %s)',
  async (v, scheme) => {
    const { page, errors, mockAt } = await startGrantPage(session, 'ID-JAG', v, scheme);
    await page.getByLabel(/^id_token/).fill(await mockIdToken(mockAt));
    await page.getByLabel(/^resource/).fill(`${mockAt}/api/v2/me`);
    const request = page.getByRole('region', { name: 'Request to send' });
    await expect.poll(() => request.textContent()).toContain('&subject_token=••••');
    await expect
      .poll(() => request.textContent())
      .toContain('requested_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aid-jag');
    await viewportShot(page, 'id-jag-exchange-before', v, scheme);
    await nextStep(page, 'Send').click();
    // The exchange succeeded: the page goes on to the redemption, whose assertion is the ID-JAG.
    await expect.poll(() => request.textContent()).toContain('&assertion=••••');
    await page.getByRole('button', { name: /ID-JAG from the IdP/ }).click();
    await page.getByText('typ is oauth-id-jag+jwt.').waitFor();
    await page.getByText(`aud is ${mockAt}, the authorization server it is presented to.`).waitFor();
    await viewportShot(page, 'id-jag-exchange-after', v, scheme);
    await nextStep(page, 'Continue: Redeem the ID-JAG →').click();
    await nextStep(page, 'Send').click();
    await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
    await viewportShot(page, 'id-jag-token-after', v, scheme);
    await nextStep(page, 'Continue: API request →').click();
    await nextStep(page, 'Send').click();
    await page.getByText('API call answered 200.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }
);

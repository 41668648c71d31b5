import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { mockProfileCopy } from './mock-profile-copy';
import { tokenOnOAuth2Page } from './oauth2-by-clicking';
import { e2eSession } from './session';

/**
 * tls_client_auth against the embedded mock by clicking (RFC 8705 §2.1): a copy of the mock profile, "Issue a
 * certificate and register it at the mock", Save, then the OAuth 2 flow, its token request sent to the mock's
 * mutual-TLS port with the certificate and accepted, the connection's facts (the certificate's subject and
 * fingerprint) wrapped within the page; then the token introspected at the metadata's mutual-TLS alias.
 */
const session = e2eSession({ appPerTest: true });

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)(
  'issues a certificate, registers it at the mock and runs the code flow with it (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByText(/^Mock at http:\/\/127\.0\.0\.1:\d+$/).waitFor();

    const form = await mockProfileCopy(page);
    await form.getByLabel('Client authentication', { exact: true }).selectOption('tls_client_auth');
    const hint = form.getByText(/^Sent to the embedded mock's mutual-TLS port.*now https:\/\/127\.0\.0\.1:\d+\//);
    await hint.scrollIntoViewIfNeeded();
    await screenshot(page, `${SCREENSHOTS}/mock-certificate-token-path-${width}-${scheme}.png`);
    await form.getByRole('button', { name: 'Issue a certificate and register it at the mock' }).click();
    const done = form.getByRole('status').filter({ hasText: 'Registered at the mock as client' });
    await done.waitFor();
    const clientId = await form.getByLabel('Client ID', { exact: true }).inputValue();
    expect(await done.textContent()).toContain(clientId);
    await done.scrollIntoViewIfNeeded();
    await screenshot(page, `${SCREENSHOTS}/mock-certificate-registration-${width}-${scheme}.png`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Use Mock provider (copy)' }).click();

    await tokenOnOAuth2Page(page);
    await screenshot(page, `${SCREENSHOTS}/mock-certificate-token-${width}-${scheme}.png`);
    expect(await scrollsSideways(page)).toBe(false);

    // Revoke or introspect: the metadata's mutual-TLS aliases (RFC 8705 §5), where the certificate is asked for.
    const panel = page.getByRole('region', { name: 'Revoke or introspect' });
    await panel.getByRole('button', { name: 'Find the endpoints' }).click();
    await panel.getByRole('button', { name: 'Introspect the access token' }).click();
    await panel.getByText('The provider says active: true.').waitFor();
    const sources = panel.getByRole('list', { name: 'Lifecycle endpoints' });
    expect(await sources.textContent()).toMatch(
      /https:\/\/127\.0\.0\.1:\d+\/oidc\/introspect \(from the mutual-TLS aliases \(mtls_endpoint_aliases, RFC 8705 §5\) in the metadata of http:\/\/127\.0\.0\.1:\d+\)/
    );
    await sources.scrollIntoViewIfNeeded();
    await screenshot(page, `${SCREENSHOTS}/mock-certificate-introspect-${width}-${scheme}.png`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  },
  60_000
);

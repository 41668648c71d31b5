import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The Mock page's mutual-TLS panel in browser mode (RFC 8705): the TLS port in the sidebar and the panel, the CA
 * certificate downloaded as the file the store keeps, and a client certificate issued by name, shown by subject,
 * thumbprint and paths, its key never on the page; no sideways scrolling at either size.
 */
const session = e2eSession();

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)('shows the CA and issues a client certificate (%s, %ix%i)', async (scheme, width, height) => {
  const page = await session.browser.newPage({
    viewport: { width, height },
    colorScheme: scheme,
    acceptDownloads: true,
  });
  await page.goto(session.app.url);
  await openPage(page, 'Mock provider');
  const start = page.getByRole('button', { name: 'Start', exact: true });
  if (await start.isVisible()) await start.click();
  const panel = page.getByRole('region', { name: 'Mutual TLS' });
  await panel.getByText('CA SHA-256').waitFor();
  const tlsUrl = (await panel.locator('dt:text-is("TLS port") + dd code').textContent())!;
  expect(tlsUrl).toMatch(/^https:\/\/127\.0\.0\.1:[0-9]+$/);
  await page.getByText(`mutual TLS at ${tlsUrl}`).waitFor();

  const caPath = (await panel.locator('dt:text-is("CA file") + dd code').textContent())!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download CA certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('oauth-lab-mock-ca.pem');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(readFileSync(caPath, 'utf8'));
  expect(await panel.locator('dt:text-is("CA SHA-256") + dd code').textContent()).toBe(
    new X509Certificate(readFileSync(caPath)).fingerprint256
  );

  const name = `svc-${scheme}-${width}`;
  await panel.getByRole('textbox', { name: /Client certificate name/ }).fill(name);
  await panel.getByRole('button', { name: 'Issue a client certificate' }).click();
  const card = panel.getByLabel(`Client certificate CN=${name},O=OAuth Lab mock`);
  await card.waitFor();
  const keyPath = (await card.locator('dt:text-is("Key file") + dd code').textContent())!;
  const keyLine = readFileSync(keyPath, 'utf8').split('\n')[1]!;
  const text = (await page.locator('body').textContent())!;
  expect(text).not.toContain(keyLine);
  expect(text).not.toContain('PRIVATE KEY');
  expect(await scrollsSideways(page)).toBe(false);
  await card.scrollIntoViewIfNeeded();
  await shot(page, `mock-tls-${width}`, scheme);
  await page.close();
});

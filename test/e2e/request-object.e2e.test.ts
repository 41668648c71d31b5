import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';

/**
 * The OAuth 2 page's request object toggle (RFC 9101) with PAR (RFC 9126) against the mock, by clicking: the
 * request object's header and claims shown before anything is sent, then pushed with the client's authentication;
 * the browser opens a URL with only client_id and request_uri and the code comes back. Light and dark, wide and
 * narrow.
 */
const session = e2eSession();
// The built-in profile holds its client's demo private key, so the app signs ES256 with it (RFC 9101 §4), which the
// default mock (asymmetric algorithms only) verifies with the public key the client registered.

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)('a request object, shown and then pushed (%s, %dx%d)', async (scheme, width, height) => {
  const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'OAuth 2' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();

  await page.getByRole('checkbox', { name: 'Send the request as a signed request object (JAR, RFC 9101)' }).check();
  const claims = page.getByRole('table', { name: 'Request object header and claims' });
  await claims.waitFor();
  await expect.poll(() => claims.getByRole('row').filter({ hasText: 'header.alg' }).textContent()).toContain('ES256');
  for (const part of [
    'header.alg',
    'header.typ',
    'header.kid',
    'iss',
    'aud',
    'client_id',
    'state',
    'code_challenge',
    'nbf',
    'jti',
  ])
    await claims.getByRole('rowheader', { name: part, exact: true }).waitFor();
  await page.getByText('Request object to send').waitFor();
  await page.getByRole('checkbox', { name: 'Push the authorization request (PAR)' }).check();
  await page.getByText(/it is pushed as request \(RFC 9126 §3\)/).waitFor();
  await shot(page, `request-object-before-${width}`, scheme);

  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in browser' }).click(),
  ]);
  await login.waitForURL(/request_uri=/);
  expect([...new URL(login.url()).searchParams.keys()]).toEqual(['client_id', 'request_uri']);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorization code received.').waitFor();
  await login.close();
  await page.getByText('Request object sent').waitFor();
  await page.getByText(/^Pushed: request_uri urn:ietf:params:oauth:request_uri:\S+/).waitFor();
  await shot(page, `request-object-after-${width}`, scheme);
  expect(await scrollsSideways(page)).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
});

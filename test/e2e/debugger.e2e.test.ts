import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession, shot as screenshot } from './session';
import { openPage } from './open-page';

/**
 * The Signature debugger, by clicking and pasting: a curl command signed by the npm oauth-1.0a package with the form
 * body left out of the signature (Postman #1838) shows the mismatch, the base strings one above the other with the
 * difference marked, and the cause; the same request signed right shows the match; an RSA-SHA1 request is checked
 * with the public key pasted beside it. Light and dark screenshots.
 */
const session = e2eSession();

const shot = (page: Page, name: string, scheme: string) => screenshot(page, `debugger-${name}`, scheme);

const consumer = { key: 'dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' };
const token = { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' };
const url = 'https://photos.example.net/photos/upload?album=holiday';
const body = 'title=Beach%20at%20dusk&tags=sea%2Csun';

/** A curl command for the upload, its Authorization header signed by oauth-1.0a over `data` (the body's fields, or none). */
function curlSignedBy(data: Record<string, string> | undefined): string {
  const oauth = new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const header = oauth.toHeader(
    oauth.authorize({ url, method: 'POST', ...(data ? { data } : {}) }, token)
  ).Authorization;
  return [
    `curl '${url}'`,
    `-H 'Authorization: ${header}'`,
    "-H 'Content-Type: application/x-www-form-urlencoded'",
    `--data-raw '${body}'`,
  ].join(' \\\n  ');
}

it.each(['light', 'dark'] as const)(
  'shows why a request with its form body left out of the signature fails, then a match (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await openPage(page, 'Signature debugger');
    await page.getByRole('heading', { name: 'Signature debugger' }).waitFor();

    await page.getByRole('tab', { name: 'curl command' }).click();
    await page.getByLabel('Paste the curl command', { exact: true }).fill(curlSignedBy(undefined));
    await page.getByLabel('Consumer secret', { exact: true }).fill(consumer.secret);
    await page.getByLabel('Token secret', { exact: true }).fill(token.secret);

    const verdict = page.getByRole('region', { name: 'Verdict' });
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 5000 }).toBe('mismatch');
    await verdict.getByText('Mismatch', { exact: true }).waitFor();
    expect(await verdict.textContent()).toMatch(/reproduced with: the form body was left out of the signature/);
    const causes = page.getByRole('region', { name: 'Causes' });
    await causes.getByRole('heading', { name: 'The form body was left out of the signature' }).waitFor();
    expect(await causes.getByRole('link', { name: '§3.4.1.3.1' }).getAttribute('href')).toBe(
      'https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1'
    );
    const diff = page.getByRole('figure', { name: 'Base strings compared' });
    expect(await diff.textContent()).toMatch(
      /upper line: your client's \(reproduced\).*lower line: OAuth Lab \(RFC 5849\)/s
    );
    // The body's parameters are marked on the RFC's line, and the client's line has the gap.
    const marked = (await diff.locator('.bs-line.bottom mark.bs-diff').allTextContents()).join('');
    expect(marked).toContain('tags%3Dsea%252Csun');
    expect(marked).toContain('title%3DBeach%2520at%2520dusk');
    expect(await diff.locator('.bs-line.top mark.bs-gap').count()).toBeGreaterThan(0);
    // The marks are drawn: a background colour unlike the base strings' own.
    const colours = await diff
      .locator('.bs-line.bottom mark.bs-diff')
      .first()
      .evaluate((m) => {
        const rows = m.closest('.bs-rows')!;
        return [getComputedStyle(m).backgroundColor, getComputedStyle(rows).backgroundColor];
      });
    expect(colours[0]).not.toBe(colours[1]);
    await page
      .getByRole('region', { name: 'Re-signed request' })
      .getByText(/only oauth_signature changes/)
      .waitFor();
    expect(await page.getByText(consumer.secret).count()).toBe(0);
    await shot(page, 'mismatch', scheme);

    await page
      .getByLabel('Paste the curl command', { exact: true })
      .fill(curlSignedBy({ title: 'Beach at dusk', tags: 'sea,sun' }));
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 5000 }).toBe('match');
    await verdict.getByText('Match', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Causes' }).count()).toBe(0);
    await page.getByRole('figure', { name: 'Base string' }).waitFor();
    // The trace is collapsed until asked for.
    const trace = page.locator('details.dbg-trace');
    expect(await trace.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await shot(page, 'match', scheme);
    await trace.locator('summary').click();
    await trace.getByRole('heading', { name: 'Signature base string' }).waitFor();

    expect(errors).toEqual([]);
    await page.close();
  }
);

/** A Jira-style request (application links sign with RSA-SHA1), signed by oauth-1.0a with a key made for the test. */
const jira = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
function jiraCurl(): string {
  const oauth = new OAuth({
    consumer: { key: 'oauth-lab-jira', secret: '' },
    signature_method: 'RSA-SHA1',
    hash_function: (base) => createSign('RSA-SHA1').update(base).sign(jira.privateKey, 'base64'),
  });
  const request = { url: 'https://jira.example.com/rest/api/2/issue/PROJ-42?fields=summary,status', method: 'GET' };
  const header = oauth.toHeader(oauth.authorize(request, { key: 'Jr3kTqXyP0aLmN8v', secret: '' })).Authorization;
  return [`curl '${request.url}'`, `-H 'Authorization: ${header}'`].join(' \\\n  ');
}

it.each(['light', 'dark'] as const)(
  'checks an RSA-SHA1 request with the public key pasted beside it (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await openPage(page, 'Signature debugger');
    await page.getByRole('tab', { name: 'curl command' }).click();
    await page.getByLabel('Paste the curl command', { exact: true }).fill(jiraCurl());

    const verdict = page.getByRole('region', { name: 'Verdict' });
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 5000 }).toBe('unverified');
    expect(await page.getByLabel('Consumer secret', { exact: true }).count()).toBe(0);
    await page.getByLabel('RSA public key (PEM)', { exact: true }).fill(jira.publicKey);
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 5000 }).toBe('match');
    expect(await verdict.textContent()).toMatch(/The signature matches \(RSA-SHA1\)/);
    expect(await page.getByRole('note', { name: 'RSA verification' }).count()).toBe(0);
    await shot(page, 'rsa-match', scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

it('loads the example by keyboard and shows a bad curl line by its input', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await openPage(page, 'Signature debugger');
  await page.getByRole('button', { name: 'Load an example' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict'), { timeout: 5000 })
    .toBe('mismatch');
  await page
    .getByRole('region', { name: 'Causes' })
    .getByRole('heading', { name: 'The form body was left out of the signature' })
    .waitFor();
  await shot(page, 'example', 'light');

  const curl = page.getByLabel('Paste the curl command', { exact: true });
  await curl.fill("curl -X POST 'https://api.example.com/1");
  await page.getByText('curl command: The single quote at character 14 is never closed.').waitFor();
  expect(await curl.getAttribute('aria-invalid')).toBe('true');
  await shot(page, 'bad-curl', 'light');
  await page.close();
});

/** A request Net::OAuth 0.28 signed (recorded from libnet-oauth-perl): mixed case, :443, a repeated name, é. */
const netOauthCurl = [
  "curl -X POST 'HTTPS://Api.Example.com:443/a%20b?q=%C3%A9&q=1'",
  `-H 'Authorization: OAuth oauth_consumer_key="c%2541k",oauth_nonce="n1",oauth_signature="V8Mrl%2BqKWEznyj%2BfwdAC63zHmqw%3D",oauth_signature_method="HMAC-SHA1",oauth_timestamp="137",oauth_token="tk",oauth_version="1.0"'`,
  "-H 'Content-Type: application/x-www-form-urlencoded'",
  "--data-raw 'x=1&x=2'",
].join(' \\\n  ');

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

it.each(VIEWPORTS.flatMap((viewport) => (['light', 'dark'] as const).map((scheme) => ({ viewport, scheme }))))(
  'names the library that signs like the request, diagnosed on a Web Worker ($viewport.width, $scheme)',
  async ({ viewport, scheme }) => {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(session.app.url);
    await openPage(page, 'Signature debugger');
    await page.getByRole('tab', { name: 'curl command' }).click();
    await page.getByLabel('Paste the curl command', { exact: true }).fill(netOauthCurl);
    await page.getByLabel('Consumer secret', { exact: true }).fill('cs');
    await page.getByLabel('Token secret', { exact: true }).fill('t');

    const verdict = page.getByRole('region', { name: 'Verdict' });
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 10_000 }).toBe('mismatch');
    expect(await verdict.textContent()).toContain('Your client signs like Net::OAuth 0.28 (D4, D6, D7, D5).');
    const libraries = page.getByRole('region', { name: 'Known library behaviour: your client' });
    await libraries.getByText('Net::OAuth 0.28', { exact: true }).waitFor();
    expect(
      await libraries.locator('[data-behaviour]').evaluateAll((els) => els.map((e) => e.getAttribute('data-behaviour')))
    ).toEqual(['D4', 'D6', 'D7', 'D5']);
    expect(await libraries.getByText(/Known in Net::OAuth 0\.28 and liboauth 1\.0\.3 \(https :443 only/).count()).toBe(
      1
    );
    // The diagnosis ran off the main thread: the page's CSP lets its own worker start, and it answered.
    expect(page.workers().map((w) => w.url())).toEqual([expect.stringMatching(/diagnosis\.worker.*\.js$/)]);
    await shot(page, `library-${viewport.width}`, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

it('a request with 1,000 parameters is diagnosed on the worker', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await openPage(page, 'Signature debugger');
  await page.getByRole('tab', { name: 'curl command' }).click();
  const big = Array.from({ length: 1000 }, (_, i) => `p${i}=v%20${i}`).join('&');
  const auth =
    'OAuth oauth_consumer_key="ck",oauth_nonce="n",oauth_signature="c2lnbmF0dXJl",oauth_signature_method="HMAC-SHA1",oauth_timestamp="1",oauth_token="tk"';
  await page.getByLabel('Consumer secret', { exact: true }).fill('cs');
  await page.getByLabel('Token secret', { exact: true }).fill('ts');
  await page
    .getByLabel('Paste the curl command', { exact: true })
    .fill(
      `curl 'https://api.example.com/1/update' -H 'Authorization: ${auth}' -H 'Content-Type: application/x-www-form-urlencoded' --data-raw '${big}'`
    );
  await expect
    .poll(() => page.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict'), { timeout: 30_000 })
    .toBe('mismatch');
  expect(page.workers()).toHaveLength(1);
  await page.close();
});

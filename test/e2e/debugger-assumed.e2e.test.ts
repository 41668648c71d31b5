import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The Signature debugger with a raw HTTP request to a local server: http is assumed for 127.0.0.1 and said beside
 * the verdict, so a request signed right matches with no second cause; with a wrong consumer secret and the
 * server's base string (the same as the request's) pasted, the verdict is that a secret is wrong.
 */
const session = e2eSession();

const consumer = { key: 'oauth-lab-consumer', secret: 'oauth-lab-consumer-secret' };
const url = 'http://127.0.0.1:4010/api/v1/me?fields=name';

const oauth = new OAuth({
  consumer,
  signature_method: 'HMAC-SHA1',
  hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
});
const signed = oauth.authorize({ url, method: 'GET' });
const authorization = oauth.toHeader(signed).Authorization;
const raw = ['GET /api/v1/me?fields=name HTTP/1.1', 'Host: 127.0.0.1:4010', `Authorization: ${authorization}`, ''].join(
  '\r\n'
);
/** The server's base string for the request: what the mock prints with a signature_invalid. */
const base = `GET&${encodeURIComponent('http://127.0.0.1:4010/api/v1/me')}&${encodeURIComponent(
  Object.entries({ ...signed, fields: 'name' })
    .filter(([k]) => k !== 'oauth_signature')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .sort()
    .join('&')
)}`;

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)(
  'a raw request to 127.0.0.1: http assumed and said; a wrong secret named (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await openPage(page, 'Signature debugger');
    await page.getByRole('tab', { name: 'Raw HTTP request' }).click();
    await page.getByLabel('Paste the raw HTTP request', { exact: true }).fill(raw);
    await page.getByLabel('Consumer secret', { exact: true }).fill(consumer.secret);

    const verdict = page.getByRole('region', { name: 'Verdict' });
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 5000 }).toBe('match');
    const assumed = verdict.getByRole('note', { name: 'Assumed' });
    expect(await assumed.textContent()).toMatch(/^Assumed http\. .*as 127\.0\.0\.1 is a loopback host/);
    expect(await verdict.getByText(`GET ${url}`).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Causes' }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, `debugger-assumed-http-${width}`, scheme);

    await page.getByLabel('Consumer secret', { exact: true }).fill('not-the-consumer-secret');
    await page.getByLabel('Base string the server printed', { exact: true }).fill(base);
    await page
      .getByRole('region', { name: 'Causes' })
      .getByRole('heading', { name: 'The consumer secret is not the one given' })
      .waitFor();
    expect(await verdict.textContent()).toMatch(
      /The signature does not match \(HMAC-SHA1\)\. The consumer secret is not the one given\./
    );
    expect(await page.getByText(/give your client's base string/).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, `debugger-wrong-secret-${width}`, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

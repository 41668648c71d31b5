import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulation, type Emulation } from '../support/emulations/provider-emulation';
import { e2eSession, shot } from './session';

/**
 * A provider that issues an access token outside RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)'s b64token (Facebook's app tokens are `APP_ID|SECRET`):
 * the bearer leg says what is wrong instead of the flow stalling, and sends the token as issued when asked.
 */
const session = e2eSession();
const TOKEN = '1234567890|app-token:part';
let provider: Emulation;

beforeAll(async () => {
  provider = await startEmulation({
    'GET /oauth/v2/authorize': (r) => {
      const q = new URL(r.url, 'http://x').searchParams;
      return {
        status: 302,
        headers: { Location: `${q.get('redirect_uri')}?code=c-1&state=${encodeURIComponent(q.get('state') ?? '')}` },
      };
    },
    'POST /oauth/v2/token': () => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: TOKEN, token_type: 'bearer', expires_in: 3600 }),
    }),
    'GET /api/v2/me': (r) => ({
      status: r.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401,
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":"1"}',
    }),
  });
});
afterAll(() => provider.close());

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)(
  'a token outside the b64token grammar is explained on the bearer leg, and sent as issued on request (%s, %i×%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    const saved = await page.evaluate(
      async (baseUrl) =>
        (
          await fetch('/api/call/profileSave', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              profile: {
                id: 'pipe-token',
                name: 'Pipe token provider',
                baseUrl,
                callbackPort: 0,
                oauth2: { clientId: 'cid', clientSecret: 'csecret' },
              },
            }),
          })
        ).json() as Promise<{ ok: boolean }>,
      provider.base
    );
    // The bridge answers 200 with `ok: false` for a refused call: `ok` says whether the profile was saved.
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await page.getByLabel('Profile').selectOption('pipe-token');
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in browser' }).click(),
    ]);
    await page.getByText('Authorization code received.').waitFor();
    await popup.close();
    await page.getByRole('button', { name: 'Continue: Token exchange →' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    await page.getByRole('button', { name: 'Continue: API request →' }).click();

    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('"|" at position 11');
    await shot(page, `oauth2-bearer-outside-grammar-${width}`, scheme);
    await page.getByRole('button', { name: 'Prepare the call with this token anyway' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('API call answered 200.').waitFor();
    await shot(page, `oauth2-bearer-sent-anyway-${width}`, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

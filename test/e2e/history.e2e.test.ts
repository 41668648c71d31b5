import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession, shot as sessionShot } from './session';
import { openPage } from './open-page';

/**
 * History: the history filled through the app's store as the host fills it when it records a send (the page
 * then reads it through the real bridge, same origin, the cookie sent), then opened by clicking: the total, a filter by outcome, a detail by click and by keyboard, light and dark.
 */

const COUNT = 5000;

const session = e2eSession();

beforeAll(() => {
  // Entry i (0 = newest): every third failed with a 401; OAuth 1.0a and OAuth 2 legs in turn.
  const legs = [
    [
      'oauth1',
      'requestToken',
      'POST',
      '/oauth/v1/request_token',
      'oauth_token=rt&oauth_token_secret=rts&oauth_callback_confirmed=true',
      'application/x-www-form-urlencoded',
    ],
    [
      'oauth1',
      'accessToken',
      'POST',
      '/oauth/v1/access_token',
      'oauth_token=at&oauth_token_secret=ats',
      'application/x-www-form-urlencoded',
    ],
    ['oauth1', 'api', 'GET', '/api/v1/me', '{"id":42,"username":"demo"}', 'application/json'],
    [
      'oauth2',
      'token',
      'POST',
      '/oauth/v2/token',
      '{"access_token":"bt","token_type":"Bearer","expires_in":3600,"refresh_token":"rft"}',
      'application/json',
    ],
    [
      'oauth2',
      'refresh',
      'POST',
      '/oauth/v2/token',
      '{"access_token":"bt2","token_type":"Bearer","expires_in":3600}',
      'application/json',
    ],
  ] as const;
  const base = Date.now() - COUNT * 1000;
  for (let i = 0; i < COUNT; i++) {
    const [flow, leg, method, path, okBody, type] = legs[i % legs.length]!;
    const failed = i % 3 === 1;
    const requestBody =
      flow === 'oauth2'
        ? 'grant_type=authorization_code&client_id=demo-client&client_secret=demo-client-secret&code=c0de'
        : undefined;
    session.app.store.historyAdd({
      entry: {
        id: `e2e-${i}`,
        profileId: 'mock',
        flow,
        leg,
        outcome: failed ? 'failed' : 'succeeded',
        summary: failed
          ? `401: the signature does not match; the server says oauth_problem=signature_invalid (entry ${i}).`
          : `${leg} answered 200 (entry ${i}).`,
        at: base + (COUNT - i) * 1000,
        exchange: {
          request: {
            method,
            url: `http://127.0.0.1:4010${path}`,
            headers: [
              [
                'Authorization',
                'OAuth oauth_consumer_key="demo-consumer", oauth_signature_method="HMAC-SHA1", oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"',
              ],
              ...(requestBody ? [['Content-Type', 'application/x-www-form-urlencoded'] as const] : []),
            ],
            ...(requestBody ? { body: requestBody } : {}),
          },
          response: failed
            ? {
                status: 401,
                statusText: 'Unauthorized',
                headers: [['Content-Type', 'application/x-www-form-urlencoded']],
                bodyText: 'oauth_problem=signature_invalid',
                bodySize: 31,
              }
            : {
                status: 200,
                statusText: 'OK',
                headers: [['Content-Type', type]],
                bodyText: okBody,
                bodySize: okBody.length,
              },
          timings: { connect: 0.4, tls: null, firstByte: 2.1, total: 2.6 },
          startedAt: base + (COUNT - i) * 1000,
        },
      },
    });
  }
  expect(session.app.store.historyList({ offset: 0, limit: 1 }).total).toBe(COUNT);
}, 120_000);

const shot = (page: Page, name: string, scheme: string) => sessionShot(page, `history-${name}`, scheme);

it.each(['light', 'dark'] as const)(
  'lists 5,000 exchanges, filters by outcome and opens a detail (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await openPage(page, 'History');
    const total = page.getByRole('status', { name: 'Total' });
    await expect.poll(() => total.textContent()).toBe('5,000 exchanges');
    const list = page.getByRole('listbox', { name: 'Exchanges, newest first' });
    await list.getByRole('option', { name: /\(entry 0\)/ }).waitFor();
    // Only the rows in view are in the DOM.
    expect(await list.getByRole('option').count()).toBeLessThan(60);
    await shot(page, 'list', scheme);

    // Scroll to the middle: the page there is fetched and shown.
    await list.evaluate((el) => {
      el.scrollTop = 2500 * 32;
    });
    await list.getByRole('option', { name: /\(entry 2500\)/ }).waitFor();
    expect(await list.getByRole('option').count()).toBeLessThan(60);

    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('failed');
    await expect.poll(() => total.textContent()).toBe('1,667 exchanges of 5,000 match');
    await list.getByRole('option', { name: /\(entry 1\)/ }).waitFor();
    const labels = await list
      .getByRole('option')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((l) => !l.endsWith('loading')).every((l) => l.includes(', failed: '))).toBe(true);

    // Click a row (entry 4, an OAuth 2 refresh): its detail opens below the list, the client secret masked.
    await list.getByRole('option', { name: /\(entry 4\)/ }).click();
    const detail = page.getByRole('region', { name: 'Exchange detail' });
    await detail.getByText(/oauth_problem=signature_invalid \(entry 4\)/).waitFor();
    await detail.getByRole('heading', { name: 'OAuth 2 · Refresh' }).waitFor();
    expect(await detail.getByText('401 Unauthorized').count()).toBe(1);
    const raw = detail.getByText(/^POST \/oauth\/v2\/token HTTP\/1\.1/);
    expect(await raw.textContent()).toContain('client_secret=••••••••');
    await shot(page, 'detail', scheme);
    await detail.getByRole('button', { name: 'Reveal secrets' }).click();
    expect(await raw.textContent()).toContain('client_secret=demo-client-secret');

    // Keyboard: arrow down to the next failed row (entry 7, an OAuth 1.0a API request) and Enter.
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await detail.getByText(/\(entry 7\)/).waitFor();
    await detail.getByRole('heading', { name: 'OAuth 1.0a · API request' }).waitFor();
    await shot(page, 'detail-keyboard', scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

it('clears the history after a confirmation', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await openPage(page, 'History');
  const total = page.getByRole('status', { name: 'Total' });
  await expect.poll(() => total.textContent()).toBe('5,000 exchanges');
  await page.getByRole('button', { name: 'Clear history…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear the whole history?' });
  await shot(page, 'clear-confirm', 'light');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await total.textContent()).toBe('5,000 exchanges');
  await page.getByRole('button', { name: 'Clear history…' }).click();
  await confirm.getByRole('button', { name: 'Delete all' }).click();
  await expect.poll(() => total.textContent()).toBe('0 exchanges');
  await page.getByText('History cleared: 5,000 exchanges deleted.').waitFor();
  await page.getByText(/No exchanges yet\./).waitFor();
  await shot(page, 'empty', 'light');
  await page.close();
});

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)(
  'a 1 MB response shows its start, the rest on demand, and the size on disk beside its bound (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'History' }).waitFor();
    const body = JSON.stringify({
      items: Array.from({ length: 16_000 }, (_, n) => ({ id: n, name: `item ${n}`, refresh_token: 'rt-secret-value' })),
    });
    const entry = {
      id: `long-${scheme}-${width}`,
      profileId: 'mock',
      flow: 'oauth2',
      leg: 'api',
      outcome: 'succeeded',
      summary: `GET /api/v1/items answered 200 with ${body.length} characters.`,
      at: Date.now(),
      exchange: {
        request: { method: 'GET', url: 'http://127.0.0.1:4010/api/v1/items', headers: [] },
        response: {
          status: 200,
          statusText: 'OK',
          headers: [['Content-Type', 'application/json']],
          bodyText: body,
          bodySize: body.length,
        },
        timings: { connect: 0.4, tls: null, firstByte: 2, total: 40 },
        startedAt: Date.now(),
      },
    } as const;
    expect(session.app.store.historyAdd({ entry })).toEqual(entry);
    await openPage(page, 'History');
    await expect
      .poll(() => page.getByRole('status', { name: 'History usage' }).textContent())
      .toMatch(/ of 256\.0 MiB on disk in .*history$/);
    await page.getByRole('listbox', { name: 'Exchanges, newest first' }).getByRole('option').first().click();
    const rest = page.getByRole('group', { name: 'Rest of the response body' });
    await rest.getByText(/^Showing 16,384 of the response body's [\d,]+ characters\./).waitFor();
    // What the screen shows (the page itself is long: the start of the body is in the response column).
    const view = (name: string) => screenshot(page, `${SCREENSHOTS}/history-${name}-${width}-${scheme}.png`);
    await view('long-body-start');
    await rest.getByRole('button', { name: 'Show the next 131,072 characters' }).click();
    await rest.locator('pre').first().waitFor();
    expect(await rest.locator('pre').first().textContent()).toContain('"refresh_token":"••••••••"');
    await rest.getByText(/^Showing 147,456 of/).scrollIntoViewIfNeeded();
    await view('long-body-more');
    expect(errors).toEqual([]);
    await page.close();
  }
);

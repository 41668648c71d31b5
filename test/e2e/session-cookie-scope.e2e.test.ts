import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { e2eSession } from './session';

const session = e2eSession();

/**
 * Cookies are kept per host name, not per port (RFC 6265 §8.5), so a session cookie set on
 * 127.0.0.1 went to every listener there, another local user's too. Browser mode is served under a per-launch
 * `*.localhost` name: a second listener on another port, reached by the same tab, receives no cookie of ours.
 */
let other: Server | undefined;
afterEach(() => new Promise<void>((done) => (other ? other.close(() => done()) : done())));

it("a listener on another 127.0.0.1 port, opened in the app's tab, receives no session cookie", async () => {
  const cookies: (string | undefined)[] = [];
  other = createServer((req, res) => {
    cookies.push(req.headers.cookie);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>another listener</p>');
  });
  await new Promise<void>((listening) => other!.listen(0, '127.0.0.1', listening));
  const port = (other.address() as AddressInfo).port;

  const context = await session.browser.newContext();
  const page = await context.newPage();
  await page.goto(session.app.url);
  await page.waitForSelector('#root > *');

  for (const elsewhere of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
    await page.goto(elsewhere);
    expect(await page.textContent('p')).toBe('another listener');
  }
  // Two pages (and perhaps a favicon) were asked for; none with a cookie.
  expect(cookies.length).toBeGreaterThanOrEqual(2);
  expect(cookies.filter((c) => c !== undefined)).toEqual([]);
  // The cookie is there all the same, host-only for the launch's own name.
  expect(await context.cookies()).toMatchObject([
    { name: 'oauth_lab_token', domain: new URL(session.app.origin).hostname },
  ]);
  await context.close();
});

import { connect } from 'node:net';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inView, scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * By clicking only, at 1024x700, against the browser mode and the embedded mock (its login page included): the three
 * OAuth 1.0a legs with Send and Continue in view without scrolling, the request as sent kept on screen, an exported
 * request run before the app's own Send (each has its own nonce), a signed API call, deauthorization in the mock
 * page and the 401 that follows; then a wrong consumer secret and the signature diff the provider's side shows.
 */
const session = e2eSession();

const leg = (page: Page) => page.getByRole('region', { name: /^(Request token|Authorize|Access token|API request)$/ });
const bar = (page: Page) => page.getByRole('group', { name: 'Next step' });
/** The bar's button, asserted in view before it is clicked (a click would scroll to it). */
async function press(page: Page, name: string | RegExp): Promise<void> {
  const button = bar(page).getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
  await button.waitFor();
  expect(await inView(page, button), `${String(name)} is in view`).toBe(true);
  await button.click();
}

/** Sends a raw HTTP/1.1 request (as the export shows it) to its Host over a socket, and returns the status code. */
function sendRaw(text: string): Promise<number> {
  const { hostname, port } = new URL(`http://${/^Host: (.+)$/m.exec(text)![1]!.trim()}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(text.replace(/\r?\n/g, '\r\n').replace(/(\r\n)*$/, '\r\n\r\n'))
    );
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

it.each(['light', 'dark'] as const)(
  'completes the OAuth 1.0a flow by clicking, then sees the 401 after deauthorizing (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
    // A newcomer is told whom to log in as, and where the app keeps its store.
    await page.getByText(/log in there as demo \/ demo\./).waitFor();
    expect(
      await page
        .getByText(/Profiles, tokens and history:/)
        .getByText(/store\.json$/)
        .count()
    ).toBe(1);
    await shot(page, 'oauth1-start', scheme);

    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await page.getByRole('heading', { name: 'Signature base string' }).waitFor();
    await shot(page, 'oauth1-request-token-before', scheme);
    const nonceBefore = await page.getByLabel('oauth_nonce').inputValue();
    await press(page, 'Send');
    await page.getByText(/Request token .* received\./).waitFor();
    // The page keeps the request as sent: its nonce, which the mock saw; the next request is one toggle away.
    const asSent = page.getByRole('region', { name: 'Request as sent' });
    expect(await asSent.getByText(`oauth_nonce="${nonceBefore}"`, { exact: false }).count()).toBe(1);
    expect(
      await page.getByRole('region', { name: 'Signature walk-through' }).getByText(nonceBefore, { exact: true }).count()
    ).toBeGreaterThan(0);
    await shot(page, 'oauth1-request-token-after', scheme);
    await page.getByRole('button', { name: 'Next request' }).click();
    expect(await page.getByLabel('oauth_nonce').inputValue()).not.toBe(nonceBefore);
    await page.getByRole('button', { name: 'As sent' }).click();

    await press(page, 'Continue: Authorize →');
    await shot(page, 'oauth1-authorize-before', scheme);
    const [login] = await Promise.all([page.waitForEvent('popup'), press(page, 'Open in browser')]);
    await login.getByText("This is the mock's login page: log in as demo / demo.").waitFor();
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
    await login.close();
    await shot(page, 'oauth1-authorize-after', scheme);

    await press(page, 'Continue: Access token →');
    await shot(page, 'oauth1-access-token-before', scheme);
    await press(page, 'Send');
    await page.getByText(/Access token .* received; it does not expire/).waitFor();
    await shot(page, 'oauth1-access-token-after', scheme);

    await press(page, 'Continue: API request →');
    await shot(page, 'oauth1-api-before', scheme);
    // An export is signed with its own nonce: running it first does not use up the one Send will send.
    await page.getByText('Export this request').click();
    await page.getByLabel('Export as').selectOption('raw-http');
    const preview = page.getByLabel('Export preview');
    await preview.getByText(/^GET /).waitFor();
    const exported = (await preview.textContent())!;
    const sendNonce = await page.getByLabel('oauth_nonce').inputValue();
    expect(exported).toContain('oauth_nonce="');
    expect(exported).not.toContain(`oauth_nonce="${sendNonce}"`);
    expect(await sendRaw(exported)).toBe(200);
    await press(page, 'Send');
    await page.getByText('API call answered 200.').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: "Provider's view" }).getByText('Accepted').count())
      .toBe(1);
    await shot(page, 'oauth1-api-after', scheme);

    await openPage(page, 'Mock provider');
    await page.getByRole('button', { name: 'Deauthorize' }).click();
    await page.getByText(/deauthorized: API calls with it now get 401/).waitFor();
    for (const entry of await page.locator('.log details').all())
      await entry.evaluate((e) => ((e as HTMLDetailsElement).open = true));
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'mock', scheme);
    await page.getByRole('button', { name: 'OAuth 1.0a' }).click();
    // The flow's header takes the mock's word at once: the token is never called valid once deauthorized there.
    const credentials = page.getByRole('list', { name: 'Credentials' });
    await credentials.getByText(/Access token: …\S{4} \(\d+ chars\) deauthorized at the mock/).waitFor();
    expect(await credentials.getByText(/valid/).count()).toBe(0);
    await press(page, 'Send');
    await page
      .locator('p.summary.bad', {
        hasText: /^HTTP 401, the provider says: token_revoked: [^%]*\. Obtain a new one with the three legs\.$/,
      })
      .waitFor();
    expect(await leg(page).getByText('401 Unauthorized').count()).toBeGreaterThan(0);
    await shot(page, 'oauth1-api-401', scheme);
    // Every sent leg is in the history, newest first: the 401 on top.
    const history = await page.evaluate(async () =>
      (
        await fetch('/api/call/historyList', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ profileId: 'mock' }),
        })
      ).json()
    );
    expect(history.value.entries[0]).toMatchObject({ flow: 'oauth1', leg: 'api', outcome: 'failed' });
    expect(history.value.entries.map((e: { leg: string }) => e.leg)).toEqual(
      expect.arrayContaining(['requestToken', 'accessToken', 'api'])
    );
    const tokens = await page.evaluate(async () =>
      (
        await fetch('/api/call/tokensList', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ profileId: 'mock' }),
        })
      ).json()
    );
    expect(tokens.value[0]).toMatchObject({ kind: 'oauth1', expiresAt: null });
    expect(await scrollsSideways(page)).toBe(false);
    // The saved token's row, at 1024 px, scrolls inside its card if at all: the page itself does not.
    await openPage(page, 'Profiles');
    await page.getByRole('region', { name: 'Saved tokens' }).getByRole('table').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'profiles-saved-tokens', scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

it('shows the signature diff after a deliberately wrong consumer secret', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByLabel('Consumer secret', { exact: true }).fill('not-the-secret');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^No request token: HTTP 401, the provider says: signature_invalid: /).waitFor();
  const provider = page.getByRole('region', { name: "Provider's view" });
  await provider.getByText('Rejected').waitFor();
  await provider.getByText(/the signing key differs: check the consumer secret/).waitFor();
  await shot(page, 'oauth1-signature-invalid', 'light');
  // A reload would lose the flow: the browser asks first.
  const dialogs: string[] = [];
  page.once('dialog', (d) => (dialogs.push(d.type()), void d.accept()));
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await page.close();
});

it.each(['light', 'dark'] as const)(
  'makes a mistake on purpose: the mock refuses it, the base strings differ, the debugger names it (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: /^(Start the OAuth 1.0a flow|Start over)$/ }).click();
    await page.getByText('Make a mistake on purpose').click();
    const choice = page.getByLabel('Mistake for the next Send');
    const option = choice.locator('optgroup[label="A trailing slash differs"] option');
    await choice.selectOption((await option.getAttribute('value'))!);
    await page.getByText(/The next Send makes this mistake once: A trailing slash differs\./).waitFor();
    await press(page, 'Send with the mistake');
    await page.getByText(/No request token: HTTP 401, the provider says: signature_invalid/).waitFor();
    const provider = page.getByRole('region', { name: "Provider's view" });
    await provider.getByText(/The base strings differ from character \d+:/).waitFor();
    const result = page.getByRole('region', { name: 'Mistake made on purpose' });
    await result.getByRole('heading', { name: 'Mistake made on purpose: A trailing slash differs' }).waitFor();
    expect(await result.locator('.causes li', { hasText: 'A trailing slash differs' }).count()).toBe(1);
    await shot(page, 'oauth1-mistake-on-purpose', scheme);
    // Once only: the next send is signed right again.
    await page.getByRole('button', { name: 'Next request' }).click();
    expect(await page.getByLabel('Mistake for the next Send').inputValue()).toBe('');
    await press(page, 'Send');
    await page.getByText(/Request token .* received\./).waitFor();
    expect(errors).toEqual([]);
    page.on('dialog', (d) => void d.accept());
    await page.close();
  }
);

it('treats a profile that names the mock as http://LOCALHOST:<port> as the mock: its view and its verdicts show', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 } });
  await page.goto(session.app.url);
  await page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).waitFor();
  const mockBase = (await page.evaluate(
    async () =>
      (
        await (
          await fetch('/api/call/mockStatus', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          })
        ).json()
      ).value.baseUrl
  )) as string;
  const upper = mockBase.replace('127.0.0.1', 'LOCALHOST');
  // Port 0: the catcher takes a free loopback port, which the mock accepts for its registered loopback callback.
  const profile = {
    id: 'upper',
    name: 'Mock as LOCALHOST',
    baseUrl: upper,
    callbackPort: 0,
    oauth1: { consumerKey: 'oauth-lab-consumer', consumerSecret: 'oauth-lab-consumer-secret' },
  };
  const saved = await page.evaluate(
    async (p) =>
      (
        await fetch('/api/call/profileSave', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ profile: p }),
        })
      ).json(),
    profile
  );
  expect(saved.ok, JSON.stringify(saved)).toBe(true);
  await page.reload();
  await page.getByRole('combobox', { name: 'Profile' }).selectOption('upper');
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await press(page, 'Send');
  await page.getByText(/Request token .* received\./).waitFor();
  await page.getByRole('region', { name: "Provider's view" }).getByText('Accepted').waitFor();
  // The mock's clock moved: its verdict shows beside the client's countdown, as for the built-in profile.
  expect(
    (
      await fetch(`${mockBase}/_mock/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 601 }),
      })
    ).status
  ).toBe(200);
  await page
    .getByRole('list', { name: 'Credentials' })
    .getByText(/expires in \d\d:\d\d · at the mock: expired/)
    .waitFor();
  expect(
    (
      await fetch(`${mockBase}/_mock/clock/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).status
  ).toBe(200);
  page.on('dialog', (d) => void d.accept());
  await page.close();
});

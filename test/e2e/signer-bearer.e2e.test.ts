import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { oauth2Flow } from '../../shared/flows';
import { startCatcher } from '../../host/catcher';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { send } from '../../platform/node/transport';
import { actAsBrowser } from '../unit/host/flows/browser';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession } from './session';
import { openPage } from './open-page';

/**
 * The Request signer sends a request with a saved OAuth 2 token: the token has passed expires_in, so it is
 * refreshed first at the mock, the call succeeds, each step is shown and the new token is saved with the profile.
 */
const session = e2eSession();

const call = (page: Page, method: string, input?: unknown) =>
  page.evaluate(
    async ([m, i]) =>
      (
        await fetch(`/api/call/${m}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(i ?? {}),
        })
      ).json(),
    [method, input] as const
  );

/** A real token and refresh token from the app's mock, obtained over HTTP as a client would. */
async function mockTokens(base: string) {
  const catcher = await startCatcher({ port: 0, timeoutMs: 10_000 });
  try {
    const c = DEFAULT_CREDENTIALS.client;
    let s = oauth2Flow.startOAuth2(
      { baseUrl: base, clientId: c.id, clientSecret: c.secret, redirectUri: catcher.redirectUri, scope: 'read' },
      nodeRandom,
      nodeCrypto
    );
    const caught = catcher.wait({ kind: 'oauth2', state: s.state });
    await actAsBrowser(oauth2Flow.buildAuthorizeRequest(s).url, {
      username: 'demo',
      password: 'demo',
      decision: 'approve',
    });
    s = oauth2Flow.interpretCallback(s, (await caught).query).state;
    const token = oauth2Flow.interpretTokenResponse(
      s,
      await send(oauth2Flow.buildTokenExchange(s)),
      Date.now(),
      'token'
    ).state.token!;
    return token;
  } finally {
    await catcher.close();
  }
}

it('sends with a saved bearer token, refreshing it first because it has expired, and saves the new one', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  const base = /Mock at (http:\/\/127\.0\.0\.1:\d+)/.exec(
    await page
      .getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/)
      .first()
      .innerText()
  )![1]!;
  const token = await mockTokens(base);
  const saved = (await call(page, 'tokenSave', {
    token: {
      id: 'bearer-1',
      profileId: 'mock',
      kind: 'oauth2',
      token: token.accessToken,
      refreshToken: token.refreshToken,
      scope: 'read',
      obtainedAt: 1,
      expiresAt: 2,
    },
  })) as { ok: boolean };
  expect(saved.ok).toBe(true);

  await openPage(page, 'Request signer');
  await page.getByRole('button', { name: 'OAuth 2 bearer token' }).click();
  const form = page.getByRole('form', { name: 'Request with a bearer token' });
  await expect.poll(() => form.getByLabel('URL', { exact: true }).inputValue()).toBe(`${base}/api/v2/me`);
  await form.getByRole('button', { name: 'Send with the saved token' }).click();
  await page.getByText('The refreshed token is saved with the profile.').waitFor();
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'Step 1: Refresh' })
        .getByText(/^Refreshed \(the token had passed expires_in\)/)
        .count()
    )
    .toBe(1);
  await expect
    .poll(() => page.getByRole('region', { name: 'Step 2: Request' }).getByText('Answered 200.').count())
    .toBe(1);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${SCREENSHOTS}/signer-bearer-${width}-${scheme}.png`, { fullPage: true });
    }
  }
  const tokens = (await call(page, 'tokensList', { profileId: 'mock' })) as {
    ok: boolean;
    value: { id: string; token: string; expiresAt: number }[];
  };
  const after = tokens.value.find((t) => t.id === 'bearer-1')!;
  expect(after.token).not.toBe(token.accessToken);
  expect(after.expiresAt).toBeGreaterThan(Date.now());
  expect(errors).toEqual([]);
  await page.close();
});

import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeChallenge } from '../../shared/oauth2/pkce';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';
import { tokenOnOAuth2Page } from './oauth2-by-clicking';

/**
 * The OpenID Connect page in Chromium against the app's own mock: discovery of the mock, an id_token it issued
 * validated step by step, then one with the wrong-aud fault, whose aud step fails. Light and dark, two sizes.
 */
const session = e2eSession();
const { client } = DEFAULT_CREDENTIALS;

/** A code grant with scope openid, the mock's login page answered as the user would; the redirect is not followed. */
async function grant(base: string): Promise<{ idToken: string; accessToken: string; nonce: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const redirect = 'http://127.0.0.1:9/callback';
  const q = new URLSearchParams({
    client_id: client.id,
    redirect_uri: redirect,
    response_type: 'code',
    state: 'e2e',
    scope: 'openid profile',
    nonce,
    code_challenge: codeChallenge(verifier, 'S256', nodeCrypto),
    code_challenge_method: 'S256',
  });
  const page = await (await fetch(`${base}/oauth/v2/authorize?${q}`)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  const login = await fetch(`${base}/oauth/v2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString(),
  });
  const code = new URL(login.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${base}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: client.id,
      client_secret: client.secret,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { id_token: string; access_token: string };
  return { idToken: body.id_token, accessToken: body.access_token, nonce };
}

async function validate(page: Page, t: { idToken: string; accessToken: string; nonce: string }) {
  await page.getByLabel('id_token', { exact: true }).fill(t.idToken);
  await page.getByLabel('client_id', { exact: true }).fill(client.id);
  await page.getByLabel('Nonce sent', { exact: true }).fill(t.nonce);
  await page.getByLabel('Access token (for at_hash)', { exact: true }).fill(t.accessToken);
  await page.getByRole('button', { name: 'Validate' }).click();
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const settings = (base: string, fault: string) =>
  fetch(`${base}/_mock/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ switches: { idTokenFault: fault } }),
  });
const failedSteps = (page: Page) =>
  page.locator('li[data-status="failed"]').evaluateAll((l) => l.map((e) => e.getAttribute('data-step')));

it.each(['light', 'dark'] as const)(
  'discovers the mock and validates its id_tokens, with and without a fault (%s)',
  async (scheme) => {
    for (const viewport of SIZES) {
      const page = await session.browser.newPage({ viewport, colorScheme: scheme });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      await openPage(page, 'OpenID Connect');
      await page.getByRole('heading', { name: 'OpenID Connect' }).waitFor();
      await page.getByRole('button', { name: 'Use the mock' }).click();
      const base = await page.getByLabel('Issuer URL').inputValue();
      await page.getByRole('button', { name: 'Discover' }).click();
      await page.getByRole('region', { name: 'Discovery checks' }).waitFor();
      expect(await page.getByRole('region', { name: 'Discovery checks' }).locator('li.fail').count()).toBe(0);
      const size = `${viewport.width}x${viewport.height}`;

      await validate(page, await grant(base));
      await page.getByText('The id_token is valid').waitFor();
      await shot(page, `oidc-valid-${size}`, scheme);

      // A discovery that fails takes the verdict away (it was made with the earlier document's keys).
      await page.getByLabel('Issuer URL').fill('http://127.0.0.1:9');
      await page.getByRole('button', { name: 'Discover' }).click();
      await page.locator('.oidc').getByRole('alert').first().waitFor();
      expect(await page.getByText('The id_token is valid').count()).toBe(0);
      await shot(page, `oidc-rediscovery-failed-${size}`, scheme);
      await page.getByLabel('Issuer URL').fill(base);
      await page.getByRole('button', { name: 'Discover' }).click();
      await page.getByRole('region', { name: 'Discovery checks' }).waitFor();

      expect((await settings(base, 'wrong-aud')).status).toBe(200);
      try {
        await validate(page, await grant(base));
        await page.getByText('The id_token is not valid: Audience (aud) failed.').waitFor();
        expect(await failedSteps(page)).toEqual(['aud']);
        await shot(page, `oidc-wrong-aud-${size}`, scheme);
      } finally {
        await settings(base, 'off');
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  }
);

it("walks every fault switch of the mock: each fails exactly its step of the page's trace", async () => {
  const FAULTS: Record<string, string> = {
    'wrong-alg': 'alg',
    'alg-none': 'alg',
    expired: 'exp',
    'wrong-aud': 'aud',
    'wrong-nonce': 'nonce',
    'missing-nonce': 'nonce',
    'unknown-kid': 'key',
    'rotated-key': 'key',
    'bad-at-hash': 'at_hash',
    'iss-mismatch': 'iss',
    'bad-signature': 'signature',
  };
  const page = await session.browser.newPage({ viewport: SIZES[0] });
  await page.goto(session.app.url);
  await openPage(page, 'OpenID Connect');
  await page.getByRole('button', { name: 'Use the mock' }).click();
  const base = await page.getByLabel('Issuer URL').inputValue();
  await page.getByRole('button', { name: 'Discover' }).click();
  await page.getByRole('region', { name: 'Discovery checks' }).waitFor();
  try {
    for (const [fault, step] of Object.entries(FAULTS)) {
      expect((await settings(base, fault)).status).toBe(200);
      const verdict = page.getByRole('status');
      const before = (await verdict.count()) ? await verdict.textContent() : null;
      await validate(page, await grant(base));
      await expect
        .poll(
          async () =>
            (await page.locator('li[data-status="failed"]').count()) > 0 && (await failedSteps(page)).join() === step,
          { timeout: 5000, message: `${fault} (previous verdict: ${before})` }
        )
        .toBe(true);
    }
  } finally {
    await settings(base, 'off');
  }
  await page.close();
});

/** The OAuth 2 flow through its token exchange, then the OpenID Connect page's lifecycle panel holding its tokens. */
async function lifecyclePanel(page: Page) {
  await tokenOnOAuth2Page(page);
  await openPage(page, 'OpenID Connect');
  await page.getByRole('button', { name: 'Use the mock' }).click();
  await page.getByRole('button', { name: 'Discover' }).click();
  await page.getByRole('region', { name: 'Discovery checks' }).waitFor();
  const panel = page.getByRole('region', { name: 'Token lifecycle' });
  await panel.getByRole('button', { name: "Take the OAuth 2 flow's tokens" }).click();
  return panel;
}

it.each(['light', 'dark'] as const)(
  "takes the OAuth 2 flow's tokens through refresh, reuse of the replaced one, introspection and revocation (%s)",
  async (scheme) => {
    for (const viewport of SIZES) {
      const page = await session.browser.newPage({ viewport, colorScheme: scheme });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      const panel = await lifecyclePanel(page);
      const legs = panel.locator('section.lifecycle-leg');
      const click = async (name: string) => {
        const n = await legs.count();
        await panel.getByRole('button', { name, exact: true }).click();
        await expect.poll(() => legs.count()).toBe(n + 1);
        return legs.first();
      };

      const refreshed = await click('Refresh');
      expect(await refreshed.getAttribute('data-ok')).toBe('true');
      expect(await refreshed.getByLabel('Rotation').textContent()).toMatch(
        /^old refresh token …\S{4} \(\d+ chars\) → new …\S{4} \(\d+ chars\)$/
      );
      const reuse = await click('Present the replaced refresh token again');
      expect(await reuse.getAttribute('data-ok')).toBe('true');
      await reuse.getByText('The replaced refresh token was refused (HTTP 400).').waitFor();
      const size = `${viewport.width}x${viewport.height}`;
      await shot(page, `oidc-lifecycle-refresh-${size}`, scheme);

      // The reuse revoked the grant at the mock (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), so introspection says inactive; revoking an
      // already invalid token still answers 200 (RFC 7009 §2.2 (https://www.rfc-editor.org/rfc/rfc7009#section-2.2)).
      const introspected = await click('Introspect the access token');
      await introspected.getByText('The provider says active: false.').waitFor();
      const revoked = await click('Revoke the refresh token');
      await revoked.getByText('Revoked, or already invalid (HTTP 200).').waitFor();
      expect(await panel.locator('section.lifecycle-leg[data-ok="false"]').count()).toBe(0);
      await shot(page, `oidc-lifecycle-revoke-${size}`, scheme);
      expect(errors).toEqual([]);
      await page.close();
    }
  }
);

it('introspects an active token, revokes it, and introspection then says inactive', async () => {
  const page = await session.browser.newPage({ viewport: SIZES[0] });
  await page.goto(session.app.url);
  const panel = await lifecyclePanel(page);
  await panel.getByRole('button', { name: 'Introspect the access token' }).click();
  await panel.getByText('The provider says active: true.').waitFor();
  await panel.getByRole('button', { name: 'Revoke the access token' }).click();
  await panel.getByText('Revoked, or already invalid (HTTP 200).').waitFor();
  await panel.getByRole('button', { name: 'Introspect the access token' }).click();
  await panel.getByText('The provider says active: false.').waitFor();
  // A fresh token from a refresh is active again.
  await panel.getByRole('button', { name: 'Refresh', exact: true }).click();
  await panel.getByLabel('Rotation').first().waitFor();
  await panel.getByRole('button', { name: 'Introspect the access token' }).click();
  await expect.poll(() => panel.getByText('The provider says active: true.').count()).toBe(2);
  await page.close();
});

const revokeAtMock = (base: string, token: string) =>
  fetch(`${base}/oidc/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token,
      token_type_hint: 'access_token',
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });

it.each(['light', 'dark'] as const)(
  'the bearer call refreshes by itself after a 401, and discovery fills a new profile (%s)',
  async (scheme) => {
    for (const viewport of SIZES) {
      const page = await session.browser.newPage({ viewport, colorScheme: scheme });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      await tokenOnOAuth2Page(page);
      const base = (await page.getByText(/^Mock at /).textContent())!.replace('Mock at ', '');
      // The response shows its tokens masked until revealed.
      await page.getByRole('region', { name: 'Response' }).getByRole('button', { name: 'Reveal secrets' }).click();
      const body = await page.getByRole('region', { name: 'Response' }).locator('pre').last().textContent();
      const accessToken = /"access_token": "([^"]+)"/.exec(body!)![1]!;
      expect((await revokeAtMock(base, accessToken)).status).toBe(200);
      await page
        .getByRole('group', { name: 'Next step' })
        .getByRole('button', { name: 'Continue: API request →' })
        .click();
      await page.getByLabel('Refresh automatically').check();
      await page.getByRole('group', { name: 'Next step' }).getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('API call answered 200.').waitFor();
      const steps = page.getByRole('list', { name: 'Before this response' }).locator('summary');
      expect(await steps.allTextContents()).toEqual([
        expect.stringMatching(/^First call: Answered 401/),
        expect.stringMatching(/^Automatic refresh \(after a 401\): Refreshed \(the server answered 401\)/),
      ]);
      const size = `${viewport.width}x${viewport.height}`;
      await shot(page, `oauth2-auto-refresh-${size}`, scheme);

      await openPage(page, 'OpenID Connect');
      await page.getByRole('button', { name: 'Use the mock' }).click();
      await page.getByRole('button', { name: 'Discover' }).click();
      await page.getByRole('button', { name: 'Use for a new profile' }).click();
      const form = page.getByRole('form', { name: 'New profile' });
      await form.waitFor();
      expect(await form.getByLabel('Token path', { exact: true }).inputValue()).toBe(`${base}/oauth/v2/token`);
      expect(await form.getByLabel('Scope', { exact: true }).inputValue()).toBe('openid profile');
      await shot(page, `oidc-new-profile-${size}`, scheme);
      expect(errors).toEqual([]);
      await page.close();
    }
  }
);

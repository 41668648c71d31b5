import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeChallenge } from '../../shared/oauth2/pkce';
import { nodeCrypto } from '../../electron/services/node-crypto';
import { DEFAULT_CREDENTIALS } from '../../electron/services/provider';
import { e2eSession, shot } from './session';

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
  const q = new URLSearchParams({ client_id: client.id, redirect_uri: redirect, response_type: 'code', state: 'e2e', scope: 'openid profile', nonce, code_challenge: codeChallenge(verifier, 'S256', nodeCrypto), code_challenge_method: 'S256' });
  const page = await (await fetch(`${base}/oauth/v2/authorize?${q}`)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  const login = await fetch(`${base}/oauth/v2/authorize`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString() });
  const code = new URL(login.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${base}/oauth/v2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: client.id, client_secret: client.secret, code_verifier: verifier }).toString() });
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

const SIZES = [{ width: 1280, height: 800 }, { width: 1024, height: 700 }] as const;
const settings = (base: string, fault: string) => fetch(`${base}/_mock/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ switches: { idTokenFault: fault } }) });
const failedSteps = (page: Page) => page.locator('li[data-status="failed"]').evaluateAll((l) => l.map((e) => e.getAttribute('data-step')));

it.each(['light', 'dark'] as const)('discovers the mock and validates its id_tokens, with and without a fault (%s)', async (scheme) => {
  for (const viewport of SIZES) {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'OpenID Connect' }).click();
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
});

it('walks every fault switch of the mock: each fails exactly its step of the page\'s trace', async () => {
  const FAULTS: Record<string, string> = { 'wrong-alg': 'alg', 'alg-none': 'alg', expired: 'exp', 'wrong-aud': 'aud', 'wrong-nonce': 'nonce', 'missing-nonce': 'nonce', 'unknown-kid': 'key', 'rotated-key': 'key', 'bad-at-hash': 'at_hash', 'iss-mismatch': 'iss', 'bad-signature': 'signature' };
  const page = await session.browser.newPage({ viewport: SIZES[0] });
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'OpenID Connect' }).click();
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
      await expect.poll(async () => (await page.locator('li[data-status="failed"]').count()) > 0 && (await failedSteps(page)).join() === step, { timeout: 5000, message: `${fault} (previous verdict: ${before})` }).toBe(true);
    }
  } finally {
    await settings(base, 'off');
  }
  await page.close();
});

import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MACHINE_METHODS,
  MACHINE_SECRET,
  startMachineProvider,
  type MachineProvider,
} from '../support/node-oidc-provider-machine';
import { SCREENSHOTS, screenshot } from './browser';
import { pressNext } from './dpop-profile';
import { e2eSession } from './session';

/**
 * The Client credentials and Device authorization pages by clicking, against node-oidc-provider (panva; nobody
 * here wrote it) with DPoP on: a token with every client authentication method, with and without DPoP; each
 * client assertion and DPoP proof the page sent shown on its leg. The device page finds the provider's
 * device_authorization_endpoint by discovery and says so; the user at the other device approves through the
 * provider's model. Screenshots at 1280x800 (Client credentials) and 1024x700 (Device), light.
 */
const session = e2eSession();
let op: MachineProvider;
beforeAll(async () => {
  op = await startMachineProvider();
});
afterAll(() => op.close());

const DIR = `${SCREENSHOTS}/machine-pages-op`;
mkdirSync(DIR, { recursive: true });
const CASES = MACHINE_METHODS.flatMap(([clientId, method]) =>
  [false, true].map((dpop) => [clientId, method, dpop] as const)
);

/** A profile at the provider for this client and method, saved over the page's bridge (DPoP key made in the host). */
async function savedProfile(page: Page, clientId: string, method: string, dpop: boolean): Promise<string> {
  const id = `op-${clientId}${dpop ? '-dpop' : ''}`;
  const saved = await page.evaluate(
    async ({ id, issuer, clientId, method, dpop, secret, pem }) => {
      const call = async (name: string, input: unknown) =>
        (await (
          await fetch(`/api/call/${name}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(input),
          })
        ).json()) as { ok: boolean; value?: { key: string }; error?: { message: string } };
      const key = dpop ? (await call('dpopKey', { key: '', alg: 'ES256' })).value!.key : '';
      return call('profileSave', {
        profile: {
          id,
          name: id,
          baseUrl: issuer,
          callbackPort: 0,
          oauth2: {
            clientId,
            clientAuthentication: method,
            tokenPath: '/token',
            scope: 'openid',
            ...(method === 'private_key_jwt'
              ? { assertionKey: pem, assertionKeyId: 'rsa-1' }
              : { clientSecret: secret }),
            ...(dpop ? { dpop: true, dpopKey: key } : {}),
          },
        },
      });
    },
    { id, issuer: op.issuer, clientId, method, dpop, secret: MACHINE_SECRET, pem: op.privateKeyPem }
  );
  expect(saved.ok, saved.error?.message).toBe(true);
  return id;
}

/** The page with the profile chosen and its flow started. */
async function started(page: Page, pageName: string, profileId: string) {
  await page.goto(session.app.url);
  await page.getByRole('button', { name: pageName }).click();
  await page.getByLabel('Profile').selectOption(profileId);
  const start = page.getByRole('button', { name: `Start the ${pageName} flow` });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
}

/** What the leg shows of the client's authentication: its assertion when one was signed, its proofs with DPoP. */
async function authenticationShown(page: Page, method: string, dpop: boolean) {
  const assertion = page.getByRole('region', { name: 'Client assertion' });
  if (method.endsWith('_jwt')) expect(await assertion.textContent()).toContain(`Client assertion (${method})`);
  else expect(await assertion.count()).toBe(0);
  const proof = page.getByRole('region', { name: 'DPoP proof' });
  if (dpop) expect(await proof.textContent()).toContain('the request again, the nonce in the proof');
  else expect(await proof.count()).toBe(0);
}

describe('Client credentials against node-oidc-provider', () => {
  it.each(CASES)('%s (%s), DPoP %s: a token, the authentication it sent shown', async (clientId, method, dpop) => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    const id = await savedProfile(page, clientId, method, dpop);
    await started(page, 'Client credentials', id);
    await pressNext(page, 'Send');
    await page.getByText(/^Access token received, valid for \d+ s/).waitFor();
    await authenticationShown(page, method, dpop);
    if (method === 'private_key_jwt' && dpop)
      await screenshot(page, `${DIR}/cc-${clientId}-dpop.png`, { fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Device authorization against node-oidc-provider', () => {
  it.each(CASES)(
    '%s (%s), DPoP %s: the endpoint from discovery, approved, a token',
    async (clientId, method, dpop) => {
      const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      const id = await savedProfile(page, clientId, method, dpop);
      await started(page, 'Device authorization', id);
      expect(await page.getByLabel('Device authorization endpoint').textContent()).toBe(
        `Device authorization endpoint: ${op.issuer}/device/auth (from the metadata of ${op.issuer})`
      );
      await pressNext(page, 'Send');
      const userCode = (await page.getByLabel('User code').textContent())!;
      await op.approve(userCode);
      // node-oidc-provider asks for a poll every 5 s.
      await page.getByRole('table', { name: 'Polls' }).getByText('token', { exact: true }).waitFor({ timeout: 20_000 });
      await authenticationShown(page, method, dpop);
      if (method === 'client_secret_jwt' && dpop)
        await screenshot(page, `${DIR}/device-${clientId}-dpop.png`, { fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    40_000
  );
});

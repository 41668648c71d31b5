import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byCertificate,
  DEVICE_METHODS,
  MACHINE_METHODS,
  machineProfileInput,
  startMachineProvider,
  type MachineProvider,
} from '../support/node-oidc-provider-machine';
import { SCREENSHOTS, screenshot } from './browser';
import { pressNext } from './dpop-profile';
import { e2eSession } from './session';

/**
 * The Client credentials and Device authorization pages by clicking, against node-oidc-provider (panva; nobody
 * here wrote it) with DPoP on: a token with every client authentication method, with and without DPoP; each
 * client assertion and DPoP proof the page sent shown on its leg; tls_client_auth and self_signed_tls_client_auth
 * (RFC 8705 §2) over the provider's HTTPS port, which asks for the client's certificate; and on the device page a
 * public client too (none; client credentials are for confidential clients, RFC 6749 §4.4). The device page finds
 * the provider's device_authorization_endpoint by discovery and says so; the user at the other device approves
 * through the provider's model. Screenshots at 1280x800 (Client credentials) and 1024x700 (Device), light.
 */
const session = e2eSession();
let op: MachineProvider;
beforeAll(async () => {
  op = await startMachineProvider();
});
afterAll(() => op.close());

const DIR = `${SCREENSHOTS}/machine-pages-op`;
mkdirSync(DIR, { recursive: true });
const withAndWithoutDpop = (methods: readonly (readonly [string, string])[]) =>
  methods.flatMap(([clientId, method]) => [false, true].map((dpop) => [clientId, method, dpop] as const));
const CASES = withAndWithoutDpop(MACHINE_METHODS);
const DEVICE_CASES = withAndWithoutDpop(DEVICE_METHODS);

/** A profile at the provider for this client and method, saved over the page's bridge (DPoP key made in the host). */
async function savedProfile(page: Page, clientId: string, method: string, dpop: boolean): Promise<string> {
  const id = `op-${clientId}${dpop ? '-dpop' : ''}`;
  const input = machineProfileInput(op, clientId, method, 'openid');
  const saved = await page.evaluate(
    async ({ id, input, dpop }) => {
      const call = async (name: string, body: unknown) =>
        (await (
          await fetch(`/api/call/${name}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { ok: boolean; value?: { key: string }; error?: { message: string } };
      const key = dpop ? (await call('dpopKey', { key: '', alg: 'ES256' })).value!.key : '';
      const oauth2 = { ...input.oauth2, ...(dpop ? { dpop: true, dpopKey: key } : {}) };
      return call('profileSave', { profile: { ...input, id, name: id, callbackPort: 0, oauth2 } });
    },
    { id, input, dpop }
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
  it.each(DEVICE_CASES)(
    '%s (%s), DPoP %s: the endpoint said with its source, approved, a token',
    async (clientId, method, dpop) => {
      const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      const id = await savedProfile(page, clientId, method, dpop);
      await started(page, 'Device authorization', id);
      // The certificate clients name its HTTPS endpoint in the profile; the others find it in the metadata.
      const endpoint = byCertificate(method)
        ? `${op.tls.url}/device/auth (from the profile)`
        : `${op.issuer}/device/auth (from the metadata of ${op.issuer})`;
      expect(await page.getByLabel('Device authorization endpoint').textContent()).toBe(
        `Device authorization endpoint: ${endpoint}`
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

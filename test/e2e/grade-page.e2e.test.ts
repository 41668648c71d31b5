import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openPage } from './open-page';
import { e2eSession, shot } from './session';

/**
 * The Grade a client page in browser mode: the values read from the page are given to a real client,
 * OAuth Lab's own CLI (`oauth-lab flow oauth2 --headless`, spawned here), and the checklist turns green where it
 * does right and red where it authenticates otherwise than registered; Why? opens the History on that scenario's
 * exchanges with the cause. Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();

/** The client's values as the page shows them: what a user pastes into a client. */
async function valuesOf(page: Page) {
  const values = page.getByRole('region', { name: 'Client values' });
  const reveal = values.getByRole('button', { name: 'Reveal client secret' });
  if ((await reveal.count()) > 0) await reveal.click();
  return {
    issuer: await values.getByLabel('Issuer URL', { exact: true }).innerText(),
    clientId: await values.getByLabel('Client ID', { exact: true }).innerText(),
    secret: await values.locator('.secret code').innerText(),
    redirectUri: await values.getByLabel('Redirect URI', { exact: true }).innerText(),
  };
}

/** OAuth Lab's own client, headless, run once against the scenario's issuer; resolves with its exit code. */
function ownClient(v: Awaited<ReturnType<typeof valuesOf>>, clientAuth: 'basic' | 'body'): Promise<number | null> {
  const args = [
    'bin/oauth-lab.mjs',
    'flow',
    'oauth2',
    '--issuer',
    v.issuer,
    '--client-id',
    v.clientId,
    '--client-secret',
    v.secret,
    '--client-auth',
    clientAuth,
    '--scope',
    'openid',
    '--redirect-uri',
    v.redirectUri,
    '--headless',
    '--no-history',
  ];
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}

/** Full-page screenshots at 1280x800 and 1024x700, light and dark; the page is left at 1280x800, light. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `${name}-${width}`, scheme);
    }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const row = (page: Page, id: string) => page.getByRole('listitem', { name: id, exact: true });

it('a real client turns a scenario green and a wrong one red; Why? opens the History with the cause', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await openPage(page, 'Grade a client');
  await page.getByText('Grader stopped').waitFor();
  await page.getByLabel('Decide after quiet (s)').fill('1');
  await page.getByRole('button', { name: 'Start grading' }).click();
  await page.getByRole('region', { name: 'Client values' }).waitFor();
  // A second Start is refused, saying what to do.
  await page.getByRole('button', { name: 'Start grading' }).click();
  await page.getByRole('alert').filter({ hasText: 'The grader is already running: stop it' }).waitFor();
  await page.getByRole('button', { name: 'Dismiss' }).click();

  // oidcc-client-test: the own client completes the flow, the row turns green once the issuer is quiet.
  expect(await row(page, 'oidcc-client-test').getAttribute('class')).toContain('current');
  expect(await ownClient(await valuesOf(page), 'basic')).toBe(0);
  await expect.poll(() => row(page, 'oidcc-client-test').getAttribute('data-verdict')).toBe('pass');

  // The client secret in the body where client_secret_basic is registered: red at once, with the cause.
  await page.getByLabel(/^Scenario \d+ of/).selectOption('oidcc-client-test-client-secret-basic');
  await expect
    .poll(() => row(page, 'oidcc-client-test-client-secret-basic').getAttribute('class'))
    .toContain('current');
  const v = await valuesOf(page);
  expect(v.issuer).toMatch(/\/oidcc-client-test-client-secret-basic$/);
  expect(await ownClient(v, 'body')).toBe(1);
  const red = row(page, 'oidcc-client-test-client-secret-basic');
  await expect.poll(() => red.getAttribute('data-verdict')).toBe('fail');
  await red.getByText('authenticated with post, not client_secret_basic').waitFor();

  // Next and Previous move through the pack.
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect.poll(async () => (await valuesOf(page)).issuer).toMatch(/\/oidcc-client-test-scope-userinfo-claims$/);
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect.poll(async () => (await valuesOf(page)).issuer).toMatch(/\/oidcc-client-test-client-secret-basic$/);

  await shots(page, 'grade-page');

  // The exports: the same files as `oauth-lab grade --junit` and `--report`, downloaded in browser mode.
  const exported = async (button: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  };
  const junit = await exported('Export JUnit XML');
  expect(junit.name).toBe('oauth-lab-grade-oidc-basic.xml');
  expect(junit.text).toContain(
    '<failure message="fail: a token request authenticated with post, not client_secret_basic'
  );
  expect(junit.text).toMatch(
    /<testcase classname="oauth-lab.grade.oidc-basic" name="oidcc-client-test">\s*<system-out>/
  );
  const html = await exported('Export report (HTML)');
  expect(html.text).toContain('<h2>oidcc-client-test-client-secret-basic <span class="fail">fail</span></h2>');
  expect(html.text).not.toContain(v.secret);

  await red.getByRole('button', { name: 'Why? oidcc-client-test-client-secret-basic' }).click();
  const why = page.getByRole('note', { name: 'Why' });
  await why.getByText('Why oidcc-client-test-client-secret-basic failed:').waitFor();
  await why.getByText(/authenticated with post, not client_secret_basic/).waitFor();
  const list = page.getByRole('listbox', { name: 'Exchanges, newest first' });
  await list.getByText(/oidcc-client-test-client-secret-basic fails here/).waitFor();
  expect(await page.getByRole('combobox', { name: 'Profile' }).locator('option:checked').innerText()).toBe(
    'Grade: oidcc-client-test-client-secret-basic'
  );
  await shots(page, 'grade-why-history');
  expect(errors).toEqual([]);
}, 180_000);

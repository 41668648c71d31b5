import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { resolveLocalhostNamesLikeBrowsers } from '../support/localhost-names';
import { launchChromium } from './browser';

resolveLocalhostNamesLikeBrowsers();

/** `oauth-lab web` as a user runs it: prints the URL with its token, lets a browser in, refuses one without it, stops on SIGTERM. */
it('serves the app with a per-launch token and stops cleanly', async () => {
  const store = mkdtempSync(join(tmpdir(), 'oauth-lab-web-cli-'));
  const child = spawn(
    process.execPath,
    ['bin/oauth-lab.mjs', 'web', '--no-open', '--port', '0', '--store-dir', store],
    { stdio: ['ignore', 'pipe', 'pipe'] }
  );
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = new URL(line.toString().trim());
    expect(url.origin).toMatch(/^http:\/\/oauth-lab-[0-9a-f]{32}\.localhost:\d+$/);
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(30);

    const enter = await fetch(url, { redirect: 'manual' });
    expect(enter.status).toBe(303);
    const cookie = enter.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${url.origin}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${url.origin}/`)).status).toBe(403);

    const call = await fetch(`${url.origin}/api/call/mockStatus`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: url.origin, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await call.json()).toEqual({ ok: true, value: { running: false, baseUrl: null } });
  } finally {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    rmSync(store, { recursive: true, force: true });
    expect(code).toBe(0);
  }
});

it('refuses a bad port with a clear message', async () => {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', '--no-open', '--port', '99999'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const [code] = await once(child, 'exit');
  expect(code).toBe(2);
  expect(stderr).toContain('--port must be a whole number from 0 to 65535');
});

/**
 * The browser opener's command line is readable by every local user (`ps`): it gets a one-time launch address, never
 * the token. A stand-in opener (first on PATH as xdg-open, and as $BROWSER for openers that read it) records its
 * arguments; a real Chromium then goes in through the recorded address, which works once.
 */
it('opens the browser with a one-time launch address, never the token', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-web-open-'));
  const recorded = join(dir, 'argv');
  const opener = join(dir, 'xdg-open');
  writeFileSync(opener, `#!/bin/sh\nprintf '%s\\n' "$@" > '${recorded}'\n`);
  chmodSync(opener, 0o755);
  const env = {
    ...process.env,
    PATH: `${dir}:${process.env.PATH}`,
    BROWSER: opener,
    XDG_CURRENT_DESKTOP: '',
    DISPLAY: '',
  };
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', '--port', '0', '--store-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const browser = await launchChromium();
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const printed = new URL(line.toString().trim());
    const token = printed.searchParams.get('token')!;
    for (let i = 0; i < 100 && !existsSync(recorded); i++) await new Promise((r) => setTimeout(r, 50));
    const argv = readFileSync(recorded, 'utf8').trim().split('\n');
    expect(argv.join(' ')).not.toContain(token);
    expect(argv).toHaveLength(1);
    const launch = new URL(argv[0]!);
    expect(launch.origin).toBe(printed.origin);
    expect([...launch.searchParams.keys()]).toEqual(['launch']);

    const page = await (await browser.newContext()).newPage();
    await page.goto(launch.href);
    expect(page.url()).toBe(`${printed.origin}/`);
    await page.waitForSelector('#root > *');
    const replay = await (await browser.newContext()).newPage();
    const refused = await replay.goto(launch.href);
    expect(refused!.status()).toBe(403);
    expect(await replay.textContent('body')).toContain('already used');
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
});

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
 * The browser opener's command line is readable by every local user (`ps`), so it carries the
 * path of a launch page only: a 0600 file in the user's runtime directory that sends the browser to a one-time
 * launch address (Jupyter's way). A stand-in opener (first on PATH as xdg-open, and as $BROWSER for openers that
 * read it) records its arguments; a second user who polls the process list gets that path and nothing it can use;
 * a real Chromium opens the file and gets in; the file is gone once used.
 */
it('opens the browser on a 0600 launch page; its command line carries no secret', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-web-open-'));
  const runtime = mkdtempSync(join(tmpdir(), 'oauth-lab-runtime-'));
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
    XDG_RUNTIME_DIR: runtime,
  };
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', '--port', '0', '--store-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const browser = await launchChromium();
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const printed = new URL(line.toString().trim());
    for (let i = 0; i < 100 && !existsSync(recorded); i++) await new Promise((r) => setTimeout(r, 50));
    const argv = readFileSync(recorded, 'utf8').trim().split('\n');
    expect(argv).toHaveLength(1);
    const page = argv[0]!;
    expect(page).toMatch(new RegExp(`^${runtime}/oauth-lab-[^/]+/open-oauth-lab\\.html$`));
    for (const secret of [printed.searchParams.get('token')!, printed.hostname, 'launch='])
      expect(page).not.toContain(secret);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(page)).mode & 0o777).toBe(0o700);

    // A second user racing the browser redeems what the process list shows, and is refused.
    const raced = await fetch(`${printed.origin}/?launch=${encodeURIComponent(page)}`, { redirect: 'manual' });
    expect(raced.status).toBe(403);
    expect(raced.headers.get('set-cookie')).toBeNull();
    // Running as root here, the race can be run as a real second user (nobody): the file does not open for them.
    if (process.getuid?.() === 0) {
      const read = spawnSync('cat', [page], { uid: 65534, gid: 65534, encoding: 'utf8' });
      expect([read.status, read.stdout, read.stderr]).toEqual([1, '', `cat: ${page}: Permission denied\n`]);
    }

    const tab = await (await browser.newContext()).newPage();
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForURL(`${printed.origin}/`);
    await tab.waitForSelector('#root > *');
    expect(existsSync(page)).toBe(false);
    expect(existsSync(dirname(page))).toBe(false);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
    rmSync(runtime, { recursive: true, force: true });
  }
});

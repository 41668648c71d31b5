import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { expect, it } from 'vitest';

/** `oauth-lab web` as a user runs it: prints the URL with its token, lets a browser in, refuses one without it, stops on SIGTERM. */
it('serves the app with a per-launch token and stops cleanly', async () => {
  const store = mkdtempSync(join(tmpdir(), 'oauth-lab-web-cli-'));
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', '--no-open', '--port', '0', '--store-dir', store], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = new URL(line.toString().trim());
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(30);

    const enter = await fetch(url, { redirect: 'manual' });
    expect(enter.status).toBe(303);
    const cookie = enter.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${url.origin}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${url.origin}/`)).status).toBe(403);

    const call = await fetch(`${url.origin}/api/call/mockStatus`, { method: 'POST', headers: { Cookie: cookie, Origin: url.origin, 'Content-Type': 'application/json' }, body: '{}' });
    expect(await call.json()).toEqual({ ok: true, value: { running: false, baseUrl: null } });
  } finally {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    rmSync(store, { recursive: true, force: true });
    expect(code).toBe(0);
  }
});

it('refuses a bad port with a clear message', async () => {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', '--no-open', '--port', '99999'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const [code] = await once(child, 'exit');
  expect(code).toBe(2);
  expect(stderr).toContain('--port must be a whole number from 0 to 65535');
});

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { send, startTestHost } from './helpers';

/**
 * The browser is opened on a launch page: a 0600 file that carries a one-time launch address.
 * The opener's command line gets the file's path only; the address stays in the browser's history, so it is worth
 * nothing once used.
 */
const pathOf = (url: string) => url.slice(url.indexOf('/', 'http://'.length));
const runtimeDir = mkdtempSync(join(tmpdir(), 'oauth-lab-runtime-'));
afterAll(() => rmSync(runtimeDir, { recursive: true, force: true }));

/** The launch address a launch page sends the browser to. */
const launchAddressIn = (page: string) =>
  /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(readFileSync(page, 'utf8'))![1]!;

describe('web host: launch pages', () => {
  it('are 0600 files in a 0700 directory of their own, carrying a fresh launch address (not the token)', async () => {
    const host = await startTestHost({ runtimeDir });
    const page = await host.writeLaunchPage();
    expect(page).toMatch(new RegExp(`^${runtimeDir}/oauth-lab-[^/]+/open-oauth-lab\\.html$`));
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(page)).mode & 0o777).toBe(0o700);
    const launch = launchAddressIn(page);
    expect(launch).toMatch(
      new RegExp(`^http://${host.hostName.replaceAll('.', '\\.')}:${host.port}/\\?launch=[A-Za-z0-9_-]{43}$`)
    );
    expect(readFileSync(page, 'utf8')).not.toContain(host.token);
    expect(launchAddressIn(await host.writeLaunchPage())).not.toBe(launch);
  });

  it('is removed once its address is used, and the rest when the host closes', async () => {
    const host = await startTestHost({ runtimeDir });
    const used = await host.writeLaunchPage();
    const unused = await host.writeLaunchPage();
    expect((await send(host.port, { path: pathOf(launchAddressIn(used)) })).status).toBe(200);
    expect([existsSync(used), existsSync(dirname(used)), existsSync(unused)]).toEqual([false, false, true]);
    await host.close();
    expect([existsSync(unused), existsSync(dirname(unused))]).toEqual([false, false]);
  });
});

describe('web host: launch addresses', () => {
  it('let one browser in once, with the token cookie, then on to / by a page of ours (not a redirect)', async () => {
    const host = await startTestHost();
    const launch = host.launchUrl();
    const first = await send(host.port, { path: pathOf(launch) });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.body).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(first.headers['set-cookie']).toEqual([`oauth_lab_token=${host.token}; HttpOnly; SameSite=Strict; Path=/`]);
    const page = await send(host.port, {
      path: '/',
      headers: { Cookie: first.headers['set-cookie']![0]!.split(';')[0]! },
    });
    expect(page.status).toBe(200);

    const again = await send(host.port, { path: pathOf(launch) });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((again.json() as { error: { message: string } }).error.message).toMatch(
      /^This launch address was already used: it lets one browser in, once\. If you did not open it twice yourself, another program/
    );
  });

  it('a code expires; an unknown one, or a HEAD request (a link preview), lets nobody in', async () => {
    let now = 1_000_000;
    const host = await startTestHost({ launchCodeTtlMs: 60_000, now: () => now });
    const late = host.launchUrl();
    now += 60_000;
    const expired = await send(host.port, { path: pathOf(late) });
    expect(expired.status).toBe(403);
    expect((expired.json() as { error: { message: string } }).error.message).toContain(
      'This launch address expired: it is valid for 60 s'
    );

    const unknown = await send(host.port, { path: '/?launch=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toContain('not one of the running OAuth Lab');

    const fresh = host.launchUrl();
    expect((await send(host.port, { method: 'HEAD', path: pathOf(fresh) })).status).toBe(403);
    expect((await send(host.port, { path: pathOf(fresh) })).status).toBe(200);
  });

  it('a launch address under a foreign Host (DNS rebinding) is refused before the code is looked at', async () => {
    const host = await startTestHost();
    const launch = host.launchUrl();
    expect((await send(host.port, { path: pathOf(launch), host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await send(host.port, { path: pathOf(launch) })).status).toBe(200);
  });
});

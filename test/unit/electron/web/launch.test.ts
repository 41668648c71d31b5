import { describe, expect, it } from 'vitest';
import { send, startTestHost } from './helpers';

/**
 * The address the browser opener gets carries a one-time launch code, never the token: a command line is readable by
 * every local user (`ps`), and the address stays in the browser's history.
 */
const pathOf = (url: string) => url.slice(url.indexOf('/', 'http://'.length));

describe('web host: launch addresses', () => {
  it('carry a fresh code, not the token; the code lets one browser in once, with the token cookie, then redirects to /', async () => {
    const host = await startTestHost();
    const launch = host.launchUrl();
    expect(launch).toMatch(
      new RegExp(`^http://${host.hostName.replaceAll('.', '\\.')}:${host.port}/\\?launch=[A-Za-z0-9_-]{43}$`)
    );
    expect(launch).not.toContain(host.token);
    expect(host.launchUrl()).not.toBe(launch);

    const first = await send(host.port, { path: pathOf(launch) });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
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
    expect((await send(host.port, { path: pathOf(fresh) })).status).toBe(303);
  });

  it('a launch address under a foreign Host (DNS rebinding) is refused before the code is looked at', async () => {
    const host = await startTestHost();
    const launch = host.launchUrl();
    expect((await send(host.port, { path: pathOf(launch), host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await send(host.port, { path: pathOf(launch) })).status).toBe(303);
  });
});

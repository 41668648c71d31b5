import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_URL, APP_SCHEME_PRIVILEGES, appProtocolHandler } from '../../../../electron/main/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../../host/web/respond';

/** The app:// handler's answers, as Electron's protocol.handle would pass requests to it. */
let dir = '';
let handle: (request: Request) => Promise<Response>;
const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-app-protocol-'));
  const build = join(dir, 'renderer');
  mkdirSync(join(build, 'assets'), { recursive: true });
  writeFileSync(join(build, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(build, 'assets/index-abc.js'), 'console.log(1)');
  writeFileSync(join(build, 'assets/index-abc.css'), 'body{}');
  writeFileSync(join(build, '.env'), 'SECRET=1');
  writeFileSync(join(dir, 'outside.txt'), 'outside the build');
  symlinkSync(join(dir, 'outside.txt'), join(build, 'assets/link.txt'));
  handle = appProtocolHandler(build);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('is registered standard, secure, fetch- and CORS-enabled, and the page is app://oauth-lab/index.html', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    });
    expect(APP_PAGE_URL).toBe('app://oauth-lab/index.html');
  });

  it('serves the page with its Content-Security-Policy as a header', async () => {
    for (const url of [APP_PAGE_URL, 'app://oauth-lab/']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('serves scripts and styles with their types, without a page policy', async () => {
    const js = await get('app://oauth-lab/assets/index-abc.js');
    expect([js.status, js.headers.get('content-type'), await js.text()]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'console.log(1)',
    ]);
    expect(js.headers.get('content-security-policy')).toBeNull();
    expect((await get('app://oauth-lab/assets/index-abc.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8'
    );
  });

  it('answers HEAD without a body', async () => {
    const res = await get(APP_PAGE_URL, 'HEAD');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it.each([
    ['app://oauth-lab/missing.js', 404, 'There is no file /missing.js'],
    ['app://oauth-lab/.env', 404, 'There is no file /.env'],
    ['app://oauth-lab/assets/link.txt', 404, 'There is no file /assets/link.txt'],
    ['app://oauth-lab/assets', 404, 'There is no file /assets'],
    // The URL parser resolves dot segments, encoded or not, within the origin: the path becomes /outside.txt.
    ['app://oauth-lab/assets/%2e%2e/%2e%2e/outside.txt', 404, 'There is no file /outside.txt'],
    ['app://oauth-lab/assets%2f..%2f..%2foutside.txt', 400, 'Encoded slashes'],
    ['app://other-host/index.html', 404, 'There is no other-host in app://'],
  ])('refuses %s with %i', async (url, status, message) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await get(APP_PAGE_URL, 'POST');
    expect(res.status).toBe(405);
    expect(await res.text()).toBe("POST is not served: the page's files are read with GET.");
  });
});

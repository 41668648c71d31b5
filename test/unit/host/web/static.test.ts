import { describe, expect, it } from 'vitest';
import { startWebHost } from '../../../../host/web';
import { fakeBackend } from './fake-handlers';
import { send, startTestHost } from './helpers';
import { BridgeEventBus } from '../../../../host/bridge/event-bus';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

describe('web host: static files', () => {
  it('serves index.html at / with the strict CSP, no-store, nosniff and no referrer', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { path: '/', headers: host.authed() });
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>OAuth Lab</title>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(CSP);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]) {
      expect(r.headers['content-security-policy']).toContain(directive);
    }
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(r.body)));
  });

  it('serves assets with their content types and nosniff', async () => {
    const host = await startTestHost();
    const cases: [string, string, string][] = [
      ['/assets/app.js', 'text/javascript; charset=utf-8', 'console.log("app");'],
      ['/assets/style.css', 'text/css; charset=utf-8', 'body{}'],
      ['/assets/logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['/assets/font.woff2', 'font/woff2', 'wOF2'],
      ['/assets/data.bin', 'application/octet-stream', '\u0001\u0002\u0003'],
      ['/assets/sp%20ace.txt', 'text/plain; charset=utf-8', 'space'],
      [
        '/index.html',
        'text/html; charset=utf-8',
        '<!doctype html><title>OAuth Lab</title><script type="module" src="./assets/app.js"></script>',
      ],
    ];
    for (const [path, type, body] of cases) {
      const r = await send(host.port, { path, headers: host.authed() });
      expect([path, r.status, r.headers['content-type'], r.body]).toEqual([path, 200, type, body]);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { method: 'HEAD', path: '/assets/app.js', headers: host.authed() });
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe('19');
    expect(r.body).toBe('');
  });

  it('lists no directory and serves no dotfile or missing file (404)', async () => {
    const host = await startTestHost();
    for (const path of ['/assets', '/assets/', '/assets/sub', '/missing.js', '/.env', '/assets/nope.css', '/outdir']) {
      const r = await send(host.port, { path, headers: host.authed() });
      expect([path, r.status]).toEqual([path, path === '/assets/' ? 400 : 404]);
      expect(r.body).not.toContain('app.js');
    }
  });

  it('follows a symlink that stays inside the directory and refuses one that leaves it', async () => {
    const host = await startTestHost();
    expect((await send(host.port, { path: '/alias.js', headers: host.authed() })).status).toBe(200);
    for (const path of ['/leak.txt', '/outdir/secret.txt']) {
      const r = await send(host.port, { path, headers: host.authed() });
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body).not.toContain('TOP SECRET');
    }
  });

  it('refuses path traversal in every spelling (400 or 404), never reaching the file outside', async () => {
    const host = await startTestHost();
    const attempts = [
      '/../outside/secret.txt',
      '/assets/../../outside/secret.txt',
      '/%2e%2e/outside/secret.txt',
      '/%2E%2E/%2e%2e/outside/secret.txt',
      '/assets/%2e%2e/%2e%2e/outside/secret.txt',
      '/.%2e/outside/secret.txt',
      '/..%2foutside%2fsecret.txt',
      '/assets%2f..%2f..%2foutside%2fsecret.txt',
      '/..%5coutside%5csecret.txt',
      '/..\\outside\\secret.txt',
      '//etc/passwd',
      '/%2fetc%2fpasswd',
      '/assets/./app.js',
      '/%00',
      '/%ff',
      '/C:%5cWindows',
      '/assets/app.js%00.html',
    ];
    for (const path of attempts) {
      const r = await send(host.port, { path, headers: host.authed() });
      expect([path, [400, 404].includes(r.status)]).toEqual([path, true]);
      expect(r.body).not.toContain('TOP SECRET');
      expect(r.body).not.toContain('root:');
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('takes only GET and HEAD for the page (405)', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { method: 'POST', path: '/index.html', headers: host.authed() });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  it('refuses to start without the renderer build, saying what to do', async () => {
    await expect(
      startWebHost({
        handlers: fakeBackend().handlers,
        events: new BridgeEventBus(),
        staticDir: '/nonexistent/oauth-lab-build',
      })
    ).rejects.toThrow(/npm run build/);
  });
});

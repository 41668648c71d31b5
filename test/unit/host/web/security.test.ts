import { describe, expect, it } from 'vitest';
import { BridgeEventBus } from '../../../../host/bridge/event-bus';
import { startWebHost } from '../../../../host/web';
import { fakeBackend } from './fake-handlers';
import { send, startTestHost, type Reply, type Send, type TestHost } from './helpers';

/** A 403 from the host: JSON `forbidden`, no CORS header, no cookie. */
function expectForbidden(r: Reply, what: string): void {
  expect([what, r.status]).toEqual([what, 403]);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = r.json() as { ok: boolean; error: { code: string; message: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe('forbidden');
  expect(body.error.message.length).toBeGreaterThan(20);
  for (const name of Object.keys(r.headers)) expect(name.startsWith('access-control-'), `${what}: ${name}`).toBe(false);
  expect(r.headers['set-cookie']).toBeUndefined();
}

describe('web host: the token', () => {
  it('is 32 random bytes base64url, new for every launch, and part of the printed URL, under a per-launch name', async () => {
    const a = await startTestHost();
    const b = await startTestHost();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hostName).toMatch(/^oauth-lab-[0-9a-f]{32}\.localhost$/);
    expect(a.hostName).not.toBe(b.hostName);
    expect(a.url).toBe(`http://${a.hostName}:${a.port}/?token=${a.token}`);
    expect(a.origin).toBe(`http://${a.hostName}:${a.port}`);
  });

  it('trades the token in the URL for an HttpOnly SameSite=Strict cookie and redirects (303) to /', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { path: `/?token=${host.token}` });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    expect(r.headers['set-cookie']).toEqual([`oauth_lab_token=${host.token}; HttpOnly; SameSite=Strict; Path=/`]);
    expect(r.headers['cache-control']).toBe('no-store');
    const cookie = r.headers['set-cookie']![0]!.split(';')[0]!;
    const page = await send(host.port, { path: '/', headers: { Cookie: `theme=dark; ${cookie}` } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('OAuth Lab');
  });

  it('refuses a wrong token in the URL, and says how to get in', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { path: '/?token=wrong' });
    expectForbidden(r, 'wrong URL token');
    expect((r.json() as { error: { message: string } }).error.message).toContain('oauth-lab web');
    expect(r.body).not.toContain(host.token);
  });

  it('accepts the token in the X-OAuth-Lab-Token header, for programs', async () => {
    const host = await startTestHost();
    const r = await send(host.port, {
      method: 'POST',
      path: '/api/call/appInfo',
      headers: { 'X-OAuth-Lab-Token': host.token, Origin: host.origin, 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(200);
    expect((r.json() as { ok: boolean }).ok).toBe(true);
  });

  it('accepts a program that sends the header and no Origin (curl, a script), as docs/browser-mode.md says', async () => {
    const host = await startTestHost();
    const r = await send(host.port, {
      method: 'POST',
      path: '/api/call/mockStart',
      headers: { 'X-OAuth-Lab-Token': host.token, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(200);
    expect((r.json() as { ok: boolean }).ok).toBe(true);
    expect(host.backend.state.running).toBe(true);
  });

  it('takes a fixed token only if it is long and cookie-safe', async () => {
    const base = { handlers: fakeBackend().handlers, events: new BridgeEventBus(), staticDir: '.' };
    await expect(startWebHost({ ...base, token: 'short' })).rejects.toThrow(/16 to 512 characters/);
    await expect(startWebHost({ ...base, token: 'a; Path=/; Domain=evil.example' })).rejects.toThrow(
      /16 to 512 characters/
    );
  });
});

describe('web host: the security matrix (each refused with 403, reaching no handler, changing nothing)', () => {
  const json = { 'Content-Type': 'application/json' };
  /** Every refused request, as a POST that would start the mock if it got through. */
  const cases: [string, (h: TestHost) => Send][] = [
    ['no token', (h) => ({ headers: { Origin: h.origin, ...json } })],
    [
      'wrong token (cookie)',
      (h) => ({ headers: { Cookie: `oauth_lab_token=${h.token.slice(0, -1)}x`, Origin: h.origin, ...json } }),
    ],
    [
      'wrong token (header)',
      (h) => ({ headers: { 'X-OAuth-Lab-Token': 'not-the-token-at-all-0123456789', Origin: h.origin, ...json } }),
    ],
    ['empty token cookie', (h) => ({ headers: { Cookie: `oauth_lab_token=`, Origin: h.origin, ...json } })],
    [
      'token in the query of a call',
      (h) => ({ path: `/api/call/mockStart?token=${h.token}`, headers: { Origin: h.origin, ...json } }),
    ],
    ['foreign Origin', (h) => ({ headers: h.authed({ Origin: 'http://evil.example', ...json }) })],
    [
      'foreign Origin on the same host, another port',
      (h) => ({ headers: h.authed({ Origin: `http://${h.hostName}:${h.port + 1}`, ...json }) }),
    ],
    ['Origin null (sandboxed frame, file://)', (h) => ({ headers: h.authed({ Origin: 'null', ...json }) })],
    [
      'Origin 127.0.0.1 while the Host is the launch name (cross-origin)',
      (h) => ({ headers: h.authed({ Origin: `http://127.0.0.1:${h.port}`, ...json }) }),
    ],
    [
      'Host 127.0.0.1 with its own Origin (cookies there reach every port)',
      (h) => ({ host: `127.0.0.1:${h.port}`, headers: h.authed({ Origin: `http://127.0.0.1:${h.port}`, ...json }) }),
    ],
    [
      'Host localhost with its own Origin',
      (h) => ({ host: `localhost:${h.port}`, headers: h.authed({ Origin: `http://localhost:${h.port}`, ...json }) }),
    ],
    [
      "another launch's name",
      (h) => ({
        host: `oauth-lab-${'0'.repeat(32)}.localhost:${h.port}`,
        headers: h.authed({ Origin: `http://oauth-lab-${'0'.repeat(32)}.localhost:${h.port}`, ...json }),
      }),
    ],
    ['foreign Host (DNS rebinding)', (h) => ({ host: `evil.example:${h.port}`, headers: h.authed(json) })],
    [
      'foreign Host with a matching foreign Origin',
      (h) => ({
        host: `evil.example:${h.port}`,
        headers: h.authed({ Origin: `http://evil.example:${h.port}`, ...json }),
      }),
    ],
    ['Host on another port', (h) => ({ host: `${h.hostName}:${h.port + 1}`, headers: h.authed(json) })],
    ['Host without a port', (h) => ({ host: h.hostName, headers: h.authed(json) })],
    ['no Host header', (h) => ({ host: null, headers: h.authed(json) })],
    ['Host [::1]', (h) => ({ host: `[::1]:${h.port}`, headers: h.authed(json) })],
    ['POST without Origin or Sec-Fetch-Site', (h) => ({ headers: { Cookie: `oauth_lab_token=${h.token}`, ...json } })],
    [
      'token header and a foreign Origin (a page)',
      (h) => ({ headers: { 'X-OAuth-Lab-Token': h.token, Origin: 'http://evil.example', ...json } }),
    ],
    [
      'token header from a cross-site context',
      (h) => ({ headers: { 'X-OAuth-Lab-Token': h.token, 'Sec-Fetch-Site': 'cross-site', ...json } }),
    ],
    [
      'wrong token header and no Origin',
      () => ({ headers: { 'X-OAuth-Lab-Token': 'not-the-token-at-all-0123456789', ...json } }),
    ],
    ['empty token header and no Origin', () => ({ headers: { 'X-OAuth-Lab-Token': '', ...json } })],
    [
      'POST from a cross-site context',
      (h) => ({ headers: { Cookie: `oauth_lab_token=${h.token}`, 'Sec-Fetch-Site': 'cross-site', ...json } }),
    ],
    [
      'POST from a same-site context (another port)',
      (h) => ({ headers: { Cookie: `oauth_lab_token=${h.token}`, 'Sec-Fetch-Site': 'same-site', ...json } }),
    ],
    ['same Origin but Sec-Fetch-Site none', (h) => ({ headers: h.authed({ 'Sec-Fetch-Site': 'none', ...json }) })],
    [
      'CORS preflight from another origin',
      () => ({
        method: 'OPTIONS',
        headers: {
          Origin: 'http://evil.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      }),
    ],
    [
      'OPTIONS even from our own origin, with the token',
      (h) => ({ method: 'OPTIONS', headers: h.authed({ 'Access-Control-Request-Method': 'POST' }) }),
    ],
  ];

  for (const [what, build] of cases) {
    it(what, async () => {
      const host = await startTestHost();
      const req = build(host);
      const r = await send(host.port, { method: 'POST', path: '/api/call/mockStart', body: '{}', ...req });
      expectForbidden(r, what);
      expect(host.backend.calls).toEqual([]);
      expect(host.backend.state).toEqual({ running: false, clockOffset: 0, exported: 0 });
    });
  }

  it('the same checks guard the page and the event stream', async () => {
    const host = await startTestHost();
    const refused: [string, Send][] = [
      ['page without token', { path: '/' }],
      ['asset without token', { path: '/assets/app.js' }],
      ['missing file without token (no probing)', { path: '/nope.js' }],
      ['traversal without token', { path: '/../outside/secret.txt' }],
      ['page with a foreign Host', { path: '/', host: `evil.example:${host.port}`, headers: host.authed() }],
      ['page with a foreign Origin', { path: '/', headers: host.authed({ Origin: 'http://evil.example' }) }],
      ['token URL with a foreign Host', { path: `/?token=${host.token}`, host: `evil.example:${host.port}` }],
      ['events without token', { path: '/api/events' }],
      [
        'events with a foreign Origin',
        { path: '/api/events', headers: host.authed({ Origin: 'http://evil.example' }) },
      ],
      [
        'events from a cross-site context',
        {
          path: '/api/events',
          headers: { Cookie: `oauth_lab_token=${host.token}`, 'Sec-Fetch-Site': 'cross-site' },
        },
      ],
      ['unknown API path without token', { path: '/api/whatever' }],
    ];
    for (const [what, req] of refused) expectForbidden(await send(host.port, req), what);
    expect(host.backend.calls).toEqual([]);
  });

  it('lets the same request through once it carries the token and our own Origin or Sec-Fetch-Site', async () => {
    const host = await startTestHost();
    const viaOrigin = await send(host.port, {
      method: 'POST',
      path: '/api/call/mockStatus',
      headers: host.authed(json),
      body: '{}',
    });
    expect(viaOrigin.status).toBe(200);
    const viaFetchSite = await send(host.port, {
      method: 'POST',
      path: '/api/call/mockStatus',
      headers: { Cookie: `oauth_lab_token=${host.token}`, 'Sec-Fetch-Site': 'same-origin', ...json },
      body: '{}',
    });
    expect(viaFetchSite.status).toBe(200);
    const upperCaseHost = `${host.hostName.toUpperCase()}:${host.port}`;
    const viaUpperCaseHost = await send(host.port, {
      method: 'POST',
      path: '/api/call/mockStart',
      host: upperCaseHost,
      headers: { Cookie: `oauth_lab_token=${host.token}`, Origin: `http://${upperCaseHost.toLowerCase()}`, ...json },
      body: '{}',
    });
    expect(viaUpperCaseHost.status).toBe(200);
    expect(host.backend.state.running).toBe(true);
    for (const r of [viaOrigin, viaFetchSite, viaUpperCaseHost])
      expect(Object.keys(r.headers).filter((n) => n.startsWith('access-control-'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../../host/catcher';
import type { CaughtOAuth2Callback } from '../../../../host/catcher';
import { catcher, hit, rawHit } from './helpers';

describe('catcher HTTP surface (provider-cases.md G and (b))', () => {
  it('C-03: stray paths and the favicon get 404 and do not consume the wait', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    for (const p of ['/', '/favicon.ico', '/callback/', '/callback-evil?code=x&state=s', '/CALLBACK?code=x&state=s']) {
      const r = await hit(c.port, p);
      expect(r.status, p).toBe(404);
      expect(r.headers['content-security-policy'], p).toMatch(/^default-src 'none'/);
    }
    expect(c.pending).toBe(1);
    expect(c.events.map((e) => e.type === 'rejected' && e.reason)).toEqual(Array(5).fill('not_found'));
    expect(c.events[3]).toMatchObject({ path: '/callback-evil' });
    expect(JSON.stringify(c.events)).not.toContain('code=x');
    await hit(c.port, '/callback?code=ok&state=s');
    expect(((await waiting) as CaughtOAuth2Callback).code).toBe('ok');
  });

  it('C-04: only GET is accepted on the callback path (405 with Allow: GET); the wait is not consumed', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) {
      const r = await hit(c.port, '/callback?code=x&state=s', { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET');
    }
    expect(c.pending).toBe(1);
    await hit(c.port, '/callback?code=x&state=s');
    expect((await waiting).mayContinue).toBe(true);
  });

  it('a request on the path without any authorization-response parameter does not consume the wait', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const r = await hit(c.port, '/callback?utm_source=x');
    expect(r.status).toBe(400);
    expect(r.body).toContain('Not an authorization response');
    expect(c.pending).toBe(1);
    expect(c.events).toMatchObject([{ type: 'callback', outcome: 'not_authorization_response' }]);
    await hit(c.port, '/callback?code=x&state=s');
    await waiting;
  });

  it('C-10: a second hit after completion gets "already handled" and is never delivered again', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const other = c.wait({ kind: 'oauth2', state: 'other' }, { timeoutMs: 5000 });
    await hit(c.port, '/callback?code=x&state=s');
    await waiting;
    const again = await hit(c.port, '/callback?code=x&state=s');
    expect(again.status).toBe(409);
    expect(again.body).toContain('Already handled');
    expect(again.body).toContain('never used twice');
    expect(c.pending).toBe(1); // the other flow is untouched even though it is now the only one waiting
    expect(c.events.at(-1)).toMatchObject({ outcome: 'already_handled' });
    await hit(c.port, '/callback?code=y&state=other');
    expect(((await other) as CaughtOAuth2Callback).code).toBe('y');
  });

  it('C-11: a Host other than the loopback address and port is refused with 421 (DNS rebinding)', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    for (const host of ['evil.example', `evil.example:${c.port}`, '127.0.0.1', `127.0.0.1:${c.port + 1}`]) {
      const r = await hit(c.port, '/callback?code=x&state=s', { host });
      expect(r.status, host).toBe(421);
    }
    expect(await rawHit(c.port, 'GET /callback?code=x&state=s HTTP/1.0\r\n\r\n')).toBe(
      'HTTP/1.1 421 Misdirected Request'
    );
    expect(c.pending).toBe(1);
    expect(c.events.filter((e) => e.type === 'rejected' && e.reason === 'bad_host')).toHaveLength(5);
    for (const host of [`localhost:${c.port}`, `LOCALHOST:${c.port}`])
      expect((await hit(c.port, '/nothing', { host })).status).toBe(404);
    const r = await hit(c.port, '/callback?code=x&state=s', { host: `[::1]:${c.port}` });
    expect(r.status).toBe(200);
    expect((await waiting).url).toBe(`http://[::1]:${c.port}/callback?code=x&state=s`);
  });

  it('C-12: everything received is escaped; the CSP forbids scripts and external resources', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const xss = '<script>alert(1)</script>"\'&<img src=x onerror=alert(2)>';
    const r = await hit(
      c.port,
      `/callback?state=s&error=${encodeURIComponent(xss)}&error_description=${encodeURIComponent(xss)}&error_uri=${encodeURIComponent('javascript:' + xss)}`
    );
    await waiting;
    expect(r.body).not.toContain('<script');
    expect(r.body).not.toContain('<img');
    expect(r.body).toContain(escapeHtml(xss));
    expect(r.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/
    );
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('escapeHtml escapes the five characters of markup', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;'
    );
  });

  it('C-13 and C-14: no external resources, no Referer, nothing cached, on every page', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const pages = [
      await hit(c.port, '/favicon.ico'),
      await hit(c.port, '/callback?code=x&state=s'),
      await hit(c.port, '/callback?code=x&state=s'),
    ];
    await waiting;
    for (const r of pages) {
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).not.toMatch(/\b(src|href)=/i);
      expect(r.body).not.toMatch(/https?:\/\//);
      expect(r.body).toMatch(/^<!doctype html>/);
    }
  });

  it('C-17: several flows of both kinds wait at once; each callback goes to its own flow by state / oauth_token', async () => {
    const c = await catcher();
    const flows = [
      c.wait({ kind: 'oauth2', state: 'state-A' }),
      c.wait({ kind: 'oauth1', requestToken: 'token-B' }),
      c.wait({ kind: 'oauth2', state: 'state-C' }),
      c.wait({ kind: 'oauth1', requestToken: 'token-D' }),
    ];
    expect(c.pending).toBe(4);
    // Out of order, concurrently.
    await Promise.all([
      hit(c.port, '/callback?oauth_token=token-D&oauth_verifier=vD'),
      hit(c.port, '/callback?code=cC&state=state-C'),
      hit(c.port, '/callback?code=cA&state=state-A'),
      hit(c.port, '/callback?oauth_token=token-B&oauth_verifier=vB'),
    ]);
    const [a, b, cc, d] = await Promise.all(flows);
    expect(a).toMatchObject({ kind: 'oauth2', code: 'cA', mayContinue: true });
    expect(b).toMatchObject({ kind: 'oauth1', oauthVerifier: 'vB', mayContinue: true });
    expect(cc).toMatchObject({ kind: 'oauth2', code: 'cC', mayContinue: true });
    expect(d).toMatchObject({ kind: 'oauth1', oauthVerifier: 'vD', mayContinue: true });
    expect(c.pending).toBe(0);
  });

  it('an oversized request line is refused by the server limits without consuming the wait', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const r = await hit(c.port, `/callback?code=${'a'.repeat(20_000)}&state=s`);
    expect(r.status).toBe(431);
    expect(c.pending).toBe(1);
    await hit(c.port, '/callback?code=x&state=s');
    await waiting;
  });
});

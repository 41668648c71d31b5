import { describe, expect, it } from 'vitest';
import type { CaughtCallback, CaughtOAuth2Callback } from '../../../../host/catcher';
import { catcher, hit } from './helpers';

const byName = (r: CaughtCallback) => Object.fromEntries(r.checks.map((c) => [c.name, c.ok]));
const oauth2 = (r: CaughtCallback): CaughtOAuth2Callback => {
  if (r.kind !== 'oauth2') throw new Error('expected an OAuth 2 result');
  return r;
};

describe('catcher, OAuth 2 callbacks (provider-cases.md G)', () => {
  it('a matching state with a code: every check passes, the raw callback is reported', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 'St-1' });
    const reply = await hit(c.port, '/callback?code=Spl%2Bx+y&state=St-1&extra=1');
    const r = oauth2(await waiting);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Authorization received');
    expect(r).toMatchObject({
      kind: 'oauth2',
      mayContinue: true,
      matchedBy: 'state',
      code: 'Spl+x y',
      state: 'St-1',
      iss: null,
      providerError: null,
    });
    expect(r.url).toBe(`http://127.0.0.1:${c.port}/callback?code=Spl%2Bx+y&state=St-1&extra=1`);
    expect(r.query).toBe('code=Spl%2Bx+y&state=St-1&extra=1');
    expect(r.params).toEqual([
      ['code', 'Spl+x y'],
      ['state', 'St-1'],
      ['extra', '1'],
    ]);
    expect(byName(r)).toEqual({
      'query well formed': true,
      'no repeated parameters': true,
      'state matches': true,
      'no error': true,
      code: true,
    });
    expect(c.events).toMatchObject([{ type: 'callback', outcome: 'matched', status: 200 }]);
  });

  it('C-14: the page never echoes the code', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const reply = await hit(c.port, '/callback?code=SECRET-CODE-123&state=s');
    await waiting;
    expect(reply.body).not.toContain('SECRET-CODE-123');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('C-05: a callback without state (any page can load the URL, e.g. an <img>) is a rejected attempt; the flow keeps waiting for its own', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 'expected' });
    const stray = await hit(c.port, '/callback?code=abc');
    expect(stray.status).toBe(400);
    expect(stray.body).toContain('No flow is waiting for this callback');
    expect(stray.body).toContain('keeps waiting');
    expect(c.pending).toBe(1);
    expect(c.events).toEqual([
      {
        type: 'callback',
        at: expect.any(Number),
        outcome: 'unmatched',
        status: 400,
        url: `http://127.0.0.1:${c.port}/callback?code=abc`,
        params: [['code', 'abc']],
      },
    ]);
    const genuine = await hit(c.port, '/callback?code=real&state=expected');
    expect(genuine.status).toBe(200);
    expect(oauth2(await waiting)).toMatchObject({ mayContinue: true, matchedBy: 'state', code: 'real' });
  });

  it('C-05: a forged state is a rejected attempt too, and neither the page nor the event reveals the expected state', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 'the-real-state' });
    const reply = await hit(c.port, '/callback?code=abc&state=forged');
    expect(reply.status).toBe(400);
    expect(reply.body).not.toContain('the-real-state');
    expect(c.pending).toBe(1);
    expect(c.events).toMatchObject([
      {
        type: 'callback',
        outcome: 'unmatched',
        params: [
          ['code', 'abc'],
          ['state', 'forged'],
        ],
      },
    ]);
    expect(JSON.stringify(c.events)).not.toContain('the-real-state');
    await hit(c.port, '/callback?code=real&state=the-real-state');
    expect(oauth2(await waiting).code).toBe('real');
  });

  it('C-05: a callback that repeats the pending state is tied to that flow and fails its checks', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    await hit(c.port, '/callback?code=abc&state=forged&state=s');
    const r = oauth2(await waiting);
    expect(r).toMatchObject({ mayContinue: false, matchedBy: 'state' });
    expect(byName(r)).toMatchObject({ 'no repeated parameters': false, 'state matches': false });
    expect(r.checks.find((k) => k.name === 'state matches')?.message).toContain('"forged", "s"');
  });

  it('C-05 with several flows waiting: an unmatched state consumes none of them', async () => {
    const c = await catcher();
    const a = c.wait({ kind: 'oauth2', state: 'A' });
    const b = c.wait({ kind: 'oauth2', state: 'B' });
    const reply = await hit(c.port, '/callback?code=abc&state=C');
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('No flow is waiting for this callback');
    expect(c.pending).toBe(2);
    expect(c.events).toMatchObject([{ type: 'callback', outcome: 'unmatched', status: 400 }]);
    await hit(c.port, '/callback?code=1&state=A');
    await hit(c.port, '/callback?code=2&state=B');
    expect([oauth2(await a).code, oauth2(await b).code]).toEqual(['1', '2']);
  });

  it("C-06: a state that comes back although the flow sent none is a rejected attempt, not that flow's callback", async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: null });
    const reply = await hit(c.port, '/callback?code=abc&state=injected');
    expect(reply.status).toBe(400);
    expect(c.pending).toBe(1);
    expect(c.events).toMatchObject([{ type: 'callback', outcome: 'unmatched' }]);
    await hit(c.port, '/callback?code=abc');
    expect(await waiting).toMatchObject({ mayContinue: true, matchedBy: 'no_state' });
  });

  it('C-06: a flow without state accepts a callback without state', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: null });
    await hit(c.port, '/callback?code=abc');
    const r = await waiting;
    expect(r).toMatchObject({ mayContinue: true, matchedBy: 'no_state' });
  });

  it('C-07: a repeated code, state or error is rejected', async () => {
    for (const q of [
      'code=a&code=b&state=s',
      'code=a&state=s&state=s',
      'code=a&state=s&error=x&error=y',
      'code=a&state=s&iss=i&iss=i',
    ]) {
      const c = await catcher();
      const waiting = c.wait({ kind: 'oauth2', state: 's' });
      await hit(c.port, `/callback?${q}`);
      const r = await waiting;
      expect(r.mayContinue, q).toBe(false);
      expect(r.checks.find((k) => k.name === 'no repeated parameters')?.ok, q).toBe(false);
      await c.close();
    }
  });

  it('C-08: iss must equal the expected issuer, and be present when the server advertises it', async () => {
    const c = await catcher();
    const wrong = c.wait({ kind: 'oauth2', state: 's1', issuer: 'https://as.example' });
    await hit(c.port, '/callback?code=a&state=s1&iss=https%3A%2F%2Fevil.example');
    expect((await wrong).checks.find((k) => k.name === 'iss matches')).toMatchObject({
      ok: false,
      message: expect.stringContaining('mix-up'),
    });

    const missing = c.wait({ kind: 'oauth2', state: 's2', issuer: 'https://as.example', issuerRequired: true });
    await hit(c.port, '/callback?code=a&state=s2');
    expect((await missing).checks.find((k) => k.name === 'iss matches')).toMatchObject({
      ok: false,
      message:
        'The server advertises authorization_response_iss_parameter_supported, but the callback has no iss: the response may come from another server, a mix-up attack (RFC 9207 §2.4; RFC 9700 §4.4.2).',
    });

    const optional = c.wait({ kind: 'oauth2', state: 's3', issuer: 'https://as.example' });
    await hit(c.port, '/callback?code=a&state=s3');
    expect((await optional).mayContinue).toBe(true);

    const right = c.wait({ kind: 'oauth2', state: 's4', issuer: 'https://as.example', issuerRequired: true });
    await hit(c.port, '/callback?code=a&state=s4&iss=https%3A%2F%2Fas.example');
    const r = oauth2(await right);
    expect(r).toMatchObject({ mayContinue: true, iss: 'https://as.example' });
  });

  it('C-09: error with a valid state is recognised and shown as text; no code is offered', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    const reply = await hit(
      c.port,
      '/callback?error=access_denied&error_description=The+user+said+no&error_uri=https%3A%2F%2Fas.example%2Fhelp&state=s'
    );
    const r = await waiting;
    expect(r.mayContinue).toBe(false);
    expect(r.providerError).toEqual({
      source: 'error',
      error: 'access_denied',
      description: 'The user said no',
      uri: 'https://as.example/help',
    });
    expect(byName(r)).toEqual({
      'query well formed': true,
      'no repeated parameters': true,
      'state matches': true,
      'no error': false,
      code: false,
    });
    expect(r.checks.find((k) => k.name === 'code')?.kind).toBe('consequence');
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('The provider refused the authorization');
    expect(reply.body).toContain('<code>access_denied</code>');
    expect(reply.body).toContain('<code>The user said no</code>');
    expect(reply.body).toContain('<code>https://as.example/help</code>');
    expect(reply.body).not.toContain('<a ');
  });

  it('neither code nor error: code_present fails', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    await hit(c.port, '/callback?state=s');
    const r = await waiting;
    expect(r.checks.find((k) => k.name === 'code')).toMatchObject({
      ok: false,
      message: 'The callback has neither a code nor an error (RFC 6749 §4.1.2).',
    });
  });

  it('a broken percent-escape is a failed check, and the part is kept as written', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 's' });
    await hit(c.port, '/callback?code=ab%ZZ&state=s');
    const r = oauth2(await waiting);
    expect(r.code).toBe('ab%ZZ');
    expect(r.checks.find((k) => k.name === 'query well formed')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"code=ab%ZZ"'),
    });
    expect(r.mayContinue).toBe(false);
  });
});

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CatcherError, startCatcher } from '../../../../host/catcher';
import { catcher, connectError, hit } from './helpers';

describe('catcher binding and lifetime (provider-cases.md G, RFC 8252 §8.3)', () => {
  it('C-01: listens on 127.0.0.1 only, on an ephemeral port, and says so in the redirect URI', async () => {
    const c = await catcher();
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBeGreaterThan(0);
    expect(c.redirectUri).toBe(`http://127.0.0.1:${c.port}/callback`);
    expect((await hit(c.port, '/')).status).toBe(404);
    // Another loopback address reaches a wildcard listener but not one bound to the literal 127.0.0.1.
    expect(await connectError(c.port, '127.0.0.2')).toBe('ECONNREFUSED');
  });

  it('listens on a fixed port and a chosen path', async () => {
    const probe = await catcher();
    const port = probe.port;
    await probe.close();
    const c = await catcher({ port, path: '/oauth/cb' });
    expect(c.redirectUri).toBe(`http://127.0.0.1:${port}/oauth/cb`);
    const waiting = c.wait({ kind: 'oauth2', state: 's1' });
    expect((await hit(port, '/oauth/cb?code=c&state=s1')).status).toBe(200);
    expect((await waiting).mayContinue).toBe(true);
  });

  it('a port already in use gives an error naming the port and what to do', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const err = await startCatcher({ port }).then(
        () => null,
        (e: unknown) => e
      );
      expect(err).toBeInstanceOf(CatcherError);
      expect((err as CatcherError).code).toBe('port_in_use');
      expect((err as CatcherError).message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect((err as CatcherError).message).toMatch(
        /Choose another callback port .* or stop the program that uses port/
      );
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });

  it('rejects bad options with a clear message', async () => {
    await expect(startCatcher({ port: 70000 })).rejects.toThrow(/whole number from 1 to 65535, or 0/);
    await expect(startCatcher({ port: 1.5 })).rejects.toThrow(/whole number/);
    await expect(startCatcher({ path: 'callback' })).rejects.toThrow(/must start with "\/"/);
    await expect(startCatcher({ path: '/cb?x=1' })).rejects.toThrow(/no query, fragment or spaces/);
    await expect(startCatcher({ timeoutMs: -1 })).rejects.toThrow(/timeoutMs must be a positive number/);
    const c = await catcher();
    await expect(c.wait({ kind: 'oauth1', requestToken: '' })).rejects.toThrow(/request token to wait for is empty/);
    await expect(c.wait({ kind: 'oauth2', state: '' })).rejects.toThrow(/state to wait for is empty/);
    await expect(c.wait({ kind: 'oauth2', state: 's' }, { timeoutMs: 0 })).rejects.toThrow(
      /timeoutMs must be a positive/
    );
  });

  it('refuses a second wait with the same state', async () => {
    const c = await catcher();
    const first = c.wait({ kind: 'oauth2', state: 'same' }, { timeoutMs: 5000 });
    await expect(c.wait({ kind: 'oauth2', state: 'same' })).rejects.toMatchObject({ code: 'duplicate_wait' });
    expect(c.pending).toBe(1);
    await c.close();
    await expect(first).rejects.toMatchObject({ code: 'catcher_closed' });
  });

  it('C-02: close() releases the port; later requests are refused at the socket', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth2', state: 'x' });
    await c.close();
    await expect(waiting).rejects.toThrow(/was closed before the callback arrived/);
    expect(c.closed).toBe(true);
    expect(await connectError(c.port)).toBe('ECONNREFUSED');
    await expect(c.wait({ kind: 'oauth2', state: 'y' })).rejects.toMatchObject({ code: 'catcher_closed' });
    await c.close(); // idempotent
  });

  it('C-02: with idleCloseMs the port closes by itself once no flow waits; a reload before that is "already handled"', async () => {
    const c = await catcher({ idleCloseMs: 150 });
    const waiting = c.wait({ kind: 'oauth2', state: 'st' });
    expect((await hit(c.port, '/callback?code=abc&state=st')).status).toBe(200);
    await waiting;
    expect((await hit(c.port, '/callback?code=abc&state=st')).status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(c.closed).toBe(true);
    expect(await connectError(c.port)).toBe('ECONNREFUSED');
  });

  it('a new wait cancels the idle close', async () => {
    const c = await catcher({ idleCloseMs: 100 });
    const a = c.wait({ kind: 'oauth2', state: 'a' });
    await hit(c.port, '/callback?code=1&state=a');
    await a;
    const b = c.wait({ kind: 'oauth2', state: 'b' });
    await new Promise((r) => setTimeout(r, 200));
    expect(c.closed).toBe(false);
    await hit(c.port, '/callback?code=2&state=b');
    expect(await b).toMatchObject({ kind: 'oauth2', code: '2' });
  });

  it('C-15: a wait times out with a clear message; a late callback is told the flow is no longer waiting', async () => {
    const c = await catcher({ timeoutMs: 60 });
    const err = await c.wait({ kind: 'oauth2', state: 'late' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatcherError);
    expect((err as CatcherError).code).toBe('callback_timeout');
    expect((err as CatcherError).message).toContain(`No callback arrived at ${c.redirectUri}`);
    expect((err as CatcherError).message).toContain('Start the flow again');
    expect(c.pending).toBe(0);
    const late = await hit(c.port, '/callback?code=abc&state=late');
    expect(late.status).toBe(410);
    expect(late.body).toContain('timed out or was cancelled');
    expect(c.events.at(-1)).toMatchObject({ type: 'callback', outcome: 'expired' });
  });

  it('C-15: the per-wait timeout overrides the default one', async () => {
    const c = await catcher({ timeoutMs: 60_000 });
    const started = Date.now();
    await expect(c.wait({ kind: 'oauth1', requestToken: 't' }, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'callback_timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a wait is cancelled through its AbortSignal, before or while waiting', async () => {
    const c = await catcher();
    const ac = new AbortController();
    const waiting = c.wait({ kind: 'oauth2', state: 'cancel-me' }, { signal: ac.signal });
    expect(c.pending).toBe(1);
    ac.abort();
    await expect(waiting).rejects.toMatchObject({
      code: 'wait_aborted',
      message: 'The wait for the callback was cancelled.',
    });
    expect(c.pending).toBe(0);
    expect((await hit(c.port, '/callback?code=1&state=cancel-me')).status).toBe(410);
    await expect(c.wait({ kind: 'oauth2', state: 'z' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'wait_aborted',
    });
  });
});

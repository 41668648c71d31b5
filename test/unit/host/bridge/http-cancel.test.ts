import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contractHarness } from './contract-harness';

/** httpCancel over both transports: a send in flight is aborted by its sendId, and a sendId in flight is not reused. */
for (const kind of ['IPC', 'web host'] as const) {
  describe(`httpCancel over ${kind}`, () => {
    const { call, value } = contractHarness(kind);

    it('aborts a send in flight by its sendId: the call returns aborted and the server sees the connection close', async () => {
      // A server that reads the request and never answers; it notes when the client closes the connection.
      let closed!: () => void;
      const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
      let arrived!: () => void;
      const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
      const silent = createServer((socket) => {
        socket.once('data', () => arrived());
        socket.once('close', () => closed());
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      try {
        // The send's own limit is far beyond the test's: only the cancel can end it in time.
        const sending = call('httpSend', {
          request: { method: 'GET', url: `http://127.0.0.1:${port}/hangs`, headers: [] },
          options: { timeoutMs: 600_000 },
          sendId: 'send-hang',
        });
        await requestArrived;
        expect(await value('httpCancel', { sendId: 'send-hang' })).toEqual({ cancelled: true });
        expect(await sending).toMatchObject({ ok: false, error: { code: 'aborted', details: { phase: 'response' } } });
        await connectionClosed;
        // Once settled, the id names nothing in flight any more.
        expect(await value('httpCancel', { sendId: 'send-hang' })).toEqual({ cancelled: false });
      } finally {
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });

    it('refuses a sendId that names a send still in flight', async () => {
      let connected!: () => void;
      const firstConnected = new Promise<void>((resolve) => (connected = resolve));
      // Reading (and ignoring) the request, so the client's close is seen and the server can close.
      const silent = createServer((socket) => (connected(), socket.resume()));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      const request = { method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] };
      try {
        const first = call('httpSend', { request, options: { timeoutMs: 600_000 }, sendId: 'twice' });
        await firstConnected;
        expect(await call('httpSend', { request, sendId: 'twice' })).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', message: expect.stringContaining('"twice"') },
        });
        expect(await value('httpCancel', { sendId: 'twice' })).toEqual({ cancelled: true });

        expect(await first).toMatchObject({ ok: false, error: { code: 'aborted' } });
      } finally {
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });
}

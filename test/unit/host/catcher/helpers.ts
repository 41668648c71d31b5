import { request } from 'node:http';
import { connect } from 'node:net';
import { onTestFinished } from 'vitest';
import { startCatcher } from '../../../../host/catcher';
import type { Catcher, CatcherEvent, CatcherOptions } from '../../../../host/catcher';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A real HTTP request to the catcher on 127.0.0.1 (no agent, so nothing is pooled between tests). */
export function hit(
  port: number,
  pathAndQuery: string,
  opts: { method?: string; host?: string; address?: string } = {}
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: opts.address ?? '127.0.0.1',
        port,
        path: pathAndQuery,
        method: opts.method ?? 'GET',
        agent: false,
        headers: { Host: opts.host ?? `127.0.0.1:${port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        );
      }
    );
    req.on('error', reject);
    req.end();
  });
}

/** Writes raw bytes to the catcher and returns the status line of the answer (for requests Node's client will not send). */
export function rawHit(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/** The error code of a connection attempt that is expected to fail (ECONNREFUSED when nothing listens). */
export function connectError(port: number, address = '127.0.0.1'): Promise<string> {
  return hit(port, '/callback', { address }).then(
    (r) => `answered ${r.status}`,
    (e: NodeJS.ErrnoException) => e.code ?? e.message
  );
}

/** Starts a catcher that is closed after the test, recording its events. */
export async function catcher(options: CatcherOptions = {}): Promise<Catcher & { events: CatcherEvent[] }> {
  const events: CatcherEvent[] = [];
  const c = await startCatcher({ ...options, onEvent: (e) => events.push(e) });
  // Per test, not by a module-level afterEach, which would belong to the first file that imports this (isolate: false).
  onTestFinished(() => c.close());
  return Object.assign(c, { events });
}

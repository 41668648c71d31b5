import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/*
 * Ctrl-C while a request hangs: the CLI (bin/oauth-lab.mjs as a child process) aborts the request, says which one
 * it cancelled and exits 130. The server never answers and the request's own limit (--timeout 600) is far beyond the
 * test's (20 s), so only the cancellation can end the command in time. Over real sockets on 127.0.0.1.
 */

/** A provider whose authorization endpoint redirects at once and whose other endpoints never answer. */
async function hangingProvider() {
  let arrived!: (req: IncomingMessage) => void;
  const hungRequest = new Promise<IncomingMessage>((resolve) => (arrived = resolve));
  let closed!: () => void;
  const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { Location: back.href });
      return res.end();
    }
    req.resume();
    req.socket.once('close', () => closed());
    arrived(req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hungRequest, connectionClosed };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

/** Starts the CLI, follows an authorization URL it prints (as a browser would), and sends SIGINT once `hung` settles. */
function interruptCli(args: string[], hung: Promise<unknown>) {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let opened = false;
  child.stdout.resume();
  child.stderr.on('data', (d) => {
    stderr += d;
    const url = /^(http:\/\/\S+\/authorize\?\S+)$/m.exec(stderr)?.[1];
    if (url && !opened) {
      opened = true;
      void fetch(url, { redirect: 'follow' });
    }
  });
  void hung.then(() => child.kill('SIGINT'));
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr }))
  );
}

describe('Ctrl-C aborts the request in flight', () => {
  it('call: cancels the hanging request, names it, closes the connection and exits 130', async () => {
    const p = await hangingProvider();
    const r = await interruptCli(
      ['call', '--url', `${p.base}/api/hangs`, '--bearer', 'token-1', '--no-history', '--timeout', '600'],
      p.hungRequest
    );
    expect(r.stderr).toContain(`oauth-lab call: Ctrl-C: cancelled GET ${p.base}/api/hangs before its answer came.`);
    expect(r).toMatchObject({ code: 130, signal: null });
    await p.connectionClosed;
  });

  it('flow oauth2: cancels the hanging token request, names the leg, closes the connection and exits 130', async () => {
    const p = await hangingProvider();
    const r = await interruptCli(
      [
        'flow',
        'oauth2',
        '--base-url',
        p.base,
        '--authorize-path',
        '/authorize',
        '--token-path',
        '/token',
        '--client-id',
        'cid',
        '--client-auth',
        'none',
        '--no-open',
        '--no-history',
        '--timeout',
        '600',
      ],
      p.hungRequest
    );
    expect(r.stderr).toContain(
      `oauth-lab flow: Ctrl-C: cancelled the token request (POST ${p.base}/token) before its answer came.`
    );
    expect(r).toMatchObject({ code: 130, signal: null });
    await p.connectionClosed;
  });
});

describe('--timeout', () => {
  it('is the time limit of each request in call and flow', async () => {
    const p = await hangingProvider();
    const never = new Promise<never>(() => {});
    const call = await interruptCli(['call', '--url', `${p.base}/api/hangs`, '--bearer', 't', '--timeout', '1'], never);
    expect(call.stderr).toContain('within 1 s (total time limit');
    expect(call.code).toBe(1);
    const flow = await interruptCli(
      [
        'flow',
        'oauth2',
        '--base-url',
        p.base,
        '--authorize-path',
        '/authorize',
        '--client-id',
        'cid',
        '--client-auth',
        'none',
        '--no-open',
        '--no-history',
        '--timeout',
        '1',
      ],
      never
    );
    expect(flow.stderr).toContain('failed at token: No complete answer');
    expect(flow.stderr).toContain('within 1 s (total time limit');
    expect(flow.code).toBe(1);
  });

  it('is checked: whole seconds from 1 to 600, as a profile allows', async () => {
    for (const [command, more] of [
      ['call', ['--url', 'http://127.0.0.1:9/', '--bearer', 't']],
      ['flow', ['oauth2', '--base-url', 'http://127.0.0.1:9', '--client-id', 'cid', '--client-auth', 'none']],
    ] as const) {
      const r = await runCli([command, ...more, '--timeout', '601']);
      expect(r.err).toContain('--timeout must be a whole number from 1 to 600; got "601".');
      expect(r.code).toBe(2);
    }
  });
});

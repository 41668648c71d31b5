import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../../host/web';
import { send, startTestHost, type TestHost } from './helpers';

type Result =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; details?: { issues?: { path: string[] }[] } } };

describe('web host: POST /api/call/<method>', () => {
  it('round-trips a method with input and one without', async () => {
    const host = await startTestHost();
    const info = await host.call('appInfo');
    expect(info.status).toBe(200);
    expect(info.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toEqual({
      ok: true,
      value: { host: 'web', version: '0.0.0-test', secretStorage: 'file', notices: [] },
    });
    expect(await host.call('appInfo', '{}').then((r) => r.json())).toMatchObject({ ok: true });

    const clock = await host.call('mockAdvanceClock', JSON.stringify({ seconds: 90 }));
    expect(clock.json()).toEqual({ ok: true, value: { now: '2025-01-01T00:01:30.000Z', offsetSeconds: 90 } });
    expect(host.backend.calls).toEqual([
      { name: 'appInfo', input: undefined },
      { name: 'appInfo', input: {} },
      { name: 'mockAdvanceClock', input: { seconds: 90 } },
    ]);
  });

  it('answers bad JSON with 400 invalid_input, without echoing the body', async () => {
    const host = await startTestHost();
    const r = await host.call('mockAdvanceClock', '{"seconds": s3cr3t');
    expect(r.status).toBe(400);
    const body = r.json() as Result;
    expect(body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(r.body).not.toContain('s3cr3t');
    expect(host.backend.calls).toEqual([]);
  });

  it('returns a schema error as invalid_input naming the field', async () => {
    const host = await startTestHost();
    const r = await host.call('mockAdvanceClock', JSON.stringify({ seconds: -5 }));
    expect(r.status).toBe(200);
    const body = r.json() as Result;
    expect(body.ok).toBe(false);
    if (body.ok) return;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toContain('seconds');
    expect(body.error.details?.issues?.[0]?.path).toEqual(['seconds']);
    const extra = (await host
      .call('mockAdvanceClock', JSON.stringify({ seconds: 1, hours: 2 }))
      .then((x) => x.json())) as Result;
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(host.backend.calls).toEqual([]);
  });

  it('returns the dispatch result for an unknown method, whatever its name', async () => {
    const host = await startTestHost();
    for (const name of ['noSuchMethod', '__proto__', 'constructor', 'toString', 'a%2Fb', '']) {
      const r = await host.call(name, '{}');
      expect([name, r.status]).toEqual([name, 200]);
      expect(r.json()).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
    expect(host.backend.calls).toEqual([]);
  });

  it("passes a handler's coded failure through, and turns anything else it throws into internal", async () => {
    const host = await startTestHost();
    expect(await host.call('mockReset').then((r) => r.json())).toEqual({
      ok: false,
      error: { code: 'mock_not_running', message: 'The mock provider is not running.' },
    });
    expect(await host.call('mockStop').then((r) => r.json())).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(await host.call('profilesList').then((r) => r.json())).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });

  it('takes JSON only (415), POST only (405)', async () => {
    const host = await startTestHost();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const r = await host.call('mockStart', '{}', { 'Content-Type': type });
      expect([type, r.status]).toEqual([type, 415]);
      expect(r.json()).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
    }
    expect((await host.call('appInfo', '{}', { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
    const get = await send(host.port, { path: '/api/call/appInfo', headers: host.authed() });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await send(host.port, { path: '/api/nothing', headers: host.authed() })).status).toBe(404);
    expect(host.backend.calls.map((c) => c.name)).toEqual(['appInfo']);
  });

  it('refuses a body over the limit with 413 and calls nothing', async () => {
    const host = await startTestHost({ bodyLimit: 1024 });
    const big = JSON.stringify({ suggestedName: 'x.txt', content: 'a'.repeat(2000) });
    const r = await host.call('exportFile', big);
    expect(r.status).toBe(413);
    expect(r.json()).toMatchObject({ ok: false, error: { code: 'payload_too_large' } });
    // Chunked, so the limit is found while reading, not from Content-Length.
    const chunked = await sendChunked(host, host.authed({ 'Content-Type': 'application/json' }), [
      big.slice(0, 800),
      big.slice(800),
    ]);
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    const fits = await host.call('exportFile', JSON.stringify({ suggestedName: 'x.txt', content: 'a'.repeat(500) }));
    expect(fits.json()).toEqual({ ok: true, value: { saved: true, path: null } });
    expect(host.backend.calls.map((c) => c.name)).toEqual(['exportFile']);
  });

  it('has a 60 MiB default limit, refused from Content-Length before any byte is read', async () => {
    expect(BODY_LIMIT).toBe(60 * 1024 * 1024);
    const host = await startTestHost();
    const head = [
      `POST /api/call/exportFile HTTP/1.1`,
      `Host: ${host.hostName}:${host.port}`,
      `Origin: ${host.origin}`,
      `Cookie: oauth_lab_token=${host.token}`,
      'Content-Type: application/json',
      `Content-Length: ${BODY_LIMIT + 1}`,
      '',
      '',
    ].join('\r\n');
    const status = await statusLine(host.port, (socket) => socket.write(head));
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(host.backend.calls).toEqual([]);
  });

  it('carries a body of several MiB', async () => {
    const host = await startTestHost();
    const content = 'é'.repeat(3 * 1024 * 1024);
    const r = await host.call('exportFile', JSON.stringify({ suggestedName: 'big.txt', content }));
    expect(r.json()).toEqual({ ok: true, value: { saved: true, path: null } });
    expect(host.backend.state.exported).toBe(content.length);
  });
});

/** A chunked POST written by hand; resolves with the status line. */
function sendChunked(host: TestHost, headers: Record<string, string>, chunks: string[]): Promise<string> {
  const lines = [
    `POST /api/call/exportFile HTTP/1.1`,
    `Host: ${host.hostName}:${host.port}`,
    ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`),
    'Transfer-Encoding: chunked',
    '',
    '',
  ];
  return statusLine(host.port, (socket) => {
    socket.write(lines.join('\r\n'));
    for (const c of chunks) socket.write(`${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`);
    socket.write('0\r\n\r\n');
  });
}

/** Writes raw bytes once connected and resolves with the status line of the answer. */
function statusLine(port: number, write: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => write(socket));
    let data = '';
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
      if (data.includes('\r\n')) {
        resolve(data.split('\r\n')[0]!);
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { dispatch } from '../../../../shared/bridge/dispatch';
import type { BridgeResult } from '../../../../shared/bridge/result';
import type { HistoryPage } from '../../../../shared/store/history';

/*
 * httpSend records in the host: one send with a record context is one history entry, written where the request
 * was sent (success or no answer), none without the context or with keepHistory off; the leg's own verdict
 * replaces the host's by the entry's id. Over real sockets, through the contract's dispatch as both transports run it.
 */

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/refused') {
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      return res.end('{"error":"invalid_token","error_description":"The access token expired"}');
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dir: string;
let services: AppServices;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-send-history-'));
  services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
  });
});
afterEach(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (name: string, input?: unknown) => dispatch(services.handlers, name, input);
const value = async <T>(name: string, input?: unknown): Promise<T> => {
  const r = (await call(name, input)) as BridgeResult<T>;
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value;
};
const history = () => value<HistoryPage>('historyList', {});
const record = (id: string, leg = 'api') => ({ id, profileId: 'mock', flow: 'oauth2', leg });
const get = (path: string) => ({ method: 'GET', url: `${base}${path}`, headers: [] });

describe('httpSend records the exchange in the host', () => {
  it('makes one entry per send, with the exchange as sent and the host verdict', async () => {
    const sent = await value<{ response: { bodyText: string } }>('httpSend', {
      request: get('/ok'),
      record: record('a1'),
    });
    expect(sent.response.bodyText).toBe('hello');
    const page = await history();
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      id: 'a1',
      profileId: 'mock',
      flow: 'oauth2',
      leg: 'api',
      outcome: 'succeeded',
      summary: `GET ${base}/ok → 200 OK`,
      exchange: { request: { url: `${base}/ok` }, response: { status: 200, bodyText: 'hello' } },
    });

    await value('httpSend', { request: get('/refused'), record: record('a2') });
    const refused = (await history()).entries.find((e) => e.id === 'a2')!;
    // The provider's own words (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error, error_description) say why.
    expect(refused).toMatchObject({
      outcome: 'failed',
      summary: `GET ${base}/refused → 401 Unauthorized: invalid_token: The access token expired.`,
    });
    expect((await history()).total).toBe(2);
  });

  it('records nothing for a send without a record context', async () => {
    await value('httpSend', { request: get('/ok') });
    expect((await history()).total).toBe(0);
  });

  it('records nothing when the user turned history off', async () => {
    await value('settingsUpdate', { keepHistory: false });
    await value('httpSend', { request: get('/ok'), record: record('off') });
    expect((await history()).total).toBe(0);
    expect(await value('historyAnnotate', { id: 'off', outcome: 'failed', summary: 'x' })).toEqual({
      annotated: false,
    });
  });

  it('records a request that got no answer, with the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await call('httpSend', {
      request: { method: 'GET', url: `http://127.0.0.1:${port}/gone`, headers: [] },
      record: record('n1'),
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'connection_refused' } });
    const [entry] = (await history()).entries;
    expect(entry).toMatchObject({
      id: 'n1',
      outcome: 'failed',
      exchange: { request: { url: `http://127.0.0.1:${port}/gone` }, response: { status: 0, bodyText: '' } },
    });
    expect(entry!.summary).toMatch(new RegExp(`^GET http://127\\.0\\.0\\.1:${port}/gone: not answered: .+`));
  });

  it("keeps one entry when the leg gives its own verdict by the entry's id", async () => {
    await value('httpSend', { request: get('/refused'), record: record('v1', 'reuse') });
    expect(
      await value('historyAnnotate', {
        id: 'v1',
        outcome: 'succeeded',
        summary: 'The replaced refresh token was refused, as it should be.',
      })
    ).toEqual({ annotated: true });
    const page = await history();
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      id: 'v1',
      leg: 'reuse',
      outcome: 'succeeded',
      summary: 'The replaced refresh token was refused, as it should be.',
      exchange: { response: { status: 401 } },
    });
    expect(await value('historyAnnotate', { id: 'unknown', outcome: 'failed', summary: 'x' })).toEqual({
      annotated: false,
    });
  });

  it('refuses a bad record context, naming the field', async () => {
    const r = await call('httpSend', { request: get('/ok'), record: { ...record('bad id!'), flow: 'oauth3' } });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/record\.id[\s\S]*record\.flow|record\.flow[\s\S]*record\.id/),
      },
    });
    expect((await history()).total).toBe(0);
  });
});

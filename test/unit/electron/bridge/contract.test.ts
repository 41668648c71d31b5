import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, METHODS, type MethodName } from '../../../../shared/bridge/contract';
import type { BridgeResult } from '../../../../shared/bridge/result';
import { parseUrlEncoded } from '../../../../shared/oauth1';
import { createAppServices, type AppServices } from '../../../../electron/services/bridge/app-services';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../electron/services/provider';
import { createAppStore, type AppStore } from '../../../../electron/services/store';
import { ipcTransport, webTransport, type BridgeTransport } from './transports';

/**
 * One contract suite, two transports: every method through Electron's IPC handler map and through the
 * web host over real HTTP, bad input coming back as coded errors, and events arriving on each.
 */
const { consumer } = DEFAULT_CREDENTIALS;

for (const kind of ['IPC', 'web host'] as const) {
  describe(`bridge contract over ${kind}`, () => {
    let dir: string;
    let services: AppServices;
    let store: AppStore;
    let bridge: BridgeTransport;
    const opened: string[] = [];
    /** What the app window was told it may reach beyond the mock: the catchers' redirect URIs, read when asked. */
    let appWindowRedirectUris: () => readonly string[] = () => [];
    const saved: { name: string; content: string }[] = [];
    const succeeded = new Set<string>();

    const call = async (method: MethodName, input?: unknown): Promise<BridgeResult<unknown>> => {
      const result = await bridge.call(method, input);
      if (result.ok) {
        // Every answer has the shape the contract promises.
        expect(METHODS[method].output.safeParse(result.value).success, `${method} output`).toBe(true);
        succeeded.add(method);
      }
      return result;
    };
    const value = async <T = Record<string, unknown>>(method: MethodName, input?: unknown): Promise<T> => {
      const r = await call(method, input);
      if (!r.ok) throw new Error(`${method} failed: ${r.error.code}: ${r.error.message}`);
      return r.value as T;
    };
    const eventually = async <T>(find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 200; i++) {
        const found = find();
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('The event did not arrive.');
    };
    const signed = async (input: Record<string, unknown>) => {
      const trace = await value<{
        request: { method: string; url: string; headers: [string, string][]; body?: string };
      }>('oauth1Trace', {
        consumerKey: consumer.key,
        consumerSecret: consumer.secret,
        signatureMethod: 'HMAC-SHA1',
        nonce: `n${Math.random().toString(36).slice(2)}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...input,
      });
      return value<{
        response: { status: number; bodyText: string; headers: [string, string][] };
        local: { address: string; port: number } | null;
      }>('httpSend', { request: trace.request });
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'oauth-lab-contract-'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>OAuth Lab</title>');
      services = createAppServices({
        host: kind === 'IPC' ? 'electron' : 'web',
        version: '0.0.0-test',
        store: (store = createAppStore({ cwd: join(dir, 'store') })),
        provider: new MockProvider({ autoLoginUser: 'demo' }),
        shell: {
          openInSystemBrowser: async (url) => (opened.push(url), true),
          openAppWindow: async (url, redirectUris) => {
            opened.push(`app:${url}`);
            appWindowRedirectUris = redirectUris;
          },
          saveFile: async (name, content) => (saved.push({ name, content }), join(dir, name)),
        },
        catcherIdleCloseMs: 200,
      });
      bridge = kind === 'IPC' ? ipcTransport(services) : await webTransport(services, dir);
    });
    afterAll(async () => {
      await bridge.close();
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('says which host it is', async () => {
      expect(await value('appInfo')).toMatchObject({
        host: kind === 'IPC' ? 'electron' : 'web',
        secretStorage: 'file',
      });
    });

    it('runs the OAuth 1.0a flow through the bridge: mock, signing, transport, catcher and events', async () => {
      const started = await value<{ baseUrl: string }>('mockStart', { port: 0 });
      expect(await value('mockStatus')).toEqual({ running: true, baseUrl: started.baseUrl });
      const base = started.baseUrl;
      const { port, redirectUri } = await value<{ port: number; redirectUri: string }>('catcherOpen', {
        port: 0,
        path: '/callback',
      });

      const step1 = await signed({ method: 'POST', url: `${base}/oauth/v1/request_token`, callback: redirectUri });
      expect(step1.response.status).toBe(200);
      const requestToken = Object.fromEntries(parseUrlEncoded(step1.response.bodyText, true, 'body-parameters'));

      const wait = await value<{ waitId: string; redirectUri: string }>('catcherWait', {
        port,
        path: '/callback',
        target: { kind: 'oauth1', requestToken: requestToken.oauth_token },
      });
      expect(wait.redirectUri).toBe(redirectUri);
      const authorize = await value<{ response: { status: number; headers: [string, string][] } }>('httpSend', {
        request: {
          method: 'GET',
          url: `${base}/oauth/v1/authorize?oauth_token=${encodeURIComponent(requestToken.oauth_token!)}`,
          headers: [],
        },
      });
      expect(authorize.response.status).toBe(302);
      const location = authorize.response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
      await value('httpSend', { request: { method: 'GET', url: location, headers: [] } });
      const caught = await eventually(() =>
        bridge.received.find(
          (m) => m.event === 'catcherCallback' && (m.payload as { waitId: string }).waitId === wait.waitId
        )
      );
      const callback = (caught.payload as { callback: { mayContinue: boolean; oauthVerifier: string } }).callback;
      expect(callback.mayContinue).toBe(true);

      const step3 = await signed({
        method: 'POST',
        url: `${base}/oauth/v1/access_token`,
        token: requestToken.oauth_token,
        tokenSecret: requestToken.oauth_token_secret,
        verifier: callback.oauthVerifier,
      });
      expect(step3.response.status).toBe(200);
      const access = Object.fromEntries(parseUrlEncoded(step3.response.bodyText, true, 'body-parameters'));
      const api = () =>
        signed({
          method: 'GET',
          url: `${base}/api/v1/me`,
          token: access.oauth_token,
          tokenSecret: access.oauth_token_secret,
        });
      expect((await api()).response.status).toBe(200);

      const state = await value<{ state: { oauth1: { accessTokens: { token: string; status: string }[] } } }>(
        'mockState'
      );
      expect(state.state.oauth1.accessTokens).toContainEqual(
        expect.objectContaining({ token: access.oauth_token, status: 'valid' })
      );
      expect(await value('mockDeauthorize', { token: access.oauth_token })).toMatchObject({ status: 'deauthorized' });
      expect((await api()).response.status).toBe(401);

      const seen = await value<{ endpoint: string; client?: { address: string; port: number } | null }[]>(
        'mockEvents',
        { sinceId: 0 }
      );
      expect(seen.map((e) => e.endpoint)).toEqual(
        expect.arrayContaining(['oauth1.requestToken', 'oauth1.accessToken'])
      );
      // Both ends' record of a connection cross the bridge: the join key of an exchange and the mock's event.
      expect(step1.local).toEqual({ address: '127.0.0.1', port: expect.any(Number) });
      expect(
        seen
          .filter((e) => e.client?.port === step1.local!.port && e.client.address === step1.local!.address)
          .map((e) => e.endpoint)
      ).toContain('oauth1.requestToken');
      await eventually(() => bridge.received.find((m) => m.event === 'mockEvent'));
      expect(bridge.received.some((m) => m.event === 'mockStatus')).toBe(true);
    });

    it('changes the mock: settings, clock, reset, stop; bad values come back as invalid_input', async () => {
      expect(await value('mockUpdateSettings', { lifetimes: { requestTokenTtl: 5 } })).toMatchObject({
        lifetimes: { requestTokenTtl: 5 },
      });
      const bad = await call('mockUpdateSettings', { lifetimes: { requestTokenTtl: -1 } });
      expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(bad.ok || bad.error.message).toMatch(/requestTokenTtl/);
      expect(await value<{ offsetSeconds: number }>('mockAdvanceClock', { seconds: 60 })).toMatchObject({
        offsetSeconds: 60,
      });
      expect(await value<{ offsetSeconds: number }>('mockResetClock')).toMatchObject({ offsetSeconds: 0 });
      const clockMoves = () =>
        bridge.received
          .filter((m) => m.event === 'mockClock')
          .map((m) => (m.payload as { offsetSeconds: number }).offsetSeconds);
      await eventually(() => clockMoves().length === 2 || undefined);
      expect(clockMoves()).toEqual([60, 0]);
      expect(await call('mockDeauthorize', { token: 'no-such-token' })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
      expect(await value('mockReset')).toEqual({ reset: true });
      expect(await value('mockStop')).toEqual({ running: false, baseUrl: null });
      expect(await call('mockState')).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    });

    it('ends a cancelled wait with an event, and refuses unknown waits', async () => {
      const wait = await value<{ waitId: string }>('catcherWait', {
        port: 0,
        target: { kind: 'oauth2', state: 'abc' },
        timeoutMs: 60_000,
      });
      expect(await value('catcherCancel', { waitId: wait.waitId })).toEqual({ cancelled: true });
      const ended = await eventually(() =>
        bridge.received.find(
          (m) => m.event === 'catcherWaitEnded' && (m.payload as { waitId: string }).waitId === wait.waitId
        )
      );
      expect(ended.payload).toMatchObject({ code: 'wait_aborted' });
      expect(await call('catcherCancel', { waitId: 'wait-999' })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    });

    it('reports a dead server as the transport error code, with its phase', async () => {
      const r = await call('httpSend', {
        request: { method: 'GET', url: 'http://127.0.0.1:1/', headers: [] },
        options: { timeoutMs: 5000 },
      });
      expect(r).toMatchObject({ ok: false, error: { code: 'connection_refused', details: { phase: 'connect' } } });
    });

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

    it('reports a signing error with the trace step that failed', async () => {
      const r = await call('oauth1Trace', {
        method: 'GET',
        url: 'ftp://example.com/',
        consumerKey: 'k',
        consumerSecret: 's',
        signatureMethod: 'HMAC-SHA1',
        nonce: 'n',
        timestamp: '1',
      });
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_url' } });
    });

    it("checks an RSA signature for the page with the consumer's public key, and refuses a key it cannot read", async () => {
      const keys = generateKeyPairSync('rsa', {
        modulusLength: 1024,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const signature = sign('sha1', Buffer.from('GET&a&b'), keys.privateKey).toString('base64');
      expect(
        await value('rsaVerify', {
          method: 'RSA-SHA1',
          publicKeyPem: keys.publicKey,
          signature,
          baseStrings: ['GET&a&c', 'GET&a&b'],
        })
      ).toEqual({ matches: [false, true] });
      expect(
        await call('rsaVerify', { method: 'RSA-SHA1', publicKeyPem: 'x', signature, baseStrings: ['GET&a&b'] })
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/^The RSA public key could not be read/) },
      });
    });

    it('keeps profiles, tokens, history and settings', async () => {
      const profiles = await value<{ id: string; builtIn: boolean }[]>('profilesList');
      expect(profiles[0]).toMatchObject({ id: 'mock', builtIn: true });
      await value('profileSave', { profile: { id: 'real', name: 'Real server', baseUrl: 'https://api.example.com' } });
      expect((await value<{ id: string }[]>('profilesList')).map((p) => p.id)).toEqual(['mock', 'real']);
      expect(await call('profileSave', { profile: { id: 'x', name: 'No URL' } })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/baseUrl/) },
      });
      const exported = await value<{ json: string }>('profilesExport', { includeSecrets: false });
      const imported = await value<{ imported: { name: string }[] }>('profilesImport', { json: exported.json });
      expect(imported.imported).toHaveLength(1);
      expect(await call('profileDelete', { id: 'mock' })).toMatchObject({ ok: false });
      expect(await value('profileDelete', { id: 'real' })).toEqual({ deleted: true });

      const token = { id: 't1', profileId: 'mock', kind: 'oauth1', token: 'tok', tokenSecret: 'sec', obtainedAt: 1 };
      await value('tokenSave', { token });
      expect(await value('tokensList', { profileId: 'mock' })).toEqual([
        expect.objectContaining({ id: 't1', tokenSecret: 'sec' }),
      ]);
      expect(await value('tokenDelete', { id: 't1' })).toEqual({ deleted: true });

      const exchange = {
        request: { method: 'GET', url: 'http://x/', headers: [] },
        response: { status: 200, statusText: 'OK', headers: [], bodyText: '', bodySize: 0 },
        timings: { connect: null, tls: null, firstByte: null, total: 1 },
        startedAt: 1,
      };
      // Exchanges as the host records them (httpSend with a record appends through the same store method).
      store.historyAdd({
        entry: {
          id: 'h1',
          profileId: 'mock',
          flow: 'oauth1',
          leg: 'api',
          outcome: 'succeeded',
          summary: 'ok',
          at: 1,
          exchange,
        },
      });
      expect(await value('historyList', { leg: 'api' })).toMatchObject({ total: 1 });
      expect(await value('historyAnnotate', { id: 'h1', outcome: 'failed', summary: 'judged by the leg' })).toEqual({
        annotated: true,
      });
      expect(await value('historyList', { leg: 'api' })).toMatchObject({
        total: 1,
        entries: [{ id: 'h1', outcome: 'failed', summary: 'judged by the leg' }],
      });
      // A long body is listed by its start; historyBody gives the rest, and the HAR holds it whole.
      const long = 'a'.repeat(20_000) + 'END';
      store.historyAdd({
        entry: {
          id: 'h2',
          profileId: 'mock',
          flow: 'oauth1',
          leg: 'token',
          outcome: 'succeeded',
          summary: 'long',
          at: 2,
          exchange: { ...exchange, response: { ...exchange.response, bodyText: long, bodySize: long.length } },
        },
      });
      const listed = await value<{
        entries: { id: string; cut?: { response?: number }; exchange: { response: { bodyText: string } } }[];
        usage: { entries: number };
      }>('historyList', { leg: 'token' });
      expect(listed.entries[0]).toMatchObject({ id: 'h2', cut: { response: long.length } });
      expect(listed.usage.entries).toBe(2);
      const shown = listed.entries[0]!.exchange.response.bodyText.length;
      expect(await value('historyBody', { id: 'h2', part: 'response', offset: shown })).toEqual({
        text: long.slice(shown),
        offset: shown,
        total: long.length,
      });
      expect(await call('historyBody', { id: 'h2', part: 'headers' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect((await value<{ text: string }>('historyHar', {})).text).toContain('END');
      expect(await value('historyClear')).toEqual({ cleared: 2 });

      expect(await value('settingsUpdate', { theme: 'dark' })).toMatchObject({ theme: 'dark' });
      expect(await value('settingsGet')).toMatchObject({ theme: 'dark' });
    });

    it('exports a request as code without its secrets, and the history as HAR', async () => {
      const targets = await value<{ id: string }[]>('exportTargets');
      expect(targets.map((t) => t.id)).toEqual(expect.arrayContaining(['curl', 'python-oauth1', 'postman', 'har']));
      const signing = {
        method: 'GET',
        url: 'http://127.0.0.1:9/api/v1/me',
        consumerKey: consumer.key,
        consumerSecret: consumer.secret,
        token: 'at',
        tokenSecret: 'ats-secret',
        signatureMethod: 'HMAC-SHA1',
        nonce: 'n1',
        timestamp: '1700000000',
      };
      const code = await value<{ text: string; placeholders: string[] }>('exportRequest', {
        target: 'python-oauth1',
        source: { kind: 'oauth1', signing },
      });
      expect(code.text).toContain('OAuth1');
      expect(code.text).not.toContain(consumer.secret);
      expect(code.text).not.toContain('ats-secret');
      expect(code.placeholders.length).toBeGreaterThan(0);
      expect(
        (
          await value<{ text: string }>('exportRequest', {
            target: 'python-oauth1',
            source: { kind: 'oauth1', signing },
            includeSecrets: true,
          })
        ).text
      ).toContain(consumer.secret);
      expect(await call('exportRequest', { target: 'cobol', source: { kind: 'oauth1', signing } })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/"cobol"; expected one of curl, .*, har/) },
      });
      const har = await value<{ text: string }>('historyHar', {});
      expect(JSON.parse(har.text).log.version).toBe('1.2');
    });

    it('tells the app window the redirect URIs of the catchers listening now, and only theirs', async () => {
      const { baseUrl } = await value<{ baseUrl: string }>('mockStart', {});
      const { waitId, redirectUri } = await value<{ waitId: string; redirectUri: string }>('catcherWait', {
        port: 0,
        path: '/app-window-callback',
        target: { kind: 'oauth2', state: 'app-window-state' },
      });
      await value('openUrl', { url: `${baseUrl}/oauth/v2/authorize?client_id=x`, target: 'app-window' });
      expect(appWindowRedirectUris()).toContain(redirectUri);
      await value('catcherCancel', { waitId });
      // The catcher closes once idle (200 ms here); from then on the window may not go there.
      await eventually(() => (appWindowRedirectUris().includes(redirectUri) ? undefined : true));
      opened.length = 0;
    });

    it('opens pages and saves files through the host, never a real provider in the app window', async () => {
      expect(await value('openUrl', { url: 'https://provider.example/authorize', target: 'system' })).toEqual({
        openedIn: 'system',
      });
      expect(await call('openUrl', { url: 'https://provider.example/authorize', target: 'app-window' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      const { baseUrl } = await value<{ baseUrl: string }>('mockStart', {});
      expect(
        await value('openUrl', { url: `${baseUrl}/oauth/v1/authorize?oauth_token=x`, target: 'app-window' })
      ).toEqual({ openedIn: 'app-window' });
      expect(await call('openUrl', { url: 'javascript:alert(1)', target: 'system' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(opened).toEqual(['https://provider.example/authorize', `app:${baseUrl}/oauth/v1/authorize?oauth_token=x`]);
      expect(await value('exportFile', { suggestedName: 'request.sh', content: 'curl …' })).toEqual({
        saved: true,
        path: join(dir, 'request.sh'),
      });
      expect(await call('exportFile', { suggestedName: '../evil', content: '' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(saved).toEqual([{ name: 'request.sh', content: 'curl …' }]);
    });

    it('mockStart on a port another program holds answers port_in_use, naming the port and what to do', async () => {
      await value('mockStop');
      const blocker = createServer();
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
      const { port } = blocker.address() as { port: number };
      try {
        const r = await call('mockStart', { port });
        expect(r).toMatchObject({
          ok: false,
          error: {
            code: 'port_in_use',
            message: expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`),
          },
        });
        expect(r.ok ? '' : r.error.message).toMatch(/or 0 for any free one/);
        expect(await value('mockStatus')).toMatchObject({ running: false });
      } finally {
        await new Promise<void>((r) => blocker.close(() => r()));
      }
    });

    it('answers every method given input of the wrong type with invalid_input naming the method', async () => {
      for (const method of METHOD_NAMES) {
        const r = await bridge.call(method, 42);
        expect(r, method).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', message: expect.stringContaining(method) },
        });
      }
      expect(await bridge.call('shellExec', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
      expect(await bridge.call('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    });

    it('has exercised every method of the contract', () => {
      expect([...succeeded].sort()).toEqual([...METHOD_NAMES].sort());
    });
  });
}

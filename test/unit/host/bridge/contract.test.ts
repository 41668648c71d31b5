import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../../../shared/bridge/contract';
import { parseUrlEncoded } from '../../../../shared/url-encoded';
import { contractHarness, HOST_SIGNING_METHODS, STORE_METHODS } from './contract-harness';

/**
 * One contract suite, two transports: every method through Electron's IPC handler map and through the
 * web host over real HTTP (contract-harness.ts), bad input coming back as coded errors, and events arriving on each.
 * Cancelling a send in flight has its own file (http-cancel.test.ts); here httpCancel is only exercised. The store
 * and exports are in contract-store.test.ts, the methods that sign in the host in contract-host-signing.test.ts.
 */

for (const kind of ['IPC', 'web host'] as const) {
  describe(`bridge contract over ${kind}`, () => {
    const h = contractHarness(kind);
    const { call, value, eventually, signed, opened, saved, succeeded } = h;

    it('says which host it is', async () => {
      expect(await value('appInfo')).toMatchObject({
        host: kind === 'IPC' ? 'electron' : 'web',
        secretStorage: 'file',
      });
    });

    it('runs the OAuth 1.0a flow through the bridge: mock, signing, transport, catcher and events', async () => {
      const started = await value<{ baseUrl: string }>('mockStart', { port: 0 });
      expect(await value('mockStatus')).toEqual({
        running: true,
        baseUrl: started.baseUrl,
        mtlsBaseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:[0-9]+$/),
      });
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
        h.bridge.received.find(
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
      await eventually(() => h.bridge.received.find((m) => m.event === 'mockEvent'));
      expect(h.bridge.received.some((m) => m.event === 'mockStatus')).toBe(true);
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
        h.bridge.received
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

    it("shows the mock's local CA and issues client certificates from it, the key only as a file", async () => {
      const ca = await value<{ certificatePem: string; sha256Fingerprint: string; certificatePath: string }>('mockCa');
      const caCert = new X509Certificate(ca.certificatePem);
      expect(ca.sha256Fingerprint).toBe(caCert.fingerprint256);
      expect(readFileSync(ca.certificatePath, 'utf8')).toBe(ca.certificatePem);
      const issued = await value<{ certificatePath: string; keyPath: string; subjectDn: string; thumbprint: string }>(
        'mockIssueClientCertificate',
        { name: 'contract-app' }
      );
      expect(issued.certificatePath).toBe(join(h.dir, 'store', 'mock-ca', 'clients', 'contract-app.pem'));
      expect(issued.subjectDn).toBe('CN=contract-app,O=OAuth Lab mock');
      const cert = new X509Certificate(readFileSync(issued.certificatePath));
      expect(cert.verify(caCert.publicKey)).toBe(true);
      expect(issued.thumbprint).toBe(createHash('sha256').update(cert.raw).digest('base64url'));
      expect(readFileSync(issued.keyPath, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(JSON.stringify(issued)).not.toContain('PRIVATE KEY');
      for (const name of ['../escape', '', 'a b', '-lead']) {
        const bad = await call('mockIssueClientCertificate', { name });
        expect(bad, name).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        expect(bad.ok || bad.error.message).toMatch(
          /letters, digits, '\.', '_' or '-', starting with a letter or digit/
        );
      }
    });

    it('ends a cancelled wait with an event, and refuses unknown waits', async () => {
      const wait = await value<{ waitId: string }>('catcherWait', {
        port: 0,
        target: { kind: 'oauth2', state: 'abc' },
        timeoutMs: 60_000,
      });
      expect(await value('catcherCancel', { waitId: wait.waitId })).toEqual({ cancelled: true });
      const ended = await eventually(() =>
        h.bridge.received.find(
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

    it('answers httpCancel for a sendId with nothing in flight: not cancelled', async () => {
      expect(await value('httpCancel', { sendId: 'nothing-in-flight' })).toEqual({ cancelled: false });
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

    it('tells the app window the redirect URIs of the catchers listening now, and only theirs', async () => {
      const { baseUrl } = await value<{ baseUrl: string }>('mockStart', {});
      const { waitId, redirectUri } = await value<{ waitId: string; redirectUri: string }>('catcherWait', {
        port: 0,
        path: '/app-window-callback',
        target: { kind: 'oauth2', state: 'app-window-state' },
      });
      await value('openUrl', { url: `${baseUrl}/oauth/v2/authorize?client_id=x`, target: 'app-window' });
      expect(h.appWindowRedirectUris()).toContain(redirectUri);
      await value('catcherCancel', { waitId });
      // The catcher closes once idle (200 ms here); from then on the window may not go there.
      await eventually(() => (h.appWindowRedirectUris().includes(redirectUri) ? undefined : true));
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
        path: join(h.dir, 'request.sh'),
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

    it('serves the grader: a run, a scenario chosen, its status as events, the exports; refusals coded', async () => {
      expect(await call('gradeChoose', { scenarioId: 'pkce-s256' })).toMatchObject({
        ok: false,
        error: { code: 'grader_stopped', message: expect.stringContaining('The grader is not running') },
      });
      const run = await value<{ issuer: string; current: string }>('gradeStart', { pack: 'oauth2', waitSeconds: 1 });
      expect(run.current).toBe('authorization-response-state-mismatch');
      expect(await call('gradeStart', { pack: 'oauth2' })).toMatchObject({
        ok: false,
        error: { code: 'grader_running' },
      });
      expect(await call('gradeStart', { pack: 'oidc' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(await value('gradeChoose', { scenarioId: 'pkce-s256' })).toMatchObject({ current: 'pkce-s256' });
      expect(await call('gradeChoose', { scenarioId: 'oidcc-client-test' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('is not in the pack oauth2') },
      });
      expect(await value('gradeStatus')).toMatchObject({ running: true, current: 'pkce-s256' });
      await eventually(() =>
        h.bridge.received.some(
          (m) => m.event === 'gradeStatus' && (m.payload as { current: string }).current === 'pkce-s256'
        )
          ? true
          : undefined
      );
      const junit = await value<{ text: string; filename: string }>('gradeExport', { format: 'junit' });
      expect(junit.filename).toBe('oauth-lab-grade-oauth2.xml');
      expect(junit.text).toContain('<testcase classname="oauth-lab.grade.oauth2" name="pkce-s256">');
      const html = await value<{ text: string }>('gradeExport', { format: 'html' });
      expect(html.text).toContain('<title>OAuth Lab grade: oauth2</title>');
      expect(await value('gradeStop')).toMatchObject({ running: false, issuer: null });
    });

    it('audits a profile’s issuer: progress as events, the History, the exports, cancel; refusals coded', async () => {
      type Status = { state: string; decided: number; total: number; historyOwner: string; error: string | null };
      const ended = (state: string, owner?: string) =>
        eventually(() => {
          const m = h.bridge.received.find(
            (e) =>
              e.event === 'auditStatus' &&
              (e.payload as Status).state === state &&
              (owner === undefined || (e.payload as Status).historyOwner === owner)
          );
          return m?.payload as Status | undefined;
        });
      expect(await call('auditCancel')).toMatchObject({ ok: false, error: { code: 'audit_none' } });
      expect(await call('auditExport', { format: 'html' })).toMatchObject({ ok: false, error: { code: 'audit_none' } });
      expect(await call('auditStart', { profileId: 'no-such' })).toMatchObject({
        ok: false,
        error: { code: 'not_found', message: expect.stringContaining('"no-such"') },
      });
      expect(await call('auditStart', { profileId: 'mock', maxRequests: 0 })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      await value('mockStop');
      expect(await call('auditStart', { profileId: 'mock' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('start the mock') },
      });
      await value('mockStart', { port: 0 });
      const started = await value<Status>('auditStart', { profileId: 'mock' });
      expect(started).toMatchObject({ state: 'running', historyOwner: expect.stringMatching(/^audit:/) });
      expect(await call('auditStart', { profileId: 'mock' })).toMatchObject({
        ok: false,
        error: { code: 'audit_running' },
      });
      const done = await ended('done', started.historyOwner);
      expect(done.decided).toBe(done.total);
      const progress = h.bridge.received.filter(
        (e) => e.event === 'auditStatus' && (e.payload as Status).historyOwner === started.historyOwner
      );
      expect(progress.length).toBeGreaterThan(3);
      const history = await value<{ entries: { flow: string }[] }>('historyList', {
        profileId: started.historyOwner,
      });
      expect(history.entries.length).toBeGreaterThan(0);
      expect(history.entries.every((e) => e.flow === 'audit')).toBe(true);
      const html = await value<{ text: string; filename: string }>('auditExport', { format: 'html' });
      expect(html.text).toContain('<title>oauth-lab audit: http://127.0.0.1:');
      const sarif = await value<{ text: string }>('auditExport', { format: 'sarif' });
      expect(JSON.parse(sarif.text)).toMatchObject({ version: '2.1.0' });

      const active = await value<Status>('auditStart', { profileId: 'mock', active: true });
      expect(await value('auditCancel')).toMatchObject({ state: 'running' });
      expect((await ended('cancelled', active.historyOwner)).error).toMatch(/^Cancelled: /);
      expect(await value('auditStatus')).toMatchObject({ state: 'cancelled' });

      const dead = createServer();
      await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
      const deadPort = (dead.address() as { port: number }).port;
      await new Promise<void>((r) => dead.close(() => r()));
      const [mock] = await value<Record<string, unknown>[]>('profilesList');
      await value('profileSave', {
        profile: {
          ...mock,
          id: 'dead-issuer',
          name: 'Dead issuer',
          builtIn: false,
          baseUrl: `http://127.0.0.1:${deadPort}`,
        },
      });
      const failed = await value<Status>('auditStart', { profileId: 'dead-issuer' });
      expect((await ended('failed', failed.historyOwner)).error).toContain(`127.0.0.1:${deadPort}`);
      await value('profileDelete', { id: 'dead-issuer' });
    });

    it('answers every method given input of the wrong type with invalid_input naming the method', async () => {
      for (const method of METHOD_NAMES) {
        const r = await h.bridge.call(method, 42);
        expect(r, method).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', message: expect.stringContaining(method) },
        });
      }
      expect(await h.bridge.call('shellExec', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
      expect(await h.bridge.call('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    });

    it('has exercised every method of the contract (with those of contract-host-signing.test.ts and contract-store.test.ts)', () => {
      expect([...new Set([...succeeded, ...HOST_SIGNING_METHODS, ...STORE_METHODS])].sort()).toEqual(
        [...METHOD_NAMES].sort()
      );
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { contractHarness, STORE_METHODS } from './contract-harness';

/**
 * The contract's methods that keep things (profiles, tokens, history, settings) and export them, through both
 * transports as contract.test.ts does.
 */
const { consumer } = DEFAULT_CREDENTIALS;

for (const kind of ['IPC', 'web host'] as const) {
  describe(`bridge contract over ${kind}: the store and exports`, () => {
    const h = contractHarness(kind);
    const { call, value, succeeded } = h;

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
      h.store.historyAdd({
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
      // The authorization leg: recorded by the host as the request sent, answered by the redirect back.
      const record = { id: 'r1', profileId: 'mock', flow: 'oauth2', leg: 'authorize' };
      const leg = { authorizeUrl: 'http://127.0.0.1:1/authorize?client_id=a&response_type=code', pasted: false };
      const redirect = { record, ...leg, callbackUrl: 'http://127.0.0.1:2/cb?code=c', openedAt: 5 };
      expect(await value('historyRedirect', { ...redirect, outcome: 'succeeded', summary: 'Code received' })).toEqual({
        id: 'r1',
      });
      expect(await value('historyList', { leg: 'authorize' })).toMatchObject({
        entries: [
          {
            id: 'r1',
            outcome: 'succeeded',
            summary: 'Code received',
            exchange: {
              request: { method: 'GET', url: leg.authorizeUrl },
              response: { status: 302, statusText: 'Redirect caught', headers: [['Location', redirect.callbackUrl]] },
              startedAt: 5,
            },
          },
        ],
      });
      expect(
        await call('historyRedirect', { ...redirect, openedAt: -1, outcome: 'succeeded', summary: '' })
      ).toMatchObject({ ok: false });
      // A long body is listed by its start; historyBody gives the rest, and the HAR holds it whole.
      const long = 'a'.repeat(20_000) + 'END';
      h.store.historyAdd({
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
      expect(listed.usage.entries).toBe(3);
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
      expect(await value('historyClear')).toEqual({ cleared: 3 });
      const har = JSON.stringify({
        log: {
          entries: [
            {
              startedDateTime: '2026-01-01T10:00:00.000Z',
              request: {
                method: 'GET',
                url: 'https://api.example/me',
                headers: [{ name: 'Authorization', value: 'Bearer t' }],
              },
              response: { status: 401, headers: [] },
            },
          ],
        },
      });
      expect(await value('historyImport', { fileName: 'one.har', har })).toEqual({ imported: 1, legs: 1 });
      expect(await call('historyImport', { fileName: 'bad.har', har: '{' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining('bad.har not JSON') },
      });
      expect(await value('historyClear')).toEqual({ cleared: 1 });

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

    it('has exercised each of its methods', () => {
      expect(STORE_METHODS.filter((m) => !succeeded.has(m))).toEqual([]);
    });
  });
}

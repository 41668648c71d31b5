import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../../../host/bridge/app-services';
import { dispatch } from '../../../../shared/bridge/dispatch';
import type { BridgeResult } from '../../../../shared/bridge/result';
import type { HistoryPage } from '../../../../shared/store/history';
import { fakeCipher, historyLines, historyText, openStore, tempDir } from './helpers';

/*
 * With the keychain (the desktop app), a history line keeps its summary in clear for the list, and a summary names
 * the request's URL: a token in its query, a PLAINTEXT signature (the secrets themselves), a password in it, or a
 * token in a fragment is masked there; the list still shows the summary as it was, from the sealed copy.
 */

const TOKEN = 'query-TOKEN-8d1e';
const PLAINTEXT = 'consumer-SECRET-2b7c%26token-SECRET-90af';
const PASSWORD = 'user-PASSWORD-51c3';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `url` recorded in the history; `verdict`: the leg's own summary after it (historyAnnotate). */
async function sendAndRecord(dir: string, url: string, cipher = fakeCipher(), verdict?: string): Promise<HistoryPage> {
  const services = createAppServices({
    host: 'electron',
    version: 'test',
    store: openStore(dir, { cipher }),
    shell: { openInSystemBrowser: async () => true },
  });
  try {
    const call = async <T>(name: string, input?: unknown) => {
      const r = (await dispatch(services.handlers, name, input)) as BridgeResult<T>;
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      return r.value;
    };
    await call('httpSend', {
      request: { method: 'GET', url, headers: [] },
      record: { id: 'q1', profileId: 'mock', flow: 'oauth1', leg: 'api' },
    });
    if (verdict !== undefined) await call('historyAnnotate', { id: 'q1', outcome: 'failed', summary: verdict });
    return await call<HistoryPage>('historyList', {});
  } finally {
    await services.close();
  }
}

describe('the history summary kept in clear', () => {
  it('masks the query values of a URL that carries a token and a PLAINTEXT signature; the list shows them', async () => {
    const dir = tempDir();
    const url = `http://127.0.0.1:${port}/api/items?access_token=${TOKEN}&oauth_signature_method=PLAINTEXT&oauth_signature=${PLAINTEXT}&page=2`;
    const page = await sendAndRecord(dir, url);
    expect(page.entries[0]!.summary).toBe(`GET ${url} → 200 OK`);
    const text = historyText(dir);
    for (const secret of [TOKEN, PLAINTEXT, 'consumer-SECRET', 'token-SECRET']) expect(text).not.toContain(secret);
    expect(historyLines(dir)[0]!.summary).toBe(
      `GET http://127.0.0.1:${port}/api/items?access_token=•••&oauth_signature_method=•••&oauth_signature=•••&page=••• → 200 OK`
    );
    // A new instance (the next start) lists the summary as it was.
    const reopened = openStore(dir, { cipher: fakeCipher() }).historyList({ offset: 0, limit: 1 });
    expect(reopened.entries[0]!.summary).toBe(`GET ${url} → 200 OK`);
  });

  it("masks a password and a token in a fragment in a URL of the leg's own verdict", async () => {
    const dir = tempDir();
    const verdict = `Redirected to https://user:${PASSWORD}@app.example/cb#access_token=${TOKEN}&state=s1: the state matches.`;
    const page = await sendAndRecord(dir, `http://127.0.0.1:${port}/authorize`, fakeCipher(), verdict);
    expect(page.entries[0]!.summary).toBe(verdict);
    const text = historyText(dir);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
    expect(historyLines(dir).at(-1)!.summary).toBe(
      'Redirected to https://•••@app.example/cb#access_token=•••&state=•••: the state matches.'
    );
  });

  it('without the keychain the whole line is in clear anyway: the summary is kept as it is', async () => {
    const dir = tempDir();
    const url = `http://127.0.0.1:${port}/api?access_token=${TOKEN}`;
    await sendAndRecord(dir, url, fakeCipher({ available: false }));
    expect(historyLines(dir)[0]!.summary).toBe(`GET ${url} → 200 OK`);
    expect(historyLines(dir)[0]).not.toHaveProperty('sealedSummary');
  });
});

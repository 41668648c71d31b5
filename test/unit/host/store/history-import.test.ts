import { describe, expect, it } from 'vitest';
import { codeFlow, harOf } from '../../shared/explain/har-builder';
import { BridgeFailure } from '../../../../shared/bridge/result';
import { call, fakeCipher, openStore, tempDir } from './helpers';

/** historyImport: a HAR file's OAuth legs become history entries marked imported, kept as the app's own are. */
const har = harOf([
  { url: 'https://cdn.example/app.js', response: 'console.log(1)' },
  ...codeFlow('c0de-imported-secret', { status: 400, response: '{"error":"invalid_grant"}' }).map((e) => ({
    ...e,
    at: (e.at ?? 0) + 1,
  })),
]);

describe('historyImport (explained on a worker thread)', () => {
  it("adds the OAuth legs' entries, marked with the file, outcome and most likely cause; reopened, they are still there", async () => {
    const dir = tempDir();
    const store = openStore(dir, { cipher: fakeCipher() });
    expect(await call(store, 'historyImport', { fileName: 'ticket-42.har', har })).toEqual({ imported: 2, legs: 2 });
    const reopened = openStore(dir, { cipher: fakeCipher() });
    const page = call(reopened, 'historyList', {});
    expect(page.total).toBe(2);
    const [token, authorize] = page.entries;
    expect(authorize).toMatchObject({
      imported: 'ticket-42.har',
      flow: 'oauth2',
      leg: 'authorize',
      outcome: 'succeeded',
    });
    expect(token).toMatchObject({ imported: 'ticket-42.har', leg: 'token', outcome: 'failed' });
    expect(token!.summary).toBe(
      'Imported from ticket-42.har, entry 2: POST https://idp.example/token → 400; no cause found in the file'
    );
    expect(token!.exchange.request.body).toContain('code=c0de-imported-secret');
    expect(call(reopened, 'historyList', { outcome: 'failed' }).entries.map((e) => e.imported)).toEqual([
      'ticket-42.har',
    ]);
  });

  it('a file that is not HAR is invalid_input naming where it stopped being readable; history off keeps nothing', async () => {
    const store = openStore(tempDir());
    const e = await call(store, 'historyImport', { fileName: 'x.har', har: '{"log": [' }).catch((e: unknown) => e);
    expect(e).toBeInstanceOf(BridgeFailure);
    expect(e).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('x.har not JSON: the text ends after 9 characters'),
    });
    call(store, 'settingsUpdate', { keepHistory: false });
    expect(await call(store, 'historyImport', { fileName: 'y.har', har })).toEqual({ imported: 0, legs: 2 });
    expect(call(store, 'historyList', {}).total).toBe(0);
  });
});

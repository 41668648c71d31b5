import { describe, expect, it } from 'vitest';
import { oauthHar } from '../../../bench/oauth-har-fixture';
import { contractHarness } from './contract-harness';

/**
 * A large HAR's explanation blocked the host for a minute. The import is explained on a worker
 * thread: over the web host's real HTTP bridge, another request is answered while it runs, and the page hears the
 * explanation's progress as historyImportProgress events.
 */
describe('historyImport of a 40,000-entry HAR over the web host', () => {
  const h = contractHarness('web host');

  it('answers other requests while the import is explained, with progress events', async () => {
    const har = oauthHar(40_000);
    let importDone = false;
    const importing = h.value<{ imported: number; legs: number }>('historyImport', { fileName: 'big.har', har });
    void importing.then(() => (importDone = true));
    // Once the worker reports its first progress the explanation is under way; the host still answers.
    await expect
      .poll(() => h.bridge.received.some((m) => m.event === 'historyImportProgress'), { timeout: 60_000 })
      .toBe(true);
    expect(await h.value('settingsGet')).toMatchObject({ keepHistory: true });
    expect(importDone).toBe(false);
    expect(await importing).toEqual({ imported: 40_000, legs: 32_000 });
    const progress = h.bridge.received
      .filter((m) => m.event === 'historyImportProgress')
      .map((m) => m.payload as { fileName: string; done: number; total: number });
    expect(progress.at(-1)).toEqual({ fileName: 'big.har', done: 32_000, total: 32_000 });
    expect(progress.every((p, i) => i === 0 || p.done >= progress[i - 1]!.done)).toBe(true);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { PendingVerdicts } from '../../../../host/store/history/pending-verdicts';
import type { HistoryEntry } from '../../../../shared/store/history';
import { exchangeVerdict, historyEntryOf, unansweredExchange } from '../../../../shared/store/history-record';

/** An exchange as the host records it with its own verdict (by the status). */
const entry = (id: string): HistoryEntry => {
  const exchange = unansweredExchange({ method: 'POST', url: 'http://127.0.0.1:9/token', headers: [] }, 0, 1);
  const answered = { ...exchange, response: { ...exchange.response, status: 200, statusText: 'OK' } };
  return historyEntryOf({ id, profileId: 'p', flow: 'oauth2', leg: 'token' }, answered, 5, exchangeVerdict(answered));
};

function counted() {
  const written: HistoryEntry[] = [];
  return { written, pending: new PendingVerdicts({ historyAdd: ({ entry: e }) => written.push(e) }) };
}

describe('exchanges held for their leg verdict', () => {
  it('are written once, when the verdict comes, with it', () => {
    const { written, pending } = counted();
    pending.target.historyAdd({ entry: entry('a') });
    expect(written).toEqual([]);
    expect(pending.settle('a', { outcome: 'failed', summary: 'The response breaks the interface.' })).toBe(true);
    expect(written.map((e) => [e.id, e.outcome, e.summary])).toEqual([
      ['a', 'failed', 'The response breaks the interface.'],
    ]);
    expect(pending.settle('a', { outcome: 'succeeded', summary: 'again' })).toBe(false);
    expect(written).toHaveLength(1);
  });

  it('are not lost when the verdict never comes: written with the host verdict when pushed out, or at close', () => {
    const { written, pending } = counted();
    for (let i = 0; i <= 64; i++) pending.target.historyAdd({ entry: entry(`e${i}`) });
    // The 65th pushed the oldest out.
    expect(written.map((e) => [e.id, e.summary])).toEqual([['e0', 'POST http://127.0.0.1:9/token → 200 OK']]);
    pending.flush();
    expect(written).toHaveLength(65);
    expect(pending.settle('e64', { outcome: 'succeeded', summary: 'late' })).toBe(false);
  });
});

import { useState } from 'react';
import { useStore } from 'zustand';
import { count, size } from './format';
import type { HistoryStore } from '../../state/history/history-store';

/** How much the history holds on disk, where, and the size bound beyond which the oldest exchanges are removed. */
export function HistoryUsage({ store }: { store: HistoryStore }) {
  const usage = useStore(store, (s) => s.usage);
  const { boundEntered } = store.getState();
  const [text, setText] = useState<string | null>(null);
  if (!usage) return null;
  const bound = Math.round(usage.maxBytes / 1024 ** 2);
  return (
    <form
      className="history-usage"
      aria-label="History size"
      onSubmit={(e) => {
        e.preventDefault();
        if (text !== null) void boundEntered(text).then(() => setText(null));
      }}
    >
      <span className="muted small" role="status" aria-label="History usage">
        {count(usage.entries, 'exchange', 'exchanges')} · {size(usage.bytes)} of {size(usage.maxBytes)} on disk in{' '}
        <code className="mono">{usage.location}</code>
      </span>
      <label className="small">
        Keep up to
        <input
          type="text"
          inputMode="numeric"
          size={7}
          value={text ?? String(bound)}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="history-bound-help"
        />
        MiB
      </label>
      <button type="submit" disabled={text === null || text === String(bound)}>
        Apply
      </button>
      <span id="history-bound-help" className="sr-only">
        Beyond this size the oldest exchanges are removed.
      </span>
    </form>
  );
}

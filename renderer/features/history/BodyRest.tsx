import { useState } from 'react';
import type { BodyPart } from '../../../shared/store/history';
import { useDeps } from '../../app/stores';
import { maskText } from './mask';

const chars = (n: number) => n.toLocaleString('en-US');

/** Characters fetched per "Show more": enough to read on, little enough to render without stalling the page. */
export const REST_CHUNK_CHARS = 128 * 1024;

/**
 * The rest of a body the list gave only the start of (a 10 MB response is not put on the page at once): each
 * "Show more" fetches the next part with historyBody and adds it as its own block, so earlier text is not
 * rendered again. Masked like the rest of the detail until the secrets are revealed.
 */
export function BodyRest({ id, part, shown, total, secrets, reveal }: { id: string; part: BodyPart; shown: number; total: number; secrets: readonly string[]; reveal: boolean }) {
  const { bridge } = useDeps();
  const [chunks, setChunks] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = shown + chunks.reduce((n, c) => n + c.length, 0);
  const more = async () => {
    setBusy(true);
    const r = await bridge.historyBody({ id, part, offset: loaded, length: REST_CHUNK_CHARS });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setError(null);
    setChunks((c) => [...c, r.value.text]);
  };
  const label = part === 'request' ? 'request body' : 'response body';
  return (
    <div className="body-rest" role="group" aria-label={`Rest of the ${label}`}>
      {chunks.length > 0 && (
        <div className="body-rest-text" tabIndex={0} aria-label={`More of the ${label}`}>
          {chunks.map((c, i) => (
            <pre key={i} className="mono wire">{reveal ? c : maskText(c, secrets)}</pre>
          ))}
        </div>
      )}
      <p className="muted small">
        Showing {chars(loaded)} of the {label}'s {chars(total)} characters.{' '}
        {loaded < total && (
          <button type="button" className="link" disabled={busy} onClick={() => void more()}>
            {busy ? 'Loading…' : `Show the next ${chars(Math.min(REST_CHUNK_CHARS, total - loaded))} characters`}
          </button>
        )}
      </p>
      {error && <p className="error" role="alert">Could not read the rest: {error}</p>}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { BodyPart } from '../../../shared/store/history';
import { maskText } from '../../components/mask';
import type { HistoryState } from '../../state/history/history-state';

const chars = (n: number) => n.toLocaleString('en-US');

/** Characters fetched per "Show more". */
export const REST_CHUNK_CHARS = 128 * 1024;
/** A fetched part goes on the page this many characters per task, so no single task lays out all of it. */
const PIECE_CHARS = 16 * 1024;

const piecesOf = (text: string) =>
  Array.from({ length: Math.ceil(text.length / PIECE_CHARS) }, (_, k) =>
    text.slice(k * PIECE_CHARS, (k + 1) * PIECE_CHARS)
  );

/** A fetched part: as sent, and masked as a whole (so a secret is never split between two pieces before masking). */
interface Chunk {
  readonly plain: string;
  readonly masked: string;
}

/**
 * The rest of a body the list gave only the start of (a 10 MB response is not put on the page at once): each
 * "Show more" fetches the next part with historyBody and adds it piece by piece, one piece per task, so the page
 * stays responsive and earlier text is not rendered again. Masked like the rest of the detail until revealed.
 */
export function BodyRest({
  id,
  part,
  shown,
  total,
  secrets,
  reveal,
  read,
}: {
  id: string;
  part: BodyPart;
  shown: number;
  total: number;
  secrets: readonly string[];
  reveal: boolean;
  read: HistoryState['bodyRestRequested'];
}) {
  const [chunks, setChunks] = useState<readonly Chunk[]>([]);
  /** Pieces of the last chunk on the page so far; earlier chunks are there whole. */
  const [placed, setPlaced] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = shown + chunks.reduce((n, c) => n + c.plain.length, 0);
  const textOf = (c: Chunk) => (reveal ? c.plain : c.masked);
  const last = chunks.at(-1);
  const lastPieces = last ? piecesOf(textOf(last)) : [];
  const placing = placed < lastPieces.length;

  useEffect(() => {
    if (!placing) return;
    const next = setTimeout(() => setPlaced((n) => n + 1), 0);
    return () => clearTimeout(next);
  }, [placing, placed]);

  const more = async () => {
    setBusy(true);
    const r = await read(id, part, loaded, REST_CHUNK_CHARS);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setError(null);
    setChunks((c) => [...c, { plain: r.value.text, masked: maskText(r.value.text, secrets) }]);
    setPlaced(1);
  };
  const label = part === 'request' ? 'request body' : 'response body';
  return (
    <div className="body-rest" role="group" aria-label={`Rest of the ${label}`}>
      {chunks.length > 0 && (
        <div className="body-rest-text" tabIndex={0} aria-label={`More of the ${label}`}>
          {chunks.slice(0, -1).flatMap((c, i) =>
            piecesOf(textOf(c)).map((p, k) => (
              <pre key={`${i}-${k}`} className="mono wire">
                {p}
              </pre>
            ))
          )}
          {lastPieces.slice(0, placed).map((p, k) => (
            <pre key={`${chunks.length - 1}-${k}`} className="mono wire">
              {p}
            </pre>
          ))}
        </div>
      )}
      <p className="muted small">
        Showing {chars(loaded)} of the {label}'s {chars(total)} characters.{' '}
        {loaded < total && (
          <button type="button" className="link" disabled={busy || placing} onClick={() => void more()}>
            {busy ? 'Loading…' : `Show the next ${chars(Math.min(REST_CHUNK_CHARS, total - loaded))} characters`}
          </button>
        )}
      </p>
      {error && (
        <p className="error" role="alert">
          Could not read the rest: {error}
        </p>
      )}
    </div>
  );
}

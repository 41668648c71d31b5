import { join } from 'node:path';
import {
  HISTORY_PREVIEW_CHARS,
  type BodyPart,
  type HistoryEntry,
  type HistoryListedEntry,
  type HistoryQuery,
} from '../../../shared/store/history';
import type { SecretBox } from '../secrets';
import type { HistoryIndex, Indexed } from './history-index';
import { loadBody, loadEntry, type LinePlace } from './history-read';
import { segmentName } from './history-segment';

/**
 * Answers a list page, a whole entry or a slice of a body from the index (history-index.ts) and the lines and body
 * files it points to (history-read.ts). The caller (history-files.ts) first brings the index up to date.
 */
export class HistoryLookup {
  constructor(
    private readonly dir: string,
    private readonly box: SecretBox,
    private readonly entries: HistoryIndex
  ) {}

  /** The page of readable entries that match, newest first, with their bodies cut to a preview; and how many match. */
  page(q: HistoryQuery): { entries: HistoryListedEntry[]; total: number } {
    const page: Indexed[] = [];
    let total = 0;
    for (const e of this.entries.newestFirst()) {
      const m = e.meta;
      if (!e.readable) continue;
      if (
        (q.profileId !== undefined && m.profileId !== q.profileId) ||
        (q.flow !== undefined && m.flow !== q.flow) ||
        (q.leg !== undefined && m.leg !== q.leg) ||
        (q.outcome !== undefined && m.outcome !== q.outcome)
      )
        continue;
      if (total >= q.offset && page.length < q.limit) page.push(e);
      total++;
    }
    return { entries: page.flatMap((e) => loadEntry(this.place(e), HISTORY_PREVIEW_CHARS, this.box) ?? []), total };
  }

  /** The whole entry (bodies complete), or undefined. */
  full(id: string): HistoryEntry | undefined {
    const e = this.entries.get(id);
    if (!e?.readable) return undefined;
    const loaded = loadEntry(this.place(e), Infinity, this.box);
    if (!loaded) return undefined;
    const { cut: _cut, ...entry } = loaded;
    return entry;
  }

  /** Characters offset..offset+length of a body, and its whole length; undefined when there is no such entry. */
  body(
    id: string,
    part: BodyPart,
    offset: number,
    length: number
  ): { text: string; offset: number; total: number } | undefined {
    const e = this.entries.get(id);
    const text = e?.readable ? loadBody(this.place(e), part, this.box) : undefined;
    if (text === undefined) return undefined;
    return { text: text.slice(offset, offset + length), offset: Math.min(offset, text.length), total: text.length };
  }

  private place(e: Indexed): LinePlace {
    return { dir: join(this.dir, segmentName(e.segment)), offset: e.offset, length: e.length };
  }
}

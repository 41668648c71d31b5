import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LINES } from './history-read';

/** One segment of the history (history-files.ts): a directory `<dir>/<number>/` of lines and body files. */
export interface Segment {
  readonly n: number;
  /** Bytes of entries.jsonl read so far: up to and including its last newline. */
  parsed: number;
  /** Bytes on disk: the lines read plus their body files (or, for a segment only measured, its files' sizes). */
  bytes: number;
  count: number;
  /** Sized from its files without reading its lines (an older segment before the index is built). */
  measured?: boolean;
  /** Why its sealed exchanges cannot be opened now (the keychain changed or is gone). */
  lost?: string;
}

export const segmentName = (n: number) => String(n).padStart(8, '0');

export const linesPath = (historyDir: string, n: number) => join(historyDir, segmentName(n), LINES);

/**
 * The complete lines of `path` from byte `from` on, each with its offset (without its newline); `end` is the byte
 * after the last newline. A line still being written (no newline yet) waits for the next call.
 */
export function readCompleteLines(
  path: string,
  from: number
): { lines: { offset: number; bytes: Buffer }[]; end: number } {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= from) return { lines: [], end: from };
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(size - from);
    const got = readSync(fd, buf, 0, buf.length, from);
    const lines: { offset: number; bytes: Buffer }[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10, 0); nl !== -1 && nl < got; nl = buf.indexOf(10, start)) {
      lines.push({ offset: from + start, bytes: buf.subarray(start, nl) });
      start = nl + 1;
    }
    return { lines, end: from + start };
  } finally {
    closeSync(fd);
  }
}

/** The bytes of a segment's files (its lines and body files), without reading them; 0 when it is gone. */
export function segmentFilesSize(historyDir: string, n: number): number {
  const dir = join(historyDir, segmentName(n));
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch (e) {
    // Removed by another process meanwhile (the oldest, evicted): the next sync forgets it.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let bytes = 0;
  for (const name of names) bytes += statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

import { randomBytes } from 'node:crypto';
import { appendFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BodyPart, HistoryEntry, HistoryListedEntry, HistoryQuery } from '../../../shared/store/history';
import { ensurePrivateDirectory } from '../file-backend';
import type { SecretBox } from '../secrets';
import { lockFile } from '../store-lock';
import { encodeEntry, indexLine, openExchange, parseLine } from './history-codec';
import { HistoryIndex } from './history-index';
import { HistoryLookup } from './history-lookup';
import { linesPath, readCompleteLines, segmentFilesSize, segmentName, type Segment } from './history-segment';

/*
 * The history on disk: append-only segments, each a directory `<dir>/<number>/` holding `entries.jsonl` (one
 * line per exchange) and the files of its large bodies (`<random>.response`). An exchange is its body files and
 * then one write of one line (O_APPEND), so appending costs the same whatever the history holds; the oldest
 * segment is removed as a whole when the bound is passed. Only the entries' metadata (and where each line is)
 * stays in memory; a page of the list reads its lines and the start of their bodies. That index is built when a
 * list or an entry is first asked for: until then only the newest segment's lines are read and the older
 * segments are measured by their files' sizes, so opening the store to append (the CLI's `flow` and `call`)
 * costs the same whatever the history holds.
 *
 * Several processes may share the directory. Appends need no lock: each line is a single append, and body file
 * names are random. Removing segments, clearing and repairing a line cut short by a crash happen under
 * `<dir>.lock`. Every call first reads what others appended (the bytes past what it has read, and segments
 * added or removed).
 */

/** A segment stops taking appends at this many entries, or at an eighth of the size bound. */
const SEGMENT_ENTRIES = 2_000;
const SEGMENT_SHARE = 8;
const LOCK_TIMEOUT_MS = 3_000;

export class HistoryFiles {
  private readonly segments = new Map<number, Segment>();
  private readonly entries = new HistoryIndex();
  /** Lines that could not be read, for a notice. */
  private skipped = 0;
  /** Segments whose first sealed line was tried (see checkSealed). */
  private readonly checked = new Set<number>();
  /** The newest segment at the last sync: older ones take no more appends, so only it and newer ones are read on. */
  private newest = 0;
  /** Whether every segment's lines are in the index (see buildIndex). */
  private indexed = false;
  /** Reads entries where the index says they are (once readAll has brought it up to date). */
  private readonly lookup: HistoryLookup;

  constructor(
    readonly dir: string,
    private readonly box: SecretBox,
    private readonly maxBytes: () => number
  ) {
    this.lookup = new HistoryLookup(dir, box, this.entries);
    ensurePrivateDirectory(dir);
    this.sync();
    this.repair();
  }

  /** A line cut short by a crash would run into the next one: cut it off (under the lock, so no writer is mid-line). */
  private repair(): void {
    const newest = this.segments.get(Math.max(0, ...this.segments.keys()));
    if (!newest) return;
    this.locked(() => {
      const size = statSync(this.linesPath(newest.n), { throwIfNoEntry: false })?.size ?? 0;
      if (size > newest.parsed) truncateSync(this.linesPath(newest.n), newest.parsed);
    });
  }

  /** What the user should hear about after opening: entries that cannot be decrypted or read. */
  notices(): string[] {
    this.readAll();
    const out: string[] = [];
    const lost = [...this.segments.values()].filter((s) => s.lost);
    let hidden = 0;
    for (const e of this.entries.newestFirst()) if (!e.readable) hidden++;
    if (hidden)
      out.push(
        `${hidden} history ${hidden === 1 ? 'entry is' : 'entries are'} not listed: ${lost[0]?.lost ?? 'it cannot be decrypted'}. They stay in ${this.dir} in case the keychain comes back; clearing the history removes them.`
      );
    if (this.skipped)
      out.push(
        `${this.skipped} history ${this.skipped === 1 ? 'line' : 'lines'} in ${this.dir} could not be read and ${this.skipped === 1 ? 'is' : 'are'} left out.`
      );
    return out;
  }

  usage(): { entries: number; bytes: number; maxBytes: number; location: string } {
    this.readAll();
    return {
      entries: this.entries.size,
      bytes: this.bytesOnDisk(),
      maxBytes: this.maxBytes(),
      location: this.dir,
    };
  }

  private bytesOnDisk(): number {
    let bytes = 0;
    for (const s of this.segments.values()) bytes += s.bytes;
    return bytes;
  }

  /** Takes in what other processes appended or removed since the last call. */
  sync(): void {
    const onDisk = new Set(
      readdirSync(this.dir)
        .filter((n) => /^[0-9]{8}$/.test(n))
        .map(Number)
    );
    for (const n of this.segments.keys()) if (!onDisk.has(n)) this.dropSegment(n);
    const newest = Math.max(0, ...onDisk);
    for (const n of [...onDisk].sort((a, b) => a - b)) {
      const known = this.segments.get(n);
      if (known ? n >= this.newest && !known.measured : this.indexed || n === newest)
        this.readTail(known ?? this.addSegment(n));
      else if (!known) this.measure(this.addSegment(n));
    }
    this.newest = newest;
  }

  /** An older segment's size from its files (its lines and body files), without reading its lines. */
  private measure(s: Segment): void {
    s.measured = true;
    s.bytes += segmentFilesSize(this.dir, s.n);
  }

  /** Builds the index from every segment's lines, once; later syncs read only what is appended. */
  private buildIndex(): void {
    if (this.indexed) return;
    this.indexed = true;
    this.entries.clear();
    this.checked.clear();
    this.skipped = 0;
    for (const n of [...this.segments.keys()].sort((a, b) => a - b)) {
      const s = this.segments.get(n)!;
      [s.parsed, s.bytes, s.count, s.measured] = [0, 0, 0, false];
      delete s.lost;
      this.readTail(s);
    }
  }

  /** What others appended or removed, and the whole index: for lists and entries. */
  private readAll(): void {
    this.sync();
    this.buildIndex();
  }

  private addSegment(n: number): Segment {
    const s: Segment = { n, parsed: 0, bytes: 0, count: 0 };
    this.segments.set(n, s);
    return s;
  }

  private linesPath = (n: number) => linesPath(this.dir, n);

  /** Reads the complete lines past `parsed`; a line still being written (no newline yet) waits for the next call. */
  private readTail(s: Segment): void {
    const { lines, end } = readCompleteLines(this.linesPath(s.n), s.parsed);
    for (const line of lines) this.take(s, line.offset, line.bytes);
    s.bytes += end - s.parsed;
    s.parsed = end;
  }

  private take(s: Segment, offset: number, bytes: Buffer): void {
    const text = bytes.toString('utf8');
    const indexed = indexLine(text);
    if (!indexed.ok) return void this.skipped++;
    s.bytes += indexed.bodyBytes;
    if (indexed.sealed && !this.checked.has(s.n)) this.checkSealed(s, text);
    this.entries.add({
      meta: indexed.meta,
      segment: s.n,
      offset,
      length: bytes.length,
      readable: !(indexed.sealed && s.lost),
    });
    s.count++;
  }

  /** The first sealed line of a segment is opened once: a keychain that cannot open it cannot open its neighbours. */
  private checkSealed(s: Segment, text: string): void {
    this.checked.add(s.n);
    const parsed = parseLine(text);
    const opened = parsed.ok ? openExchange(parsed.line, this.box) : { ok: false as const, problem: parsed.problem };
    if (!opened.ok) s.lost = opened.problem;
  }

  private dropSegment(n: number): void {
    this.segments.delete(n);
    this.checked.delete(n);
    this.entries.dropSegment(n);
  }

  private locked<T>(fn: () => T): T {
    const release = lockFile(this.dir, LOCK_TIMEOUT_MS);
    try {
      this.sync();
      return fn();
    } finally {
      release();
    }
  }

  /** Appends entries (each replacing one with the same id), then removes the oldest segments beyond the bound. */
  append(...entries: readonly HistoryEntry[]): void {
    this.sync();
    for (const entry of entries) this.appendLine(() => encodeEntry(entry, this.box, randomBytes(8).toString('hex')));
    this.evictIfOver();
  }

  /** Appends records as an older store kept them (their exchange sealed by a keychain that may come back). */
  appendStored(...stored: readonly Record<string, unknown>[]): void {
    this.sync();
    for (const line of stored) this.appendLine(() => ({ line, files: new Map() }));
    this.evictIfOver();
  }

  /** Body files first, then the line in one append: a reader never sees a line whose bodies are not there yet. */
  private appendLine(encode: () => { line: unknown; files: ReadonlyMap<string, Buffer> }): void {
    const s = this.current();
    const { line, files } = encode();
    const path = this.linesPath(s.n);
    const written: string[] = [];
    const before = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    try {
      for (const [name, data] of files) {
        written.push(join(this.dir, segmentName(s.n), name));
        writeFileSync(written.at(-1)!, data, { mode: 0o600 });
      }
      appendFileSync(path, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    } catch (e) {
      // A full disk: nothing of this exchange stays, and no half line is left for the next one to run into.
      for (const f of written) rmSync(f, { force: true });
      if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > before) truncateSync(path, before);
      throw e;
    }
    this.readTail(s);
  }

  private evictIfOver(): void {
    if (this.bytesOnDisk() > this.maxBytes()) this.locked(() => this.evict());
  }

  /** The segment appends go to: the newest, or a new one when it is full. */
  private current(): Segment {
    const newest = Math.max(0, ...this.segments.keys());
    const s = this.segments.get(newest);
    if (s && s.count < SEGMENT_ENTRIES && s.bytes < this.maxBytes() / SEGMENT_SHARE) return s;
    ensurePrivateDirectory(join(this.dir, segmentName(newest + 1)));
    return this.addSegment(newest + 1);
  }

  /** Removes the oldest segments while the history is over its bound; the newest always stays. */
  evict(): void {
    let total = this.bytesOnDisk();
    const order = [...this.segments.keys()].sort((a, b) => a - b);
    for (const n of order.slice(0, -1)) {
      if (total <= this.maxBytes()) break;
      total -= this.segments.get(n)!.bytes;
      rmSync(join(this.dir, segmentName(n)), { recursive: true, force: true });
      this.dropSegment(n);
    }
  }

  /** Removes the bound's excess now (after the user lowered it). */
  enforceBound(): void {
    this.locked(() => this.evict());
  }

  /** Removes everything, unreadable entries included; returns how many entries there were. */
  clear(): number {
    return this.locked(() => {
      this.buildIndex();
      const n = this.entries.size;
      for (const s of [...this.segments.keys()]) {
        rmSync(join(this.dir, segmentName(s)), { recursive: true, force: true });
        this.dropSegment(s);
      }
      return n;
    });
  }

  query(q: HistoryQuery): { entries: HistoryListedEntry[]; total: number } {
    this.readAll();
    return this.lookup.page(q);
  }

  /** The whole entry (bodies complete), or undefined. */
  full(id: string): HistoryEntry | undefined {
    this.readAll();
    return this.lookup.full(id);
  }

  /** Characters offset..offset+length of a body, and its whole length; undefined when there is no such entry. */
  body(id: string, part: BodyPart, offset: number, length: number): ReturnType<HistoryLookup['body']> {
    this.readAll();
    return this.lookup.body(id, part, offset, length);
  }
}

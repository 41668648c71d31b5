import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { BodyPart, HistoryListedEntry } from '../../../shared/store/history';
import type { SecretBox } from '../secrets';
import {
  assemble,
  openBody,
  openExchange,
  openSummary,
  parseLine,
  type BodyRef,
  type HistoryLine,
} from './history-codec';

/** The lines of a segment, in its directory. */
export const LINES = 'entries.jsonl';

/** Where one entry is: its segment's directory, and the bytes of its line in entries.jsonl. */
export interface LinePlace {
  readonly dir: string;
  readonly offset: number;
  readonly length: number;
}

function readAt(path: string, length: number, position: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const got = readSync(fd, buf, 0, length, position);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** The line, checked in full; undefined when it does not pass. */
function readLine(place: LinePlace): HistoryLine | undefined {
  const parsed = parseLine(readAt(join(place.dir, LINES), place.length, place.offset).toString('utf8'));
  return parsed.ok ? parsed.line : undefined;
}

/** A body's text, only its first `chars` characters when it is longer (sealed bodies are read whole to be opened). */
function readBody(dir: string, ref: BodyRef, chars: number, box: SecretBox): { text: string; bytes?: Buffer } {
  // A UTF-8 character takes at most 4 bytes: that many bytes hold the first `chars` characters.
  const want = ref.sealed || !Number.isFinite(chars) ? ref.size : Math.min(ref.size, chars * 4);
  const data = readAt(join(dir, ref.file), want, 0);
  if (want < ref.size) return { text: data.toString('utf8').slice(0, chars) };
  const opened = openBody(ref, data, box);
  return opened.text.length > chars ? { text: opened.text.slice(0, chars) } : opened;
}

/** The entry with each body cut to `chars` characters (`cut` says which); undefined when it cannot be read. */
export function loadEntry(place: LinePlace, chars: number, box: SecretBox): HistoryListedEntry | undefined {
  try {
    const line = readLine(place);
    if (!line) return undefined;
    const opened = openExchange(line, box);
    if (!opened.ok) return undefined;
    const cut: { request?: number; response?: number } = {};
    const bodies: Parameters<typeof assemble>[2] = {};
    for (const part of ['request', 'response'] as const) {
      const ref = line.bodies?.[part];
      if (!ref) continue;
      bodies[part] = readBody(place.dir, ref, chars, box);
      if (ref.length > chars) cut[part] = ref.length;
    }
    const complete = cut.request === undefined && cut.response === undefined;
    const entry = assemble({ ...line, summary: openSummary(line, box) }, opened.exchange, bodies, complete);
    return complete ? entry : { ...entry, cut };
  } catch {
    return undefined; // removed by another process meanwhile, or a body file lost: left out
  }
}

/** One body's whole text; undefined when the entry cannot be read. */
export function loadBody(place: LinePlace, part: BodyPart, box: SecretBox): string | undefined {
  const line = readLine(place);
  if (!line) return undefined;
  const ref = line.bodies?.[part];
  if (ref) return readBody(place.dir, ref, Infinity, box).text;
  const opened = openExchange(line, box);
  if (!opened.ok) return undefined;
  return part === 'request' ? (opened.exchange.request.body ?? '') : opened.exchange.response.bodyText;
}

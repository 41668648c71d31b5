import { z } from 'zod';
import { describeIssues } from '../../../shared/schema-issues';
import { historyEntrySchema, type BodyPart, type HistoryEntry } from '../../../shared/store/history';
import { isSealed, type SealedSecret, type SecretBox } from '../secrets';
import { clearSummary } from './clear-summary';

/*
 * A history entry as one line of a segment file, and its large bodies as files beside it. The exchange is sealed
 * as a whole when the OS keychain is there (its headers and bodies carry Authorization values, token secrets,
 * refresh tokens), so nothing in it has to be recognised as secret; the rest of the line (profile, leg, outcome,
 * time, summary) stays readable so the list can be built and filtered without decrypting; the summary's URLs are
 * masked there, the whole summary sealed beside it (clear-summary.ts). Each body is kept
 * once: the response's base64 copy is dropped when it is the UTF-8 of its text, or the text when the body is
 * binary (it is then the bytes decoded as UTF-8, as the transport made it).
 */

const SUMMARY_MAX = historyEntrySchema.shape.summary.maxLength ?? 2000;

/** Bodies larger than this (in bytes) get a file of their own, so the lines stay small and quick to scan. */
const INLINE_BODY_BYTES = 8 * 1024;

const bodyRefSchema = z.strictObject({
  /** File name in the segment's directory. */
  file: z.string().regex(/^[0-9a-f]{16}\.(request|response)$/),
  /** Length of the body's text in characters. */
  length: z.number().int().nonnegative(),
  /** Bytes on disk. */
  size: z.number().int().nonnegative(),
  /** `bytes`: the file holds the body's bytes (text and base64 are derived); `text`: its text as UTF-8. */
  form: z.enum(['text', 'bytes']),
  sealed: z.boolean(),
});
export type BodyRef = z.infer<typeof bodyRefSchema>;

export const historyMetaSchema = historyEntrySchema.omit({ exchange: true });
export type HistoryMeta = z.infer<typeof historyMetaSchema>;

const lineSchema = historyMetaSchema.extend({
  exchange: z.unknown(),
  bodies: z.strictObject({ request: bodyRefSchema.optional(), response: bodyRefSchema.optional() }).optional(),
  /** The summary as given, when the clear `summary` had to mask part of it (sealed with the exchange's key). */
  sealedSummary: z.strictObject({ $enc: z.string() }).optional(),
  /** The response's bodyBase64 was dropped: it is the base64 of its text's UTF-8. */
  base64: z.literal('derived').optional(),
});
export type HistoryLine = z.infer<typeof lineSchema>;

export interface EncodedEntry {
  readonly line: HistoryLine;
  /** Files to write before the line, by name. */
  readonly files: ReadonlyMap<string, Buffer>;
}

type Exchange = HistoryEntry['exchange'];

function sealBody(data: Buffer, form: BodyRef['form'], box: SecretBox): { data: Buffer; sealed: boolean } {
  if (box.storage !== 'encrypted' || data.length === 0) return { data, sealed: false };
  const sealed = box.seal(form === 'bytes' ? data.toString('base64') : data.toString('utf8'));
  return typeof sealed === 'string'
    ? { data, sealed: false }
    : { data: Buffer.from(sealed.$enc, 'latin1'), sealed: true };
}

/** `fileBase` (16 random hex digits) names the body files: `<fileBase>.request`, `<fileBase>.response`. */
export function encodeEntry(entry: HistoryEntry, box: SecretBox, fileBase: string): EncodedEntry {
  const { exchange, ...meta } = entry;
  const files = new Map<string, Buffer>();
  const bodies: { request?: BodyRef; response?: BodyRef } = {};
  let request = exchange.request;
  let response: Exchange['response'] = exchange.response;
  let base64: 'derived' | undefined;

  const keep = (part: BodyPart, data: Buffer, form: BodyRef['form'], length: number) => {
    const file = `${fileBase}.${part}`;
    const stored = sealBody(data, form, box);
    files.set(file, stored.data);
    bodies[part] = { file, length, size: stored.data.length, form, sealed: stored.sealed };
  };

  if (request.body !== undefined && Buffer.byteLength(request.body) > INLINE_BODY_BYTES) {
    keep('request', Buffer.from(request.body, 'utf8'), 'text', request.body.length);
    request = { ...request, body: '' };
  }

  const { bodyBase64, ...rest } = response;
  const text = Buffer.from(response.bodyText, 'utf8');
  if (bodyBase64 === undefined || text.toString('base64') === bodyBase64) {
    if (bodyBase64 !== undefined) [base64, response] = ['derived', rest];
    if (text.length > INLINE_BODY_BYTES) {
      keep('response', text, 'text', response.bodyText.length);
      response = { ...response, bodyText: '' };
    }
  } else {
    const bytes = Buffer.from(bodyBase64, 'base64');
    if (bytes.length > INLINE_BODY_BYTES && bytes.toString('utf8') === response.bodyText) {
      keep('response', bytes, 'bytes', response.bodyText.length);
      response = { ...rest, bodyText: '' };
    }
  }

  const stripped: Exchange = { ...exchange, request, response };
  const line: HistoryLine = {
    ...meta,
    ...sealSummary(meta.summary, box),
    exchange: box.storage === 'encrypted' ? box.seal(JSON.stringify(stripped)) : stripped,
    ...(bodies.request || bodies.response ? { bodies } : {}),
    ...(base64 ? { base64 } : {}),
  };
  return { line, files };
}

/** With the keychain, the summary in clear masks its URLs' secrets and the whole one is sealed; without, it is as is. */
function sealSummary(summary: string, box: SecretBox): { summary: string; sealedSummary?: SealedSecret } {
  if (box.storage !== 'encrypted') return { summary };
  const masked = clearSummary(summary).slice(0, SUMMARY_MAX);
  if (masked === summary) return { summary };
  const sealed = box.seal(summary);
  return isSealed(sealed) ? { summary: masked, sealedSummary: sealed } : { summary: masked };
}

/** The summary as given: the sealed one opened, or the clear one when none was sealed or it cannot be opened. */
export function openSummary(line: HistoryLine, box: SecretBox): string {
  if (!line.sealedSummary) return line.summary;
  const opened = box.open(line.sealedSummary);
  return opened.kind === 'decrypted' ? opened.value : line.summary;
}

export type ParsedLine =
  | { readonly ok: true; readonly line: HistoryLine; readonly sealed: boolean }
  | { readonly ok: false; readonly problem: string };

/** A line's JSON text, checked; never throws. */
export function parseLine(text: string): ParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: `not JSON (${(e as Error).message})` };
  }
  const parsed = lineSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  return { ok: true, line: parsed.data, sealed: isSealed(parsed.data.exchange) };
}

const FLOWS = new Set(historyMetaSchema.shape.flow.options);
const OUTCOMES = new Set(historyMetaSchema.shape.outcome.options);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bodySize = (ref: unknown) => (isRecord(ref) && typeof ref.size === 'number' ? ref.size : 0);

export type IndexedLine =
  | { readonly ok: true; readonly meta: HistoryMeta; readonly bodyBytes: number; readonly sealed: boolean }
  | { readonly ok: false };

/**
 * What the index needs of a line, checked only for its shape: opening the history reads every line, and the full
 * schema (parseLine) costs five times the JSON parse. A line is checked in full when it is read for a page.
 */
export function indexLine(text: string): IndexedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (!isRecord(raw)) return { ok: false };
  const { id, profileId, flow, leg, outcome, summary, at, bodies } = raw;
  if (
    typeof id !== 'string' ||
    typeof profileId !== 'string' ||
    !FLOWS.has(flow as never) ||
    typeof leg !== 'string' ||
    !OUTCOMES.has(outcome as never) ||
    typeof summary !== 'string' ||
    !Number.isSafeInteger(at)
  )
    return { ok: false };
  const meta = { id, profileId, flow, leg, outcome, summary, at } as HistoryMeta;
  return {
    ok: true,
    meta,
    bodyBytes: isRecord(bodies) ? bodySize(bodies.request) + bodySize(bodies.response) : 0,
    sealed: isSealed(raw.exchange),
  };
}

export type OpenedExchange =
  { readonly ok: true; readonly exchange: Exchange } | { readonly ok: false; readonly problem: string };

/** The line's exchange (bodies kept in files still empty), decrypted when sealed. */
export function openExchange(line: HistoryLine, box: SecretBox): OpenedExchange {
  let raw = line.exchange;
  if (isSealed(raw)) {
    const opened = box.open(raw);
    if (opened.kind !== 'decrypted')
      return { ok: false, problem: opened.kind === 'lost' ? opened.reason : 'the exchange is not a sealed value' };
    try {
      raw = JSON.parse(opened.value);
    } catch {
      return { ok: false, problem: 'the decrypted exchange is not JSON' };
    }
  }
  const parsed = historyEntrySchema.shape.exchange.safeParse(raw);
  return parsed.success ? { ok: true, exchange: parsed.data } : { ok: false, problem: describeIssues(parsed.error) };
}

/** A body file's content as text (and, for `bytes`, its bytes), decrypted when sealed. */
export function openBody(ref: BodyRef, data: Buffer, box: SecretBox): { text: string; bytes?: Buffer } {
  let content = data;
  if (ref.sealed) {
    const opened = box.open({ $enc: data.toString('latin1') });
    if (opened.kind !== 'decrypted')
      throw new Error(opened.kind === 'lost' ? opened.reason : 'the body is not a sealed value');
    content = ref.form === 'bytes' ? Buffer.from(opened.value, 'base64') : Buffer.from(opened.value, 'utf8');
  }
  return ref.form === 'bytes' ? { text: content.toString('utf8'), bytes: content } : { text: content.toString('utf8') };
}

/**
 * The entry with its bodies put back: `bodies` gives each part's text and bytes. When `complete` is false a body
 * may be only its start, and the response's base64 copy is left out rather than made from part of it.
 */
export function assemble(
  line: HistoryLine,
  exchange: Exchange,
  bodies: { request?: { text: string }; response?: { text: string; bytes?: Buffer } },
  complete: boolean
): HistoryEntry {
  const { bodies: _refs, base64, exchange: _stored, sealedSummary: _sealed, ...meta } = line;
  let { request, response } = exchange;
  if (bodies.request) request = { ...request, body: bodies.request.text };
  if (bodies.response)
    response = {
      ...response,
      bodyText: bodies.response.text,
      ...(bodies.response.bytes ? { bodyBase64: bodies.response.bytes.toString('base64') } : {}),
    };
  if (base64 === 'derived' && complete)
    response = { ...response, bodyBase64: Buffer.from(response.bodyText, 'utf8').toString('base64') };
  return { ...meta, exchange: { ...exchange, request, response } };
}

import { resolve } from 'node:path';
import { describeWriteCause, StoreWriteError, writeFileDurably } from '../store/durable-write';
import { UsageError, type TextOutput } from './io';

/** A file a flag asks for (--report, --junit, --sarif): `path` undefined when the flag is not given. */
export interface ReportFile {
  readonly flag: string;
  readonly path: string | undefined;
  /** The file's text, made only when it is asked for. */
  readonly text: () => string;
}

/** What a report-making command outputs: its files, and on stdout one line of JSON (--json) or its text. */
export interface ReportOutputs {
  readonly files: readonly ReportFile[];
  /** Given with --json: the value printed instead of the text. */
  readonly json: (() => unknown) | undefined;
  readonly text: (out: TextOutput) => void;
}

/**
 * The command's own stdout by name. Written to the stream the command prints on, as a shell's redirection takes
 * `/dev/stdout` (bash duplicates the descriptor): a stdout that is a socket (a Node parent's pipe) cannot be opened
 * by that name (ENXIO), and the page then comes before the command's text, in order.
 */
const STDOUT_ALIASES = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/**
 * Writes a file a flag asks for, replaced whole or not at all (written beside it, then renamed over it: a reader of
 * the old file keeps it, a failed write leaves the old one); `/dev/stdout` goes to `out`, and another target that is
 * not a regular file (a FIFO, a terminal) is written in place. One that cannot be written is a UsageError naming its
 * flag, its path and the cause.
 */
export function writeReportFile(out: TextOutput, f: ReportFile & { readonly path: string }): void {
  if (STDOUT_ALIASES.has(resolve(f.path))) return void out.write(f.text());
  try {
    writeFileDurably(f.path, f.text(), { mode: 0o644 });
  } catch (e) {
    if (!(e instanceof StoreWriteError)) throw e;
    throw new UsageError(`${f.flag} ${f.path}: cannot write (${e.code ?? describeWriteCause(e.cause).text}).`);
  }
}

/** Writes each file asked for (writeReportFile), then prints the JSON or the text. */
export function writeOutputs(out: TextOutput, o: ReportOutputs): void {
  for (const f of o.files) if (f.path !== undefined) writeReportFile(out, { ...f, path: f.path });
  if (o.json) out.write(`${JSON.stringify(o.json())}\n`);
  else o.text(out);
}

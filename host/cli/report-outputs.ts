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
 * Writes each file asked for, each replaced whole or not at all (written beside it, then renamed over it: a reader
 * of the old file keeps it, a failed write leaves the old one), then prints the JSON or the text. A file that cannot
 * be written is a UsageError naming its flag, its path and the cause.
 */
export function writeOutputs(out: TextOutput, o: ReportOutputs): void {
  for (const f of o.files) {
    if (f.path === undefined) continue;
    try {
      writeFileDurably(f.path, f.text(), { mode: 0o644 });
    } catch (e) {
      if (!(e instanceof StoreWriteError)) throw e;
      throw new UsageError(`${f.flag} ${f.path}: cannot write (${e.code ?? describeWriteCause(e.cause).text}).`);
    }
  }
  if (o.json) out.write(`${JSON.stringify(o.json())}\n`);
  else o.text(out);
}

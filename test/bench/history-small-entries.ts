import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAppStore } from '../../host/store';
import { HISTORY_DIR_NAME } from '../../host/store/history/history-methods';
import { exchangeEntry, writeSmallHistoryFixture } from './history-fixture';

/**
 * Many small exchanges (150,000, about 87 MB of lines, under the default 256 MiB bound) beside 100: the real
 * `oauth-lab call` (a process that opens the store and appends one exchange), opening the store and appending in
 * this process, and opening History (the store, then the list's first page). Targets: `call` under 1.5 s and
 * at most 1.5 times the call at 100 exchanges; opening and appending at most twice the time at 100.
 * BENCH_HISTORY_SMALL (default 150000), BENCH_HISTORY_CALLS (per history, default 5).
 */
const MANY = Number(process.env.BENCH_HISTORY_SMALL ?? 150_000);
const FEW = 100;
const CALLS = Number(process.env.BENCH_HISTORY_CALLS ?? 5);
const CLI = join(import.meta.dirname, '..', '..', 'bin', 'oauth-lab.mjs');
const run = promisify(execFile);

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

interface Timings {
  readonly call: number;
  readonly append: number;
  readonly list: number;
}

async function timeAt(dir: string, url: string, n: number): Promise<Timings> {
  const calls: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await run(process.execPath, [CLI, 'call', '--url', url, '--bearer', 'bench-token', '--store-dir', dir]);
    calls.push(performance.now() - t);
  }
  let t = performance.now();
  createAppStore({ cwd: dir }).historyAdd({ entry: exchangeEntry(n + CALLS + 1, '{"appended":true}') });
  const append = performance.now() - t;
  t = performance.now();
  const page = createAppStore({ cwd: dir }).historyList({ offset: 0, limit: 100 });
  const list = performance.now() - t;
  if (page.usage.entries !== n + CALLS + 1) throw new Error(`the history at ${dir} lists ${page.usage.entries}`);
  return { call: median(calls), append, list };
}

/** The report's lines; the fixtures go in `root`, which the caller removes. */
export async function smallEntriesReport(root: string): Promise<string> {
  const server = createServer((_req, res) => res.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/items`;
  try {
    const dirs = { many: join(root, 'small-many'), few: join(root, 'small-few') };
    writeSmallHistoryFixture(join(dirs.many, HISTORY_DIR_NAME), MANY);
    writeSmallHistoryFixture(join(dirs.few, HISTORY_DIR_NAME), FEW);
    const few = await timeAt(dirs.few, url, FEW);
    const many = await timeAt(dirs.many, url, MANY);
    const count = MANY.toLocaleString('en-US');
    return [
      `${count} small exchanges against ${FEW} (median of ${CALLS} calls each):`,
      `  oauth-lab call --store-dir (a process: open the store, send, append): ${ms(many.call)} against ${ms(few.call)} (target < 1500 ms: ${verdict(many.call < 1500)}; at most 1.5x: ${verdict(many.call <= 1.5 * few.call)})`,
      `  open the store and append one exchange, in process: ${ms(many.append)} against ${ms(few.append)} (target at most 2x: ${verdict(many.append <= 2 * few.append)})`,
      `  open History (the store, then the list's first page of 100, every line read): ${ms(many.list)} against ${ms(few.list)}`,
    ].join('\n');
  } finally {
    server.close();
  }
}

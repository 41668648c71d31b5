import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CREDENTIALS as C } from '../../mock-provider/default-credentials';
import { TABLE_LIMIT } from '../../mock-provider/state';
import { BARE, cpuSeconds, startProcess, stopProcess } from './bench-processes';
import { load, serialize, type LoadResult } from './http-load';
import type { BenchOutcome } from './run';

/**
 * Throughput of the mock's OAuth 2 token endpoint (authorization_code grant, with codes obtained beforehand, untimed)
 * with 50 concurrent keep-alive connections, beside a bare node:http server that answers a fixed body, measured in
 * the same run with the same client (ratios are reported, not asserted; any failed request fails the run). Each
 * server runs in its own process (`oauth-lab mock`, `node -e`). Calibration servers are the bare one with a fixed
 * busy wait per request: they show what a share of the bare server leaves for a provider's work on this machine.
 * The signed OAuth 1.0a request_token, with its target, is mock-vs-bare.bench.ts's.
 *
 * The scenarios run in interleaved rounds, so drift in the machine's load hits all of them alike. Each round's
 * throughput is divided by the bare server's in the same round, and the median of those ratios is reported with
 * their range: on a shared machine a single round can be off by a fifth. The server's CPU time per request (from
 * /proc, Linux only) is shown beside it.
 *
 * BENCH_REQUESTS (per scenario and round, default 8000), BENCH_ROUNDS (default 5); BENCH_CPU_PROF=DIR starts
 * the mock with --cpu-prof and writes its profile to DIR.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2_000;
/** Authorization codes from the mock's authorize endpoint (auto-login answers with a redirect carrying the code). */
async function codes(base: string, count: number): Promise<string[]> {
  const query = new URLSearchParams({
    client_id: C.client.id,
    grant_type: 'authorization_code',
    redirect_uri: C.client.redirectUris[0],
    response_type: 'code',
    state: 'bench',
  }).toString();
  const out: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const res = await fetch(`${base}/oauth/v2/authorize?${query}`, { redirect: 'manual' });
      await res.text();
      out.push(new URL(res.headers.get('location')!).searchParams.get('code')!);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}

function tokenRequest(base: string, code: string): Buffer {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: C.client.redirectUris[0],
    client_id: C.client.id,
    client_secret: C.client.secret,
  }).toString();
  return serialize(base, {
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
}

/** Busy work added per request by the calibration servers, in µs. */
const CALIBRATION_MICROS = [5, 10, 15];

type Round = LoadResult & { readonly serverMicros: number | null };

const middle = <T>(sorted: readonly T[]): T => sorted[Math.floor(sorted.length / 2)]!;
const median = (rs: readonly Round[]) => middle([...rs].sort((a, b) => a.rps - b.rps));

/** Each round's throughput over the bare server's in the same round: the median and the range. */
function pairedRatios(rounds: readonly Round[], bare: readonly Round[]): { median: number; min: number; max: number } {
  const ratios = rounds.map((r, k) => r.rps / bare[k]!.rps).sort((a, b) => a - b);
  return { median: middle(ratios), min: ratios[0]!, max: ratios.at(-1)! };
}

type Ratio = ReturnType<typeof pairedRatios>;
type Row = { name: string; round: Round; errors: number; ratio: Ratio | null };

const pct = (x: number) => (100 * x).toFixed(0);
const ranged = (r: Ratio) => `${pct(r.median)}% (${pct(r.min)}–${pct(r.max)})`;

function table(rows: readonly Row[]): string {
  const head = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'vs bare (range)',
    'server CPU µs/req',
    'client CPU',
  ];
  const body = rows.map(({ name, round: r, errors, ratio }) => [
    name,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    String(errors),
    ratio === null ? '(baseline)' : ranged(ratio),
    r.serverMicros === null ? 'n/a' : r.serverMicros.toFixed(1),
    `${pct(r.clientCpu)}%`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

export async function run(): Promise<BenchOutcome> {
  const total = ROUNDS * REQUESTS + WARMUP;
  // Every token request needs a code issued beforehand, and the mock keeps at most TABLE_LIMIT of them.
  if (total > TABLE_LIMIT)
    throw new Error(
      `BENCH_ROUNDS × BENCH_REQUESTS + ${WARMUP} warm-up requests must stay within the mock's ${TABLE_LIMIT} stored codes; got ${total}.`
    );
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-bench-'));
  const config = join(dir, 'mock.json');
  // Codes that outlive the untimed preparation.
  writeFileSync(config, JSON.stringify({ lifetimes: { codeTtl: 3600 } }));
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const started: ChildProcess[] = [];
  const start = async (args: string[], what: string) => {
    const p = await startProcess(args, what);
    started.push(p.child);
    return p;
  };
  try {
    const mock = await start(
      [...profile, join(ROOT, 'bin/oauth-lab.mjs'), 'mock', '--port', '0', '--config', config, '--auto-login', 'demo'],
      'oauth-lab mock'
    );
    const bare = await start(['-e', BARE], 'bare node:http server');
    const calibration = [];
    for (const us of CALIBRATION_MICROS)
      calibration.push({
        us,
        ...(await start(['-e', BARE, String(us)], `bare node:http server with ${us} µs of work`)),
      });
    const tokens = (await codes(mock.url, total)).map((code) => tokenRequest(mock.url, code));
    const bareRequest = serialize(bare.url, { method: 'POST', path: '/' });
    const scenarios = [
      {
        name: 'bare node:http (fixed body)',
        url: bare.url,
        pid: bare.child.pid,
        request: () => bareRequest,
      },
      ...calibration.map((c) => ({
        name: `bare + ${c.us} µs busy work (calibration)`,
        url: c.url,
        pid: c.child.pid,
        request: () => bareRequest,
      })),
      {
        name: 'POST /oauth/v2/token (code grant)',
        url: mock.url,
        pid: mock.child.pid,
        request: (i: number) => tokens[i]!,
      },
    ];
    const rounds = scenarios.map(() => [] as Round[]);
    const errors = scenarios.map(() => 0);
    const firstErrors: string[] = [];
    const measure = async (s: number, from: number, n: number): Promise<Round> => {
      const { name, url, pid, request } = scenarios[s]!;
      const cpu0 = cpuSeconds(pid);
      const r = await load(name, url, (i) => request(from + i), n, 200, CONCURRENCY);
      const cpu1 = cpuSeconds(pid);
      errors[s]! += r.errors;
      if (r.firstError) firstErrors.push(`${name}: ${r.firstError}`);
      return { ...r, serverMicros: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) * 1e6) / n };
    };
    for (let s = 0; s < scenarios.length; s++) await measure(s, ROUNDS * REQUESTS, WARMUP);
    for (let k = 0; k < ROUNDS; k++)
      for (let s = 0; s < scenarios.length; s++) rounds[s]!.push(await measure(s, k * REQUESTS, REQUESTS));

    const failed = errors.reduce((a, b) => a + b, 0);
    const report = [
      `Mock provider benchmark: node ${process.version}, ${CONCURRENCY} concurrent keep-alive connections, ${ROUNDS} interleaved rounds of ${REQUESTS} requests per scenario (median round shown; errors over all rounds and the warm-up)`,
      table(
        scenarios.map((s, i) => ({
          name: s.name,
          round: median(rounds[i]!),
          errors: errors[i]!,
          ratio: i === 0 ? null : pairedRatios(rounds[i]!, rounds[0]!),
        }))
      ),
      ...(failed
        ? [`FAILED: ${failed} request${failed > 1 ? 's' : ''} errored; first: ${firstErrors.join('; ')}`]
        : ['errors: 0']),
    ].join('\n');
    return { report, failures: failed ? [`${failed} requests errored`] : [] };
  } finally {
    await Promise.all(started.map(stopProcess));
    rmSync(dir, { recursive: true, force: true });
  }
}

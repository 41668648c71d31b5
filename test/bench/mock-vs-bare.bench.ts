import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { traceSignature } from '../../shared/oauth1';
import { nodeCrypto } from '../../host/node-crypto';
import { DEFAULT_CREDENTIALS as C } from '../../mock-provider/default-credentials';
import { BARE, cpuSeconds, startProcess, stopProcess } from './bench-processes';
import { load, serialize } from './http-load';
import type { BenchOutcome } from './run';

/**
 * The mock's signed request_token beside a bare node:http server, in one run, with one client that signs every
 * request as it sends it (HMAC-SHA1, a fresh nonce each time) and sends the same kind of request to both: the bare
 * server reads it and answers a fixed body, the mock verifies it, remembers its nonce, issues a token and records
 * the event. The target: the mock answers at least 90% of the bare server's requests per second (each round's
 * ratio, median over interleaved rounds), with its server CPU per request shown beside the bare server's, so a
 * regression in the mock's per-request work shows here. CPU per request is the steadier measure on a shared machine:
 * throughput moves with whatever else runs on the cores, CPU time much less. BENCH_REQUESTS (per server and round,
 * default 8000), BENCH_ROUNDS (default 5); BENCH_CPU_PROF=DIR profiles the mocks (--cpu-prof) into DIR;
 * BENCH_COMPARE_MOCK=FILE[:FILE…] also measures the mock of other checkouts (each one's bin/oauth-lab.mjs) in the
 * same rounds, to compare versions.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2_000;
const TARGET = 0.9;

/** The Authorization header of a request_token request to `base`, signed afresh (a new nonce and timestamp). */
function signedAuthorization(base: string): string {
  return traceSignature(
    {
      method: 'POST',
      url: `${base}/oauth/v1/request_token`,
      consumerKey: C.consumer.key,
      consumerSecret: C.consumer.secret,
      signatureMethod: 'HMAC-SHA1',
      nonce: randomBytes(12).toString('hex'),
      timestamp: String(Math.floor(Date.now() / 1000)),
      callback: C.consumer.callback,
    },
    nodeCrypto
  ).authorization!;
}

interface Round {
  readonly rps: number;
  readonly errors: number;
  readonly firstError: string | null;
  readonly requests: number;
  /** The server's CPU time over the round (user + system) in seconds, counted in 10 ms ticks; null where /proc cannot tell. */
  readonly cpuSeconds: number | null;
  /** The client's CPU as a share of one core: near 100%, the client, not the server, set the pace. */
  readonly clientCpu: number;
}

/** `n` requests to the server at `url`, each signed by the client as it is sent (http-load.ts's client). */
async function round(url: string, pid: number | undefined, n: number): Promise<Round> {
  const cpu0 = cpuSeconds(pid);
  const r = await load(
    url,
    url,
    () =>
      serialize(url, {
        method: 'POST',
        path: '/oauth/v1/request_token',
        headers: { Authorization: signedAuthorization(url) },
      }),
    n,
    200,
    CONCURRENCY
  );
  const cpu1 = cpuSeconds(pid);
  return {
    rps: r.rps,
    errors: r.errors,
    firstError: r.firstError,
    clientCpu: r.clientCpu,
    requests: n,
    cpuSeconds: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
  };
}

const middle = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * The server's CPU per request in µs over all rounds together: /proc counts in 10 ms ticks, a few µs per request in
 * one round, so the rounds are summed rather than each rounded and the median taken.
 */
const cpuOf = (rs: readonly Round[]) =>
  rs.some((r) => r.cpuSeconds === null)
    ? null
    : (1e6 * rs.reduce((t, r) => t + r.cpuSeconds!, 0)) / rs.reduce((n, r) => n + r.requests, 0);

const cpuColumn = (cpu: number | null, bare: number | null) =>
  cpu === null || bare === null ? 'n/a' : `${cpu.toFixed(1)} µs (${(cpu / bare).toFixed(2)}×)`;

/** This checkout's mock's CPU per request beside another version's, measured in the same rounds. */
function cpuComparison(mine: readonly Round[], theirs: readonly Round[], name: string): string {
  const [a, b] = [cpuOf(mine), cpuOf(theirs)];
  if (a === null || b === null) return `CPU per request against ${name}: n/a`;
  return `CPU per request, this mock against ${name}: ${a.toFixed(1)} µs against ${b.toFixed(1)} µs (${a <= b ? '' : '+'}${((100 * (a - b)) / b).toFixed(0)}%)`;
}

export async function run(): Promise<BenchOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-bench-'));
  const config = join(dir, 'mock.json');
  // Room for every nonce of the run: a nonce forgotten early would not change the work, but keep the test honest.
  writeFileSync(config, JSON.stringify({ switches: { nonceMemory: 2 * (ROUNDS * REQUESTS + WARMUP) } }));
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const started: ChildProcess[] = [];
  try {
    const start = async (name: string, args: string[]) => {
      const p = await startProcess(args, name);
      started.push(p.child);
      return { name, ...p };
    };
    const mockArgs = ['mock', '--port', '0', '--config', config];
    const servers = [
      await start('bare node:http', ['-e', BARE]),
      await start('oauth-lab mock', [...profile, join(ROOT, 'bin/oauth-lab.mjs'), ...mockArgs]),
    ];
    for (const other of (process.env.BENCH_COMPARE_MOCK ?? '').split(delimiter).filter(Boolean))
      servers.push(await start(`mock at ${other}`, [...profile, other, ...mockArgs]));
    for (const s of servers) await round(s.url, s.child.pid, WARMUP);
    const rounds = servers.map(() => [] as Round[]);
    for (let k = 0; k < ROUNDS; k++)
      for (const [i, s] of servers.entries()) rounds[i]!.push(await round(s.url, s.child.pid, REQUESTS));
    const bareRounds = rounds[0]!;
    // Each round's throughput over the bare server's in the same round; the median of those, per server.
    const ratios = rounds.map((rs) => rs.map((r, k) => r.rps / bareRounds[k]!.rps).sort((a, b) => a - b));
    const ratio = middle(ratios[1]!);
    const all = rounds.flat();
    const errors = all.reduce((n, r) => n + r.errors, 0);
    const firstError = all.find((r) => r.firstError)?.firstError;
    const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
    const width = Math.max(...servers.map((s) => s.name.length));
    const report = [
      `Signed request_token, one client signing each request (HMAC-SHA1, a fresh nonce), ${CONCURRENCY} keep-alive connections, ${ROUNDS} interleaved rounds of ${REQUESTS} requests per server (node ${process.version})`,
      `${'server'.padEnd(width)}  req/s (median)  of bare (median of rounds)  server CPU per request (× bare's)  client CPU`,
      ...servers.map((s, i) =>
        [
          s.name.padEnd(width),
          middle(rounds[i]!.map((r) => r.rps))
            .toFixed(0)
            .padStart(14),
          pct(middle(ratios[i]!)).padStart(26),
          cpuColumn(cpuOf(rounds[i]!), cpuOf(bareRounds)).padStart(32),
          pct(middle(rounds[i]!.map((r) => r.clientCpu))).padStart(10),
        ].join('  ')
      ),
      `mock / bare throughput ${pct(ratio)} (rounds ${ratios[1]!.map(pct).join(', ')}); target ≥ ${pct(TARGET)}: ${ratio >= TARGET && errors === 0 ? 'met' : 'NOT met'}`,
      ...servers.slice(2).map((s, i) => cpuComparison(rounds[1]!, rounds[i + 2]!, s.name)),
      errors ? `FAILED: ${errors} requests errored; first: ${firstError}` : 'errors: 0',
    ].join('\n');
    return { report, failures: errors ? [`${errors} requests errored`] : [] };
  } finally {
    await Promise.all(started.map(stopProcess));
    rmSync(dir, { recursive: true, force: true });
  }
}

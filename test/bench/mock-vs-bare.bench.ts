import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { traceSignature } from '../../shared/oauth1';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS as C } from '../../mock-provider/default-credentials';
import { BARE, cpuSeconds, startProcess, stopProcess } from './bench-processes';
import { load, serialize, type RequestSpec } from './http-load';
import { loadWithNodeClient, type NodeClientResult } from './node-client-load';
import type { BenchOutcome } from './run';

/**
 * The mock's signed request_token beside a bare node:http server, in one run, with clients that sign every request
 * as they send it (HMAC-SHA1, a fresh nonce each time) and send the same kind of request to both: the bare server
 * reads it and answers a fixed body, the mock verifies it, remembers its nonce, issues a token and records the event.
 * Two clients, in the same interleaved rounds:
 * - node:http's own client (node-client-load.ts), as most Node programs send requests. The target is measured with
 *   it: the mock answers at least 90% of the bare server's requests per second (each round's ratio, median over
 *   rounds), i.e. it slows a typical client down by a tenth at most.
 * - a raw-socket client (http-load.ts) that costs almost nothing per request, so the server sets the pace: its ratio
 *   shows how far the mock is from a server that does no work at all, and the servers' CPU per request (from /proc)
 *   shows a regression in the mock's per-request work. minimal-provider.mjs, which does only the work a signed
 *   request_token needs (no events, no other checks), shows how much of that distance is the work itself. CPU per request is the steadier measure on a shared machine:
 *   throughput moves with whatever else runs on the cores, CPU time much less.
 * BENCH_REQUESTS (per server, client and round, default 8000), BENCH_ROUNDS (default 5); BENCH_CPU_PROF=DIR profiles
 * the mocks (--cpu-prof) into DIR; BENCH_COMPARE_MOCK=FILE[:FILE…] also measures the mock of other checkouts (each
 * one's bin/oauth-lab.mjs) in the same rounds, to compare versions.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2_000;
const TARGET = 0.9;
/** With the raw client, the mock's throughput over the minimal provider's, paired by round: the work beyond the work. */
const TARGET_VS_MINIMAL = 0.7;

/** A request_token request to `base`, its Authorization header signed afresh (a new nonce and timestamp). */
function signedRequest(base: string): RequestSpec {
  const authorization = traceSignature(
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
  return { method: 'POST', path: '/oauth/v1/request_token', headers: { Authorization: authorization } };
}

interface Client {
  readonly name: string;
  readonly send: (url: string, n: number) => Promise<NodeClientResult>;
}

const CLIENTS: readonly Client[] = [
  {
    name: "node:http's client (a keep-alive Agent)",
    send: (url, n) => loadWithNodeClient(url, () => signedRequest(url), n, 200, CONCURRENCY),
  },
  {
    name: 'a raw-socket client (the server sets the pace)',
    send: (url, n) => load(url, url, () => serialize(url, signedRequest(url)), n, 200, CONCURRENCY),
  },
];

interface Round extends NodeClientResult {
  readonly requests: number;
  /** The server's CPU time over the round (user + system) in seconds, counted in 10 ms ticks; null where /proc cannot tell. */
  readonly cpuSeconds: number | null;
}

/** `n` requests from `client` to the server at `url`, with the server's CPU time over them. */
async function round(client: Client, url: string, pid: number | undefined, n: number): Promise<Round> {
  const cpu0 = cpuSeconds(pid);
  const r = await client.send(url, n);
  const cpu1 = cpuSeconds(pid);
  return { ...r, requests: n, cpuSeconds: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 };
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

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

/** This checkout's mock's CPU per request beside another version's, measured in the same rounds. */
function cpuComparison(mine: readonly Round[], theirs: readonly Round[], name: string): string {
  const [a, b] = [cpuOf(mine), cpuOf(theirs)];
  if (a === null || b === null) return `CPU per request against ${name}: n/a`;
  return `CPU per request, this mock against ${name}: ${a.toFixed(1)} µs against ${b.toFixed(1)} µs (${a <= b ? '' : '+'}${((100 * (a - b)) / b).toFixed(0)}%)`;
}

/** One client's table: each server's rate, its share of the bare server's (per-round ratios), CPU per request. */
function clientTable(client: Client, names: readonly string[], rounds: readonly (readonly Round[])[]): string[] {
  const ratios = rounds.map((rs) => rs.map((r, k) => r.rps / rounds[0]![k]!.rps).sort((a, b) => a - b));
  const width = Math.max(...names.map((n) => n.length));
  return [
    `With ${client.name}:`,
    `${'server'.padEnd(width)}  req/s (median)  of bare (median of rounds)  server CPU per request (× bare's)  client CPU`,
    ...names.map((name, i) =>
      [
        name.padEnd(width),
        middle(rounds[i]!.map((r) => r.rps))
          .toFixed(0)
          .padStart(14),
        pct(middle(ratios[i]!)).padStart(26),
        cpuColumn(cpuOf(rounds[i]!), cpuOf(rounds[0]!)).padStart(32),
        pct(middle(rounds[i]!.map((r) => r.clientCpu))).padStart(10),
      ].join('  ')
    ),
    `mock / bare throughput ${pct(middle(ratios[1]!))} (rounds ${ratios[1]!.map(pct).join(', ')})`,
  ];
}

export async function run(): Promise<BenchOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-bench-'));
  const config = join(dir, 'mock.json');
  // Room for every nonce of the run: a nonce forgotten early would not change the work, but keep the test honest.
  writeFileSync(
    config,
    JSON.stringify({ switches: { nonceMemory: 2 * CLIENTS.length * (ROUNDS * REQUESTS + WARMUP) } })
  );
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
      await start('minimal provider (reference)', [
        join(ROOT, 'test/bench/minimal-provider.mjs'),
        C.consumer.key,
        C.consumer.secret,
      ]),
    ];
    for (const other of (process.env.BENCH_COMPARE_MOCK ?? '').split(delimiter).filter(Boolean))
      servers.push(await start(`mock at ${other}`, [...profile, other, ...mockArgs]));
    for (const client of CLIENTS) for (const s of servers) await round(client, s.url, s.child.pid, WARMUP);
    // rounds[c][i]: client c against server i, one entry per round; every pair runs in every round, interleaved.
    const rounds = CLIENTS.map(() => servers.map(() => [] as Round[]));
    for (let k = 0; k < ROUNDS; k++)
      for (const [c, client] of CLIENTS.entries())
        for (const [i, s] of servers.entries()) rounds[c]![i]!.push(await round(client, s.url, s.child.pid, REQUESTS));
    const typical = rounds[0]!;
    const ratio = middle(typical[1]!.map((r, k) => r.rps / typical[0]![k]!.rps));
    const all = rounds.flat(2);
    const errors = all.reduce((n, r) => n + r.errors, 0);
    const firstError = all.find((r) => r.firstError)?.firstError;
    const raw = rounds[1]!;
    const vsMinimal = middle(raw[1]!.map((r, k) => r.rps / raw[2]![k]!.rps));
    const names = servers.map((s) => s.name);
    const report = [
      `Signed request_token, clients signing each request (HMAC-SHA1, a fresh nonce), ${CONCURRENCY} keep-alive connections, ${ROUNDS} interleaved rounds of ${REQUESTS} requests per server and client (node ${process.version})`,
      ...CLIENTS.flatMap((client, c) => ['', ...clientTable(client, names, rounds[c]!)]),
      '',
      `Target: with node:http's client, the mock answers ≥ ${pct(TARGET)} of the bare server's requests per second: ${pct(ratio)}, ${ratio >= TARGET && errors === 0 ? 'met' : 'NOT met'}`,
      `Target: with the raw client, the mock answers ≥ ${pct(TARGET_VS_MINIMAL)} of the minimal provider's requests per second: ${pct(vsMinimal)}, ${vsMinimal >= TARGET_VS_MINIMAL && errors === 0 ? 'met' : 'NOT met'}`,
      ...servers.slice(3).map((s, i) => cpuComparison(raw[1]!, raw[i + 3]!, s.name)),
      errors ? `FAILED: ${errors} requests errored; first: ${firstError}` : 'errors: 0',
    ].join('\n');
    return { report, failures: errors ? [`${errors} requests errored`] : [] };
  } finally {
    await Promise.all(started.map(stopProcess));
    rmSync(dir, { recursive: true, force: true });
  }
}

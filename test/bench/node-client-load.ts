import { Agent, request as httpRequest } from 'node:http';
import type { RequestSpec } from './http-load';

/**
 * Load from node:http's own client, as most Node programs send requests: one keep-alive Agent with `concurrency`
 * sockets, each request built, sent and read to its end by node:http. It costs the sending process several times
 * what http-load.ts's raw client does, as real clients do, so against it a server is measured by how much it slows a
 * typical client down rather than by how many requests it can take from a client that does almost nothing.
 */
export interface NodeClientResult {
  readonly rps: number;
  readonly errors: number;
  readonly firstError: string | null;
  /** CPU time this process used, as a share of one core over the run. */
  readonly clientCpu: number;
}

function send(base: string, agent: Agent, spec: RequestSpec): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = spec.body ?? '';
    const req = httpRequest(
      new URL(spec.path, base),
      { method: spec.method, agent, headers: { ...spec.headers, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `n` requests (`spec()` builds each as it is sent) over `concurrency` sockets; a non-`expected` status is an error. */
export async function loadWithNodeClient(
  base: string,
  spec: () => RequestSpec,
  n: number,
  expected: number,
  concurrency: number
): Promise<NodeClientResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const fail = (why: string) => {
    errors++;
    firstError ??= why;
  };
  const worker = async () => {
    while (next < n) {
      next++;
      try {
        const r = await send(base, agent, spec());
        if (r.status !== expected) fail(`${r.status} ${r.body.slice(0, 200)}`);
      } catch (e) {
        fail((e as Error).message);
      }
    }
  };
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { rps: n / seconds, errors, firstError, clientCpu: (cpu.user + cpu.system) / 1e6 / seconds };
}

import { connect, type Socket } from 'node:net';

/**
 * The benchmarks' HTTP/1.1 load generator: `concurrency` persistent connections (RFC 9112 §9.3 (https://www.rfc-editor.org/rfc/rfc9112#section-9.3)), each sending its
 * next request as soon as the previous response is complete. Requests are serialized before the clock starts and
 * responses are parsed only as far as the status code, Content-Length and Connection, so a request costs this
 * process a fraction of what node:http's client costs (which, on a small machine, was slower than the bare server
 * it measured). Every server in a comparison is measured with this same client; `clientCpu` shows how busy it was.
 */
export interface RequestSpec {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadResult {
  readonly name: string;
  readonly requests: number;
  readonly errors: number;
  readonly firstError: string | null;
  readonly seconds: number;
  readonly rps: number;
  /** Latency quantiles in milliseconds, from writing the request to reading the whole response. */
  readonly p50: number;
  readonly p99: number;
  /** CPU time this process used, as a share of one core over the run (near 100%: the client was the limit). */
  readonly clientCpu: number;
}

/** The bytes of one request to `base`; Content-Length is always sent, so the server never waits for more. */
export function serialize(base: string, spec: RequestSpec): Buffer {
  const body = Buffer.from(spec.body ?? '');
  const lines = [`${spec.method} ${spec.path} HTTP/1.1`, `Host: ${new URL(base).host}`];
  for (const [n, v] of Object.entries(spec.headers ?? {})) lines.push(`${n}: ${v}`);
  lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

type Outcome = { readonly status: number; readonly body: Buffer; readonly close: boolean } | { readonly error: string };

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;

/** One keep-alive connection with at most one request in flight. */
class Connection {
  private buffered: Buffer | null = null;
  private waiting: ((o: Outcome) => void) | null = null;
  private closed = false;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.settle({ error: e.message }));
    socket.on('close', () => {
      this.closed = true;
      this.settle({ error: 'the server closed the connection before answering' });
    });
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  exchange(request: Buffer): Promise<Outcome> {
    if (this.closed) return Promise.resolve({ error: 'the server closed the keep-alive connection between requests' });
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  destroy(): void {
    this.waiting = null;
    this.socket.destroy();
  }

  private settle(outcome: Outcome): void {
    const w = this.waiting;
    this.waiting = null;
    w?.(outcome);
  }

  private onData(chunk: Buffer): void {
    const buf = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = buf.indexOf(HEAD_END);
    if (end < 0) {
      this.buffered = buf;
      return;
    }
    const head = buf.toString('latin1', 0, end);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) {
      this.buffered = null;
      this.settle({ error: `a response without Content-Length: ${head.slice(0, 200)}` });
      return;
    }
    const total = end + HEAD_END.length + Number(length[1]);
    if (buf.length < total) {
      this.buffered = buf;
      return;
    }
    this.buffered = null;
    if (buf.length > total) this.settle({ error: 'bytes after the response, with no request in flight' });
    else
      this.settle({
        status: Number(head.slice(9, 12)),
        body: buf.subarray(end + HEAD_END.length),
        close: CONNECTION_CLOSE.test(head),
      });
  }
}

const quantile = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Sends `n` requests (`request(i)` for i in 0..n-1) over `concurrency` connections; a non-`expected` status is an error. */
export async function load(
  name: string,
  base: string,
  request: (i: number) => Buffer,
  n: number,
  expected: number,
  concurrency: number
): Promise<LoadResult> {
  const { hostname, port } = new URL(base);
  const latencies = new Float64Array(n);
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const fail = (why: string) => {
    errors++;
    firstError ??= why;
  };
  const worker = async () => {
    let conn: Connection | null = null;
    while (next < n) {
      const i = next++;
      try {
        conn ??= await Connection.open(hostname, Number(port));
      } catch (e) {
        fail((e as Error).message);
        continue;
      }
      const t0 = performance.now();
      const outcome = await conn.exchange(request(i));
      latencies[i] = performance.now() - t0;
      if ('error' in outcome) fail(outcome.error);
      else if (outcome.status !== expected) fail(`${outcome.status} ${outcome.body.toString('utf8', 0, 200)}`);
      if ('error' in outcome || outcome.close) {
        conn.destroy();
        conn = null;
      }
    }
    conn?.destroy();
  };
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort();
  return {
    name,
    requests: n,
    errors,
    firstError,
    seconds,
    rps: n / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    clientCpu: (cpu.user + cpu.system) / 1e6 / seconds,
  };
}

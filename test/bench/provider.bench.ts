import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { traceSignature } from '../../shared/oauth1';
import { nodeCrypto } from '../../electron/services/node-crypto';
import { DEFAULT_CREDENTIALS as C } from '../../electron/services/provider/config';

/**
 * Throughput of the mock provider with 50 concurrent keep-alive connections, beside a bare node:http server that
 * answers a fixed body, measured in the same run (design §6: ratios, not timed tests). Each server runs in its
 * own process (`oauth-lab mock` and `node -e`); the load comes from this process with node built-ins only.
 * Scenarios: signed OAuth 1.0a request_token (HMAC-SHA1 verification, nonce memory, token issue) and the OAuth 2
 * token endpoint (authorization_code grant with codes obtained beforehand, untimed).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = 2_000;

interface Spec {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

interface Result {
  readonly name: string;
  readonly requests: number;
  readonly errors: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly firstError: string | null;
}

function startProcess(args: string[], what: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${err}`)), 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ child, url: out.split('\n')[0]!.trim() });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}: ${err}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  child.removeAllListeners('exit');
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}

async function load(name: string, base: string, specs: (i: number) => Spec, n: number, expected: number): Promise<Result> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = new Float64Array(n);
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const spec = specs(i);
      const t0 = performance.now();
      const req = request({ host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers: spec.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies[i] = performance.now() - t0;
          if (res.statusCode !== expected) {
            errors++;
            firstError ??= `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
          }
          resolve();
        });
      });
      req.on('error', (e) => {
        errors++;
        firstError ??= e.message;
        resolve();
      });
      req.end(spec.body);
    });
  const worker = async () => {
    while (next < n) await one(next++);
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { name, requests: n, errors, seconds, rps: n / seconds, p50: q(0.5), p99: q(0.99), firstError };
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

function signedRequestTokens(base: string, count: number): Spec[] {
  const out: Spec[] = [];
  const timestamp = String(Math.floor(Date.now() / 1000));
  for (let i = 0; i < count; i++) {
    const t = traceSignature({ method: 'POST', url: `${base}/oauth/v1/request_token`, consumerKey: C.consumer.key, consumerSecret: C.consumer.secret, signatureMethod: 'HMAC-SHA1', nonce: randomBytes(12).toString('hex'), timestamp, callback: C.consumer.callback }, nodeCrypto);
    out.push({ method: 'POST', path: '/oauth/v1/request_token', headers: { Authorization: t.authorization! } });
  }
  return out;
}

async function codes(base: string, count: number): Promise<string[]> {
  const query = new URLSearchParams({ client_id: C.client.id, grant_type: 'authorization_code', redirect_uri: C.client.redirectUris[0], response_type: 'code', state: 'bench' }).toString();
  const out: string[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(base);
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const location = await new Promise<string>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: `/oauth/v2/authorize?${query}`, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.headers.location)));
        });
        req.on('error', reject);
        req.end();
      });
      out.push(new URL(location).searchParams.get('code')!);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return out;
}

const tokenSpec = (code: string): Spec => {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: C.client.redirectUris[0], client_id: C.client.id, client_secret: C.client.secret }).toString();
  return { method: 'POST', path: '/oauth/v2/token', headers: { ...form, 'Content-Length': String(Buffer.byteLength(body)) }, body };
};

const BARE = `const http=require('node:http');const body=Buffer.from('oauth_token=fixed&oauth_token_secret=fixed&oauth_expires_in=600');http.createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'Content-Type':'application/x-www-form-urlencoded','Content-Length':body.length});s.end(body);});}).listen(0,'127.0.0.1',function(){console.log('http://127.0.0.1:'+this.address().port);});process.on('SIGTERM',()=>process.exit(0));`;

const fmt = (r: Result) => `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  errors ${r.errors}${r.firstError ? ` (first: ${r.firstError})` : ''}`;

export async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-bench-'));
  const config = join(dir, 'mock.json');
  // Room for every benchmark nonce, and codes that outlive the untimed preparation.
  writeFileSync(config, JSON.stringify({ lifetimes: { codeTtl: 3600 }, switches: { nonceMemory: 10 * (REQUESTS + WARMUP) } }));
  const mock = await startProcess([join(ROOT, 'bin/oauth-lab.mjs'), 'mock', '--port', '0', '--config', config, '--auto-login', 'demo'], 'oauth-lab mock');
  const bare = await startProcess(['-e', BARE], 'bare node:http server');
  try {
    const total = REQUESTS + WARMUP;
    const rtSpecs = signedRequestTokens(mock.url, total);
    const codeList = await codes(mock.url, total);
    const bareSpec: Spec = { method: 'POST', path: '/', headers: {} };

    await load('warm-up bare', bare.url, () => bareSpec, WARMUP, 200);
    await load('warm-up request_token', mock.url, (i) => rtSpecs[REQUESTS + i]!, WARMUP, 200);
    await load('warm-up token', mock.url, (i) => tokenSpec(codeList[REQUESTS + i]!), WARMUP, 200);

    const bareResult = await load('bare node:http (fixed body)', bare.url, () => bareSpec, REQUESTS, 200);
    const rt = await load('POST /oauth/v1/request_token (signed)', mock.url, (i) => rtSpecs[i]!, REQUESTS, 200);
    const tok = await load('POST /oauth/v2/token (code grant)', mock.url, (i) => tokenSpec(codeList[i]!), REQUESTS, 200);
    const ratio = (r: Result) => `${((100 * r.rps) / bareResult.rps).toFixed(0)}% of bare`;
    const errors = bareResult.errors + rt.errors + tok.errors;
    const target = (r: Result) => (r.rps >= 0.5 * bareResult.rps ? 'meets' : 'MISSES');
    return [
      `Mock provider benchmark: ${REQUESTS} requests per scenario, ${CONCURRENCY} concurrent keep-alive connections, node ${process.version}`,
      fmt(bareResult),
      `${fmt(rt)}  ${ratio(rt)}`,
      `${fmt(tok)}  ${ratio(tok)}`,
      `target ≥ 50% of bare: request_token ${target(rt)}, token ${target(tok)}; errors: ${errors}${errors ? ' (FAIL: expected zero)' : ''}`,
    ].join('\n');
  } finally {
    await Promise.all([stopProcess(mock.child), stopProcess(bare.child)]);
    rmSync(dir, { recursive: true, force: true });
  }
}

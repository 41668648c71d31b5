// `oauth-lab explain` on two HARs: a browser's (~50 MB, hundreds of entries, most of them not OAuth: scripts,
// pages, images as base64, with one failed code exchange among them), and a long History export's (40,000
// entries, every one an OAuth leg's, a failure in every flow: the shape that made the explainer quadratic). The CLI
// (bin/oauth-lab.mjs, the built out/cli/) explains each, beside a baseline measured in the same run: a node process
// that only reads and JSON.parses the same file. Target: under 5 s each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oauthHar } from './oauth-har-fixture';
import type { BenchOutcome } from './run';

const TARGET_MS = 5000;
const RUNS = 3;
const ENTRIES = 600;
const OAUTH_ENTRIES = 40_000;
const T0 = Date.parse('2026-01-01T10:00:00Z');
const REDIRECT = 'https://app.example/cb';

const header = (name: string, value: string) => ({ name, value });
function entry(i: number, method: string, url: string, status: number, text: string, extra: object = {}) {
  return {
    startedDateTime: new Date(T0 + i * 100).toISOString(),
    time: 20,
    request: {
      method,
      url,
      httpVersion: 'HTTP/2.0',
      cookies: [],
      headers: [header('accept', '*/*'), header('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0')],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/2.0',
      cookies: [],
      headers: [header('content-type', 'text/javascript'), header('date', new Date(T0 + i * 100).toUTCString())],
      content: { size: text.length, mimeType: 'text/javascript', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 18, receive: 1 },
    ...extra,
  };
}

/** A page's assets: ~85 KB of script or a base64 image each, and the OAuth legs somewhere in the middle. */
function browserHar(): object {
  const script = `function f(a){return a*2}/* ${'lorem ipsum dolor sit amet '.repeat(3300)} */`;
  const image = Buffer.alloc(66_000, 7).toString('base64');
  const entries: object[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    if (i === 300) {
      const redirect = REDIRECT;
      const authorize = entry(
        i,
        'GET',
        `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
        302,
        ''
      );
      (authorize.response.headers as object[]).push(header('location', `${redirect}?code=the-code&state=s`));
      entries.push(authorize);
      continue;
    }
    if (i === 301 || i === 302) {
      const token = entry(
        i,
        'POST',
        'https://idp.example/token',
        i === 301 ? 200 : 400,
        i === 301 ? '{"access_token":"a","token_type":"Bearer"}' : '{"error":"invalid_grant"}'
      );
      Object.assign(token.request, {
        postData: {
          mimeType: 'application/x-www-form-urlencoded',
          text: `grant_type=authorization_code&code=the-code&redirect_uri=${encodeURIComponent(REDIRECT)}&client_id=app&client_secret=s`,
        },
      });
      entries.push(token);
      continue;
    }
    const e = entry(
      i,
      'GET',
      `https://cdn.example/asset-${i}.${i % 3 ? 'js' : 'png'}?v=${i}`,
      200,
      i % 3 ? script : image
    );
    if (i % 3 === 0) Object.assign(e.response.content, { mimeType: 'image/png', encoding: 'base64' });
    entries.push(e);
  }
  return { log: { version: '1.2', creator: { name: 'Chrome DevTools', version: '130' }, pages: [], entries } };
}

function wallMs(args: readonly string[]): { ms: number; stdout: string } {
  const t = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return { ms, stdout: run.stdout };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Measured {
  readonly lines: string[];
  readonly result: { legs: unknown[]; causes: { id: string }[] };
  readonly output: string;
}

/** The median explain time of `text` as a file, against reading and parsing it. */
function measure(name: string, text: string, what: string): Measured {
  const dir = mkdtempSync(join(tmpdir(), 'explain-bench-'));
  const file = join(dir, name);
  try {
    writeFileSync(file, text);
    const mb = statSync(file).size / 1024 / 1024;
    const parse: number[] = [];
    const explain: number[] = [];
    let output = '';
    for (let i = 0; i < RUNS; i++) {
      parse.push(wallMs(['-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`]).ms);
      const r = wallMs(['bin/oauth-lab.mjs', 'explain', file, '--json']);
      explain.push(r.ms);
      output = r.stdout;
    }
    const result = JSON.parse(output) as Measured['result'];
    const ms = median(explain);
    const base = median(parse);
    const lines = [
      `${mb.toFixed(1)} MB, ${what} (${result.legs.length} OAuth legs, ${result.causes.length} causes), median of ${RUNS} runs:`,
      `  node reading + JSON.parse (baseline)  ${base.toFixed(0).padStart(5)} ms`,
      `  oauth-lab explain --json              ${ms.toFixed(0).padStart(5)} ms  ${(ms / base).toFixed(2)}x the baseline (target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'met' : 'NOT met'})`,
    ];
    return { lines, result, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchOutcome> {
  const browser = measure('browser.har', JSON.stringify(browserHar()), `${ENTRIES} entries`);
  const history = measure('history.har', oauthHar(OAUTH_ENTRIES), `${OAUTH_ENTRIES} entries`);
  const failures = [
    ...(browser.result.causes[0]?.id === 'code_reused'
      ? []
      : [`expected code_reused first, got ${browser.output.slice(0, 200)}`]),
    // Every flow is five entries, four legs (the callback joins its authorization), and fails once.
    ...(history.result.legs.length === (OAUTH_ENTRIES / 5) * 4 && history.result.causes.length >= OAUTH_ENTRIES / 5
      ? []
      : [`expected ${(OAUTH_ENTRIES / 5) * 4} legs and a cause per flow, got ${history.output.slice(0, 200)}`]),
  ];
  return { report: [...browser.lines, ...history.lines].join('\n'), failures };
}

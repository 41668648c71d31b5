import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest } from '../../host/export';
import type { RawRequest } from '../../shared/http';
import { queryParameters } from '../../shared/oauth1';
import { parseHttpUrl } from '../../shared/url';
import { findPython, run, scratch } from '../unit/host/export/mock-session';
import { compileGo, compileJava, type CompiledPrograms, type SourceProgram } from '../support/compile-once';
import { hasRuntime } from '../support/system-runtimes';

/**
 * Snapshots must send the request they were made from. A capturing server records what each exported snippet
 * really sends for requests full of the characters that break generated code (quotes, `$`, `#{`, backslashes,
 * `+`, `%`, non-ASCII, repeated names), and the test compares method, path, query, the signed headers and the
 * body bytes with the original. The path must arrive as the app sends it (its wire form), byte for byte: `'`, `[`
 * and `]` are reserved (RFC 3986 §6.2.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2)) and an OAuth 1.0a server signs the path as received (RFC 5849
 * §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)). Syntax checkers run the other languages' snippets where they are installed.
 */
interface Captured {
  method: string;
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
let server: Server;
let base = '';
let last: Captured | null = null;
let files: ReturnType<typeof scratch>;
const python = findPython();
/** The Java and Go programs, compiled once for the file: one JVM and one go build for all cases. */
const compiled: { java?: CompiledPrograms; go?: CompiledPrograms } = {};

beforeAll(async () => {
  files = scratch();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      last = {
        method: req.method!,
        target: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' }).end('{"captured":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Each case's request names this server, so its program can be written only now.
  const programs = (target: 'java' | 'go'): SourceProgram[] =>
    cases.map(([kind, make]) => ({
      name: kind,
      ...exportRequest({ target, source: { kind: 'request', request: make() }, includeSecrets: true }),
    }));
  if (hasRuntime('java')) compiled.java = await compileJava(programs('java'));
  if (hasRuntime('go')) compiled.go = await compileGo(programs('go'));
}, 160_000);
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  files.remove();
  compiled.java?.remove();
  compiled.go?.remove();
});

const sorted = (params: readonly (readonly [string, string])[]) =>
  [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));

function expectSame(original: RawRequest, sent: Captured | null, label: string) {
  expect(sent, `${label} sent nothing`).not.toBeNull();
  // The path the app sends (`'`, `[`, `]`, `|` and `^` percent-encoded, shared/url.ts): every client sends it so.
  const path = parseHttpUrl(original.url).path;
  const [, query = ''] = original.url.replace(base, '').split(/\?(.*)/s);
  const [sentPath, sentQuery = ''] = sent!.target.split(/\?(.*)/s);
  expect(sent!.method, label).toBe(original.method);
  expect(sentPath, label).toBe(path);
  // The query may be re-encoded (httpsnippet, Python's params=): the same parameters once decoded as a form.
  expect(sorted(queryParameters(sentQuery)), label).toEqual(sorted(queryParameters(query!)));
  for (const [name, value] of original.headers)
    expect(sent!.headers[name.toLowerCase()], `${label}: ${name}`).toBe(value);
  expect(sent!.body, label).toBe(original.body ?? '');
}

const form = (): RawRequest => ({
  method: 'POST',
  url: `${base}/p/a-b_c~d.e/%E2%98%83/it's/[x]/a|b^c?x=it's&y=$filter&z=a+b&w=%E2%98%83&e=&dup=2&dup=1&g[]=1`,
  headers: [
    ['Authorization', 'OAuth realm="it\'s $HOME `x` \\\\ \\"q\\"", oauth_consumer_key="k", oauth_signature="a%2Bb%3D"'],
    ['Content-Type', 'application/x-www-form-urlencoded'],
  ],
  body: 'status=Hello%20Ladies%20%2B%20Gentlemen&q=it%27s&d=%24HOME&dup=b&dup=a&u=%E2%98%83',
});
const json = (): RawRequest => ({
  method: 'PUT',
  url: `${base}/json`,
  headers: [
    ['Authorization', 'Bearer abc.DEF-123'],
    ['Content-Type', 'application/json; charset=utf-8'],
    ['X-Note', "it's $5 and #{x}"],
  ],
  body: `{"text":"it's $HOME #{x} #$y \\\\ \\"q\\" ☃","n":1}\n`,
});
const cases = [
  ['form', form],
  ['json', json],
] as const;

/** Runs the export of `request` as its target's program; Java and Go run the program compiled before the tests. */
async function runSnippet(
  target: string,
  kind: (typeof cases)[number][0],
  request: RawRequest,
  name: string
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  last = null;
  if (target === 'java' || target === 'go') return compiled[target]!.run(kind, { timeoutMs: 55_000 });
  const { text } = exportRequest({ target, source: { kind: 'request', request }, includeSecrets: true });
  if (target === 'raw-http') {
    const { port } = new URL(base);
    await new Promise<void>((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) }, () => socket.end(text));
      socket.on('data', () => {});
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    return { code: 0, stdout: '', stderr: '' };
  }
  const file = files.write(name, text);
  if (['curl', 'wget'].includes(target)) return run('sh', [file]);
  if (target === 'python-requests') return run(python!, [file]);
  if (target === 'ruby') return run('ruby', [file]);
  return run(process.execPath, [file]);
}

describe('snapshots send exactly the request they were made from', () => {
  const runnable = [
    ['curl', 'req.sh'],
    ['javascript-fetch', 'req.mjs'],
    ['node-http', 'req.cjs'],
    ['raw-http', 'req.txt'],
    ...(python ? [['python-requests', 'req.py']] : []),
    ...(hasRuntime('wget') ? [['wget', 'req-wget.sh']] : []),
    // Java's and Go's programs are written and compiled in beforeAll (compile-once.ts), not here.
    ...(hasRuntime('java') ? [['java', 'compiled']] : []),
    ...(hasRuntime('ruby') ? [['ruby', 'req.rb']] : []),
    ...(hasRuntime('go') ? [['go', 'compiled']] : []),
  ] as const;
  for (const [target, name] of runnable) {
    for (const [kind, make] of cases) {
      it(`${target}: a ${kind} body`, { timeout: 60_000 }, async () => {
        const request = make();
        const r = await runSnippet(target, kind, request, `${kind}-${name}`);
        expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
        expectSame(request, last, target);
      });
    }
  }
});

describe("the other languages' snippets parse, where their tools are installed", () => {
  const checkers: [string, string, (file: string) => [string, string[]] | null][] = [
    ['httpie', '.sh', (f) => ['sh', ['-n', f]]],
    ['go', '.go', (f) => (hasRuntime('go') ? ['gofmt', ['-l', f]] : null)],
    ['php', '.php', (f) => (hasRuntime('php') ? ['php', ['-l', f]] : null)],
    ['ruby', '.rb', (f) => (hasRuntime('ruby') ? ['ruby', ['-c', f]] : null)],
  ];
  for (const [target, extension, checker] of checkers) {
    for (const [kind, make] of cases) {
      it(`${target}: a ${kind} body`, { timeout: 30_000 }, async (ctx) => {
        const file = files.write(
          `${kind}-${target}${extension}`,
          exportRequest({ target, source: { kind: 'request', request: make() } }).text
        );
        const command = checker(file);
        if (!command) return ctx.skip();
        const r = await run(command[0], command[1]);
        expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      });
    }
  }
});

import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTarget, type Har } from '../../host/export';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { compileGo, compileJava, type CompiledPrograms } from '../support/compile-once';
import { sendHttpFile } from '../support/http-file-client';
import { hasRuntime } from '../support/system-runtimes';
import { findPython, run, scratch, startMockSession, type MockSession } from '../unit/host/export/mock-session';
import { credentials, startOauthlib, type OauthlibSession } from './oauthlib-session';

/*
 * Each export as `oauth-lab sign --format` writes it: the built CLI (bin/oauth-lab.mjs) is started, its stdout
 * taken as bytes, saved to a file unchanged (or written to a socket, for raw HTTP) and run by the target's own
 * runtime. Against the embedded mock, a form POST whose query has `'` and `[1]`; against oauthlib, which signs the
 * path as it receives it (RFC 5849 §3.4.1.2), a path with `'`, `[`, `]`, `|` and `^`. Each server verifies the
 * signature with its own base string, so a 200 means the CLI wrote the bytes that were signed. Targets with no
 * runtime here (HTTPie, PHP's curl, C#, PowerShell, Postman) are held to the same bytes by sign-format.test.ts.
 */
const ROOT = join(import.meta.dirname, '../..');
const python = findPython();
const java = hasRuntime('java');
const go = hasRuntime('go');
type Server = 'mock' | 'oauthlib';
const ACCEPTED: Record<Server, RegExp> = { mock: /"username"\s*:\s*"demo"/, oauthlib: /"user"\s*:\s*"interop"/ };

let mock: MockSession;
let oauthlib: OauthlibSession | undefined;
let signFlags: Record<Server, string[]>;
let files: ReturnType<typeof scratch>;
const compiled: { java?: CompiledPrograms; go?: CompiledPrograms } = {};

/** `oauth-lab sign … --format TARGET --include-secrets` as a child process: its stdout's bytes. */
async function cliExport(server: Server, target: string): Promise<Buffer> {
  const args = [join(ROOT, 'bin/oauth-lab.mjs'), 'sign', ...signFlags[server], '--format', target, '--include-secrets'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, `oauth-lab sign --format ${target}: ${err}`).toBe(0);
  return Buffer.concat(out);
}

/** What the server answered, as the program printed it (or the raw answer, for raw HTTP and .http files). */
async function runExport(server: Server, target: string): Promise<string> {
  if (target === 'java' || target === 'java-oauth1' || target === 'go') {
    const r = await compiled[target === 'go' ? 'go' : 'java']!.run(`${target}-${server}`, { timeoutMs: 55_000 });
    return `${r.stdout}\n${r.stderr}`;
  }
  const bytes = await cliExport(server, target);
  if (target === 'raw-http') return sendRaw(server, bytes);
  if (target === 'http-file') return sendHttpFile(bytes.toString('utf8'));
  if (target === 'har') return replayHar(bytes);
  const file = files.write(`${server}-${target}${findTarget(target, 'oauth1').extension}`, bytes.toString('utf8'));
  const runtime: Record<string, string> = {
    curl: 'sh',
    wget: 'sh',
    ruby: 'ruby',
    'python-requests': python ?? 'python3',
    'python-oauth1': python ?? 'python3',
  };
  return output(await run(runtime[target] ?? process.execPath, [file]));
}

/**
 * A HAR's request sent again from its own fields (url, method, headers, the body's text) by Node's fetch, as a HAR
 * replayer does. Not through httpsnippet: from a form body given as `text` (HAR 1.2 makes `text` and `params`
 * exclusive) it makes a request without the body, and from `params` one with the values not form-encoded.
 */
async function replayHar(bytes: Buffer): Promise<string> {
  const { request } = (JSON.parse(bytes.toString('utf8')) as Har).log.entries[0]!;
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers.map(({ name, value }): [string, string] => [name, value]),
    ...(request.postData ? { body: request.postData.text } : {}),
  });
  return `${res.status}\n${await res.text()}`;
}

const output = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

function sendRaw(server: Server, bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(server === 'mock' ? mock.base : oauthlib!.base);
  return new Promise<string>((resolve, reject) => {
    let answer = '';
    const socket = createConnection({ host: hostname, port: Number(port) }, () => socket.end(bytes));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  files = scratch();
  mock = await startMockSession();
  const token = await mock.oauth1Token();
  const consumer = DEFAULT_CREDENTIALS.consumer;
  signFlags = {
    mock: [
      ...['--method', 'POST', '--url', `${mock.base}/api/v1/me?fields=name&q=it's&r=[1]&s=a+b%2Bc`],
      ...['--form', 'status=Hello Ladies + Gentlemen', '--form', "quote=it's 100%", '--form', 'emoji=☃'],
      ...['--consumer-key', consumer.key, '--consumer-secret', consumer.secret],
      ...['--token', token.token, '--token-secret', token.secret],
      ...['--timestamp', String(mock.mock.clock.clientNowSeconds())],
    ],
    oauthlib: [],
  };
  if (python) {
    oauthlib = await startOauthlib();
    const access = (await oauthlib.threeLegs('HMAC-SHA1')).accessToken!;
    signFlags.oauthlib = [
      ...['--url', `${oauthlib.base}/api/v1/paths/it's/[x]/a|b^c?q=it's&r=[1]`],
      ...['--consumer-key', credentials.consumerKey, '--consumer-secret', credentials.consumerSecret],
      ...['--token', access.token, '--token-secret', access.secret],
    ];
  }
  // Java and Go programs are compiled once for the file (compile-once.ts), from the bytes the CLI wrote.
  const servers: Server[] = python ? ['mock', 'oauthlib'] : ['mock'];
  const programs = async (targets: readonly string[]) =>
    Promise.all(
      targets.flatMap((target) =>
        servers.map(async (server) => ({
          name: `${target}-${server}`,
          filename: findTarget(target, 'oauth1').filename ?? `main${findTarget(target, 'oauth1').extension}`,
          text: (await cliExport(server, target)).toString('utf8'),
        }))
      )
    );
  if (java) compiled.java = await compileJava(await programs(['java', 'java-oauth1']));
  if (go) compiled.go = await compileGo(await programs(['go']));
}, 200_000);
afterAll(async () => {
  await mock?.stop();
  await oauthlib?.close();
  files?.remove();
  compiled.java?.remove();
  compiled.go?.remove();
});

const TARGETS: readonly (readonly [string, boolean])[] = [
  ['curl', true],
  ['wget', hasRuntime('wget')],
  ['javascript-fetch', true],
  ['node-http', true],
  ['python-requests', !!python],
  ['go', go],
  ['java', java],
  ['ruby', hasRuntime('ruby')],
  ['raw-http', true],
  ['python-oauth1', !!python],
  ['node-oauth1', true],
  ['java-oauth1', java],
  ['http-file', true],
  ['har', true],
];

describe('each export as oauth-lab sign writes it, run by its runtime', () => {
  for (const [target, installed] of TARGETS) {
    it.skipIf(!installed)(`${target}: the mock accepts the signature of a form POST`, { timeout: 60_000 }, async () => {
      expect(await runExport('mock', target)).toMatch(ACCEPTED.mock);
    });
    it.skipIf(!installed || !python)(
      `${target}: oauthlib accepts the signature over a path with ' [ ] | ^`,
      { timeout: 60_000 },
      async () => {
        expect(await runExport('oauthlib', target)).toMatch(ACCEPTED.oauthlib);
      }
    );
  }
});

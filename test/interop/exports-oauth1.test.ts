import { createServer, type Server } from 'node:http';
import { createConnection, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type ExportResult } from '../../host/export';
import { parseAuthorizationHeader, traceSignature, type SignatureInput } from '../../shared/oauth1';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS } from '../../mock-provider';
import { findPython, run, scratch, startMockSession, type MockSession } from '../unit/host/export/mock-session';
import { compileJava, type CompiledPrograms } from '../support/compile-once';
import { hasRuntime } from '../support/system-runtimes';

/**
 * Exported OAuth 1.0a code runs against the embedded mock's protected resource. Snapshots
 * (the exact signed request) are run by curl, Python, Node (and wget and Java where installed); signing code
 * (requests-oauthlib, node:crypto, java.net.http + javax.crypto) signs afresh on each run. The mock verifies
 * every signature with its own base string, so a 200 means the exported code sends what it signed.
 */
let session: MockSession;
let token: { token: string; secret: string };
let files: ReturnType<typeof scratch>;
const python = findPython();
const java = hasRuntime('java');
const wget = hasRuntime('wget');
/** Where Java is installed, every Java program of the file is written and compiled before the tests, in one JVM. */
let javaExports: Record<JavaProgram, ExportResult>;
let javaPrograms: CompiledPrograms | undefined;
/** A server that verifies with the path as it arrives (the mock serves exact paths). */
let verifier: Server | undefined;

beforeAll(async () => {
  session = await startMockSession();
  token = await session.oauth1Token();
  files = scratch();
  // Let the signing code try the other methods too (the service itself accepts HMAC-SHA1 only, interface §5.1).
  const res = await fetch(`${session.base}/_mock/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      switches: {
        signatureMethods: ['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'PLAINTEXT'],
        plaintextRequiresTls: false,
      },
    }),
  });
  expect(res.status).toBe(200);
  if (java) {
    verifier = await startVerifier();
    javaExports = writeJavaPrograms();
    javaPrograms = await compileJava(Object.entries(javaExports).map(([name, result]) => ({ name, ...result })));
  }
}, 160_000);
afterAll(async () => {
  await session.stop();
  files.remove();
  javaPrograms?.remove();
  if (verifier) await new Promise((resolve) => verifier!.close(resolve));
});

/** The mock's 200 body names the user; a refusal never does. Matches JSON, Python's dict and Node's inspect output. */
const SUCCESS = /["']?username["']?\s*:\s*["']demo["']/;
/** Form values that catch the classic mistakes: `+` versus space, unicode, a quote, `%`, repeated names. */
const TRICKY_FORM: [string, string][] = [
  ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
  ['emoji', '☃'],
  ['dup', 'b'],
  ['dup', 'a'],
  ['quote', "it's 100%"],
];
const TRICKY_QUERY = "/api/v1/me?fields=name&q=a%20b+c&x=it's";

const get = () => session.signing(token, 'GET', '/api/v1/me?fields=name');
const post = () => session.signing(token, 'POST', TRICKY_QUERY, TRICKY_FORM);
const exported = (target: string, signing: SignatureInput, includeSecrets = false): ExportResult =>
  exportRequest({ target, source: { kind: 'oauth1', signing }, includeSecrets });

type JavaProgram = 'snapshot' | 'post' | 'sha256-query' | 'path' | 'query';

/** The Java programs the tests run, written once the mock and the verifier listen: their URLs are in the code. */
function writeJavaPrograms(): Record<JavaProgram, ExportResult> {
  const signingAt = (url: string): SignatureInput => ({ ...get(), url });
  const verifierBase = `http://127.0.0.1:${(verifier!.address() as AddressInfo).port}`;
  return {
    snapshot: exported('java', post()),
    post: exported('java-oauth1', post(), true),
    'sha256-query': exported('java-oauth1', { ...get(), signatureMethod: 'HMAC-SHA256', placement: 'query' }, true),
    path: exported('java-oauth1', signingAt(`${verifierBase}/photos/[1]/a]b[?q=[x]`), true),
    query: exported('java-oauth1', signingAt(`${session.base}/api/v1/me?fields[]=name&x[a]=1`), true),
  };
}

/** Answers 200 when the OAuth 1.0a signature matches the base string of the request as it arrived, else 401. */
async function startVerifier(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sent = new Map(parseAuthorizationHeader(req.headers.authorization ?? 'OAuth ').params);
      const expected = traceSignature(
        {
          method: req.method!,
          url: `http://${req.headers.host}${req.url}`,
          body: Buffer.concat(chunks).toString('utf8'),
          contentType: req.headers['content-type'],
          consumerKey: sent.get('oauth_consumer_key')!,
          token: sent.get('oauth_token'),
          signatureMethod: 'HMAC-SHA1',
          nonce: sent.get('oauth_nonce'),
          timestamp: sent.get('oauth_timestamp'),
          consumerSecret: DEFAULT_CREDENTIALS.consumer.secret,
          tokenSecret: token.secret,
        },
        nodeCrypto
      ).signature;
      res.writeHead(expected === sent.get('oauth_signature') ? 200 : 401).end(req.url);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('snapshots of the exact signed request, run against the mock', () => {
  it(
    'curl: GET /api/v1/me gives 200, and running it again gives 401 (the nonce is spent)',
    { timeout: 30_000 },
    async () => {
      const result = exported('curl', get());
      expect(result.text).toMatch(/^# Single use: this OAuth 1\.0a request is signed with oauth_nonce/);
      const file = files.write('get.sh', `${result.text} --silent --show-error --write-out '\\n%{http_code}'\n`);
      const first = await run('sh', [file]);
      expect(first.stderr).toBe('');
      expect(first.stdout.split('\n').pop()).toBe('200');
      expect(first.stdout).toMatch(SUCCESS);
      const again = await run('sh', [file]);
      expect(again.stdout.split('\n').pop()).toBe('401');
      expect(again.stdout).toMatch(/nonce/i);
    }
  );
  it(
    'curl: a POST with a form body (signed) and a query with + and a quote gives 200',
    { timeout: 30_000 },
    async () => {
      const file = files.write(
        'post.sh',
        `${exported('curl', post()).text} --silent --show-error --write-out '\\n%{http_code}'\n`
      );
      const r = await run('sh', [file]);
      expect(r.stdout.split('\n').pop(), r.stdout).toBe('200');
    }
  );
  it.skipIf(!python)('Python requests: GET and the form POST give 200', { timeout: 30_000 }, async () => {
    for (const [name, signing] of [
      ['get.py', get()],
      ['post.py', post()],
    ] as const) {
      const r = await run(python!, [files.write(name, exported('python-requests', signing).text)]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(SUCCESS);
    }
  });
  it('Node (http module) and JavaScript fetch: GET and the form POST give 200', { timeout: 30_000 }, async () => {
    for (const [name, target, signing] of [
      ['get.cjs', 'node-http', get()],
      ['post.cjs', 'node-http', post()],
      ['get.mjs', 'javascript-fetch', get()],
      ['post.mjs', 'javascript-fetch', post()],
    ] as const) {
      const r = await run(process.execPath, [files.write(name, exported(target, signing).text)]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout, name).toMatch(SUCCESS);
    }
  });
  it.skipIf(!wget)('wget: the form POST gives 200', { timeout: 30_000 }, async () => {
    const r = await run('sh', [files.write('wget.sh', exported('wget', post()).text)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(SUCCESS);
  });
  it.skipIf(!wget)(
    "JavaScript fetch and wget, run again: each says the status and the server's reason and exits non-zero",
    { timeout: 30_000 },
    async () => {
      const programs = [
        [
          'fetch',
          () => run(process.execPath, [files.write('replay.mjs', exported('javascript-fetch', signedGet).text)]),
        ],
        ['wget', () => run('sh', [files.write('replay.sh', exported('wget', signedGet).text)])],
      ] as const;
      let signedGet = get();
      for (const [name, once] of programs) {
        signedGet = get();
        const first = await once();
        expect(first.code, `${name}: ${first.stderr}`).toBe(0);
        expect(first.stdout, name).toMatch(SUCCESS);
        const replay = await once();
        expect(replay.code, name).not.toBe(0);
        const said = `${replay.stdout}\n${replay.stderr}`;
        expect(said, name).toMatch(/401 Unauthorized/);
        expect(said, name).toMatch(/oauth_problem="?nonce_used/);
        expect(said, name).not.toMatch(/SyntaxError|JSON/);
      }
    }
  );
  it.skipIf(!java)('Java (java.net.http): the form POST gives 200', { timeout: 60_000 }, async () => {
    expect(javaExports.snapshot.filename).toBe('OAuthLabRequest.java');
    const r = await javaPrograms!.run('snapshot', { timeoutMs: 55_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(SUCCESS);
  });
  it('raw HTTP, written to a socket as it is, gives 200', async () => {
    const text = exported('raw-http', post()).text;
    const { port } = new URL(session.base);
    const answer = await new Promise<string>((resolve, reject) => {
      let data = '';
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) }, () => socket.end(text));
      socket.on('data', (d) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(SUCCESS);
  });
});

describe('signing code, run against the mock: it signs afresh on every run', () => {
  it.skipIf(!python)(
    'Python requests-oauthlib: GET and the form POST give 200, twice each',
    { timeout: 60_000 },
    async () => {
      for (const [name, signing] of [
        ['oauth1-get.py', get()],
        ['oauth1-post.py', post()],
      ] as const) {
        const file = files.write(name, exported('python-oauth1', signing, true).text);
        for (const attempt of [1, 2]) {
          const r = await run(python!, [file]);
          expect(r.code, `${name} run ${attempt}: ${r.stdout}\n${r.stderr}`).toBe(0);
          expect(r.stdout.split('\n')[0]).toBe('200');
        }
      }
    }
  );
  it.skipIf(!python)(
    'Python requests-oauthlib: the parameters in the query or the form body (RFC 5849 §3.5.2, §3.5.3)',
    { timeout: 30_000 },
    async () => {
      for (const placement of ['query', 'body'] as const) {
        const r = await run(python!, [
          files.write(`oauth1-${placement}.py`, exported('python-oauth1', { ...post(), placement }, true).text),
        ]);
        expect(r.code, `${placement}: ${r.stdout}\n${r.stderr}`).toBe(0);
      }
    }
  );
  it('Node node:crypto: GET and the form POST give 200, twice each', { timeout: 30_000 }, async () => {
    for (const [name, signing] of [
      ['oauth1-get.mjs', get()],
      ['oauth1-post.mjs', post()],
    ] as const) {
      const file = files.write(name, exported('node-oauth1', signing, true).text);
      for (const attempt of [1, 2]) {
        const r = await run(process.execPath, [file]);
        expect(r.code, `${name} run ${attempt}: ${r.stdout}\n${r.stderr}`).toBe(0);
        expect(r.stdout.split('\n')[0]).toBe('200');
      }
    }
  });
  it(
    'Node node:crypto: HMAC-SHA256, HMAC-SHA512 and PLAINTEXT, a realm, and parameters in the query or the body',
    { timeout: 30_000 },
    async () => {
      const variants: [string, Partial<SignatureInput>][] = [
        ['sha256', { signatureMethod: 'HMAC-SHA256' }],
        ['sha512', { signatureMethod: 'HMAC-SHA512', realm: 'Example "realm"' }],
        ['plaintext', { signatureMethod: 'PLAINTEXT' }],
        ['query', { placement: 'query' }],
        ['body', { placement: 'body' }],
        ['no-version', { includeVersion: false }],
      ];
      for (const [name, change] of variants) {
        const r = await run(process.execPath, [
          files.write(`oauth1-${name}.mjs`, exported('node-oauth1', { ...post(), ...change }, true).text),
        ]);
        expect(r.code, `${name}: ${r.stdout}\n${r.stderr}`).toBe(0);
      }
    }
  );
  it.skipIf(!java)(
    'Java (java.net.http + javax.crypto.Mac): the form POST gives 200, and HMAC-SHA256 in the query',
    { timeout: 90_000 },
    async () => {
      for (const name of ['post', 'sha256-query'] as const) {
        const r = await javaPrograms!.run(name, { timeoutMs: 55_000 });
        expect(r.code, `${name}: ${r.stdout}\n${r.stderr}`).toBe(0);
        expect(r.stdout.split('\n')[0]).toBe('200');
      }
    }
  );
  it.skipIf(!java)(
    'Java: [ and ] in the path (a server that signs the path as received) and the query (the mock) are signed as sent',
    { timeout: 90_000 },
    async () => {
      const cases = [
        ['path', /^200\n\/photos\/%5B1%5D\/a%5Db%5B\?q=%5Bx%5D/],
        ['query', /^200\n.*"username":\s*"demo"/s],
      ] as const;
      for (const [name, expected] of cases) {
        const r = await javaPrograms!.run(name, { timeoutMs: 55_000 });
        expect(r.code, `${name}: ${r.stdout}\n${r.stderr}`).toBe(0);
        expect(r.stdout, name).toMatch(expected);
        // The app sends [ ] percent-encoded in the path and the query (shared/url.ts): the code carries that form.
        expect(javaExports[name].text).not.toMatch(/static final String URL = "[^"]*[[\]]/);
      }
    }
  );
  it('without secrets, the placeholders are the only gap: filled in, the code runs', { timeout: 30_000 }, async () => {
    const signing = post();
    for (const target of ['node-oauth1', ...(python ? ['python-oauth1'] : [])]) {
      const result = exported(target, signing);
      expect(result.placeholders).toEqual(['YOUR_CONSUMER_SECRET', 'YOUR_TOKEN_SECRET']);
      expect(result.text).not.toContain(signing.consumerSecret!);
      expect(result.text).not.toContain(signing.tokenSecret!);
      const filled = result.text
        .replace('YOUR_CONSUMER_SECRET', signing.consumerSecret!)
        .replace('YOUR_TOKEN_SECRET', signing.tokenSecret!);
      const r = await run(target === 'node-oauth1' ? process.execPath : python!, [
        files.write(`filled-${result.filename}`, filled),
      ]);
      expect(r.code, `${target}: ${r.stdout}\n${r.stderr}`).toBe(0);
    }
  });
});

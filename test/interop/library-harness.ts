import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { percentEncode } from '../../shared/percent-encoding';
import { diagnoseSignature, requestFromFields, type Diagnosis, type LibraryId } from '../../shared/oauth1/debug';

/**
 * Generated requests for the library interop tests: unicode, reserved characters, repeated names, default ports,
 * mixed case, form bodies on POST/PUT/PATCH, empty and one-character secrets. A seeded generator (mulberry32), so
 * a failure names a request that can be run again.
 */
export interface LibraryRequest {
  readonly method: string;
  /** As handed to the library and sent: query included, written as the generator chose (case, port). */
  readonly url: string;
  /** An application/x-www-form-urlencoded body, or null. */
  readonly body: string | null;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly token: string | null;
  readonly tokenSecret: string | null;
  readonly nonce: string;
  readonly timestamp: string;
}

/** What a library's driver printed for one request. */
export interface Signed {
  readonly authorization?: string;
  /** The base string the library itself built, when it can print one. */
  readonly baseString?: string;
  readonly error?: string;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['a', 'a1', 'a_', 'B', 'b', 'q', 'status', 'é', 'sp ace', 'a.b', '-8', 'a=b', 'x[y]', '~t', 'Z9'];
const VALUES = [
  '1',
  'hello world',
  'é',
  '中文',
  '😀',
  "!*'()",
  'a+b',
  '50%',
  'x=y&z',
  '/?#[]@:',
  '',
  'A-Z_a~z',
  '%41',
  'ümlaut ß',
];
const HOSTS = ['api.example.com', 'API.Example.COM', 'api.example.com:443', 'api.example.com:8443'];
const PATHS = ['/1/update', '/a%20b/c', '/res/', '/'];

export function generateRequests(seed: number, count: number): LibraryRequest[] {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const pairs = (max: number): [string, string][] => {
    const out: [string, string][] = [];
    const n = Math.floor(rnd() * (max + 1));
    for (let i = 0; i < n; i++) out.push([pick(NAMES), pick(VALUES)]);
    if (out.length && rnd() < 0.25) out.push([out[0]![0], pick(VALUES)]); // a repeated name
    return out;
  };
  // Spaces as + or %20, both valid in a query and a form body (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1) decodes either).
  const encode = (pairs: readonly [string, string][], plus: boolean) =>
    pairs
      .map(([n, v]) => [n, v].map((t) => (plus ? percentEncode(t).replace(/%20/g, '+') : percentEncode(t))).join('='))
      .join('&');
  const out: LibraryRequest[] = [];
  for (let i = 0; i < count; i++) {
    const method = pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'POST']);
    const scheme = pick(['https', 'https', 'http', 'HTTPS']);
    const host = pick(HOSTS).replace(':443', scheme.toLowerCase() === 'http' ? ':80' : ':443');
    const query = pairs(3);
    const form = ['POST', 'PUT', 'PATCH'].includes(method) ? pairs(3) : [];
    const hasBody = form.length > 0 || (['POST', 'PUT', 'PATCH'].includes(method) && rnd() < 0.3);
    const withToken = rnd() < 0.7;
    out.push({
      method,
      url: `${scheme}://${host}${pick(PATHS)}${query.length ? `?${encode(query, rnd() < 0.3)}` : ''}`,
      body: hasBody ? encode(form, rnd() < 0.5) : null,
      consumerKey: pick(['ck', 'dpf43f3p2l4k3l03', 'key%41', 'c k']),
      consumerSecret: pick(['kd94hf93k423kf44', 'x', 'cs&/ é', '']),
      token: withToken ? pick(['nnch734d00sl2jdk', 'tk%20']) : null,
      tokenSecret: withToken ? pick(['pfkkdhi9sl3r4s00', 'y', '', 'ts +%']) : null,
      nonce: `n${i}${pick(['', 'Xy'])}`,
      timestamp: String(1_300_000_000 + i),
    });
  }
  return out;
}

/** Runs one driver process over every input (one line in, one JSON line out each). */
export function signAll<I = LibraryRequest, O = Signed>(
  command: string,
  args: readonly string[],
  requests: readonly I[],
  toLine: (r: I) => string = (r) => JSON.stringify(r)
): O[] {
  const run = spawnSync(command, args, {
    input: requests.map(toLine).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines, `one line per request from ${command}`).toHaveLength(requests.length);
  return lines.map((l) => JSON.parse(l) as O);
}

export function diagnose(r: LibraryRequest, authorization: string): Diagnosis {
  const request = requestFromFields({ method: r.method, url: r.url, body: r.body, authorization });
  return diagnoseSignature({ request, consumerSecret: r.consumerSecret, tokenSecret: r.tokenSecret }, nodeCrypto);
}

/**
 * The debugger's verdict on what a library signed: a match when the library signs as the RFC does, and otherwise
 * a reproduction made only of behaviours the catalogue lists for this library, which (when the library prints
 * its base string) gives exactly that base string. Returns the behaviours named, for a coverage check.
 */
export function checkLibrarySignature(library: LibraryId, r: LibraryRequest, signed: Signed): string[] {
  const where = `request ${JSON.stringify(r)} signed as ${JSON.stringify(signed)}`;
  expect(signed.error, where).toBeUndefined();
  const d = diagnose(r, signed.authorization!);
  const rfc = diagnose(
    r,
    signed.authorization!.replace(/oauth_signature="[^"]*"/, `oauth_signature="${percentEncode(d.expectedSignature!)}"`)
  );
  expect(rfc.verdict, `OAuth Lab's own signature is a match: ${where}`).toBe('match');
  if (d.receivedSignature === d.expectedSignature) {
    expect(d.verdict, where).toBe('match');
    if (signed.baseString !== undefined) expect(signed.baseString, where).toBe(d.baseString);
    return [];
  }
  expect(d.verdict, where).toBe('mismatch');
  expect(
    d.libraries.libraries.map((l) => l.library),
    `${d.summary} ${where}`
  ).toContain(library);
  // Every explanation is made of library behaviour only, and one of them of this library's alone.
  expect(
    d.reproductions.every((rep) => rep.mistakes.every((m) => m.behaviour !== undefined)),
    `${d.summary} ${where}`
  ).toBe(true);
  const own = d.reproductions.filter((rep) =>
    rep.mistakes.every((m) => m.libraries!.some((l) => l.library === library))
  );
  expect(own.length, `a reproduction by ${library}'s behaviour alone: ${d.summary} ${where}`).toBeGreaterThan(0);
  if (signed.baseString !== undefined) expect(own[0]!.baseString, where).toBe(signed.baseString);
  return own.flatMap((rep) => rep.mistakes.map((m) => m.behaviour!));
}

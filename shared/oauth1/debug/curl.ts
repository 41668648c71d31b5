import { base64Encode } from '../../encoding/base64';
import { utf8Encode } from '../../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolErrorCode } from '../../errors';
import { headerValue, HTTP_TOKEN } from '../../http';
import { parseHttpUrl } from '../../url';
import { FORM_CONTENT_TYPE } from '../parameters';
import { percentEncode } from '../percent-encoding';
import type { DebugRequest } from './request';
import { shellWords } from './shell-words';

const STEP = 'curl';
function fail(code: ProtocolErrorCode, why: string): never {
  throw new ProtocolError(code, STEP, why);
}

type Handler = (value: string, s: CurlState) => void;
interface CurlState {
  method: string | null;
  urls: string[];
  headers: [string, string][];
  data: string[];
  json: boolean;
  get: boolean;
  head: boolean;
  user: string | null;
  notes: string[];
}

const noFile = (flag: string, value: string) => {
  if (value.startsWith('@'))
    fail(
      PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
      `${flag} ${value} reads a file, which is not available here; paste the file's content instead (--data-raw '...').`
    );
};
const unsupported =
  (flag: string, why: string): Handler =>
  () =>
    fail(PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION, `${flag} is not supported: ${why}`);
const header =
  (name: string): Handler =>
  (v, s) =>
    s.headers.push([name, v]);

/**
 * The options that change what curl sends (curl(1)). Data options join with `&` and make a POST with a form
 * content type unless -G or -X say otherwise; --data-urlencode encodes like curl_easy_escape (RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) unreserved
 * kept, space as %20, the same as RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6)).
 */
const WITH_VALUE: Record<string, Handler> = {
  '--request': (v, s) => (s.method = v),
  '--header': (v, s) => {
    if (v.startsWith('@'))
      fail(
        PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
        `--header ${v} reads headers from a file; paste them as -H 'Name: value' instead.`
      );
    const m = /^([^:;\s]+)\s*([:;])\s*(.*)$/s.exec(v);
    if (!m) fail(PROTOCOL_ERROR.INVALID_CURL_HEADER, `--header ${JSON.stringify(v)} is not "Name: value".`);
    // "Name:" with nothing after it removes one of curl's own headers; "Name;" sends it empty (curl(1) -H).
    if (m[2] === ':' && m[3] === '') return;
    s.headers.push([m[1]!, m[3]!.trimEnd()]);
  },
  '--data': (v, s) => (noFile('--data', v), s.data.push(v)),
  '--data-ascii': (v, s) => (noFile('--data-ascii', v), s.data.push(v)),
  '--data-binary': (v, s) => (noFile('--data-binary', v), s.data.push(v)),
  '--data-raw': (v, s) => s.data.push(v),
  '--data-urlencode': (v, s) => s.data.push(dataUrlencode(v)),
  '--json': (v, s) => (noFile('--json', v), s.data.push(v), (s.json = true)),
  '--url': (v, s) => s.urls.push(v),
  '--user-agent': header('User-Agent'),
  '--referer': header('Referer'),
  '--cookie': (v, s) =>
    v.includes('=')
      ? s.headers.push(['Cookie', v])
      : s.notes.push(`--cookie ${v} reads a cookie file; cookies are not signed, so it was left aside.`),
  '--user': (v, s) => (s.user = v),
  '--form': unsupported(
    '--form',
    'a multipart/form-data body is never signed (RFC 5849 §3.4.1.3.1); remove -F to check the signature, or send the fields with --data-urlencode.'
  ),
  '--form-string': unsupported('--form-string', 'a multipart/form-data body is never signed (RFC 5849 §3.4.1.3.1).'),
  '--upload-file': unsupported(
    '--upload-file',
    'the file is not available here; paste its content with --data-binary instead.'
  ),
  '--url-query': unsupported('--url-query', 'write the parameters into the URL instead.'),
  '--oauth2-bearer': unsupported('--oauth2-bearer', 'this checks OAuth 1.0a signatures.'),
  '--aws-sigv4': unsupported('--aws-sigv4', 'this checks OAuth 1.0a signatures.'),
};
// Options that take a value but change nothing that is signed (output, timing, TLS, proxies).
for (const f of [
  '--output',
  '--max-time',
  '--connect-timeout',
  '--write-out',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '--proxy',
  '--cacert',
  '--capath',
  '--cert',
  '--key',
  '--cert-type',
  '--resolve',
  '--connect-to',
  '--cookie-jar',
  '--limit-rate',
  '--max-redirs',
  '--dump-header',
  '--interface',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--proxy-user',
  '--ciphers',
  '--tls-max',
  '--expect100-timeout',
  '--keepalive-time',
  '--config',
]) {
  WITH_VALUE[f] =
    f === '--config'
      ? unsupported('--config', 'the config file is not available here; write its options on the command line.')
      : () => {};
}
const BOOLEAN: Record<string, (s: CurlState) => void> = {
  '--get': (s) => (s.get = true),
  '--head': (s) => (s.head = true),
};
for (const f of [
  '--silent',
  '--show-error',
  '--verbose',
  '--include',
  '--insecure',
  '--location',
  '--location-trusted',
  '--compressed',
  '--fail',
  '--fail-with-body',
  '--no-buffer',
  '--globoff',
  '--progress-bar',
  '--no-progress-meter',
  '--http1.0',
  '--http1.1',
  '--http2',
  '--http2-prior-knowledge',
  '--http3',
  '--ipv4',
  '--ipv6',
  '--tcp-nodelay',
  '--path-as-is',
  '--disable',
  '--netrc',
  '--raw',
  '--tr-encoding',
  '--no-keepalive',
  '--ssl-no-revoke',
  '--tlsv1.2',
  '--tlsv1.3',
  '--no-alpn',
  '--no-sessionid',
  '--remote-name',
  '--remote-time',
])
  BOOLEAN[f] = () => {};

const SHORT: Record<string, string> = {
  X: '--request',
  H: '--header',
  d: '--data',
  A: '--user-agent',
  e: '--referer',
  b: '--cookie',
  u: '--user',
  o: '--output',
  m: '--max-time',
  w: '--write-out',
  x: '--proxy',
  c: '--cookie-jar',
  D: '--dump-header',
  E: '--cert',
  F: '--form',
  T: '--upload-file',
  K: '--config',
  G: '--get',
  I: '--head',
  s: '--silent',
  S: '--show-error',
  v: '--verbose',
  i: '--include',
  k: '--insecure',
  L: '--location',
  f: '--fail',
  N: '--no-buffer',
  g: '--globoff',
  '#': '--progress-bar',
  '4': '--ipv4',
  '6': '--ipv6',
  n: '--netrc',
  O: '--remote-name',
  R: '--remote-time',
};

/** --data-urlencode's four forms (curl(1)): content, =content, name=content, and @file / name@file (unsupported). */
function dataUrlencode(v: string): string {
  const eq = v.indexOf('=');
  const at = v.indexOf('@');
  if (at >= 0 && (eq < 0 || at < eq))
    fail(
      PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
      `--data-urlencode ${v} reads a file; paste its content as name=content instead.`
    );
  if (eq < 0) return percentEncode(v, STEP);
  return (eq === 0 ? '' : `${v.slice(0, eq)}=`) + percentEncode(v.slice(eq + 1), STEP);
}

/**
 * Reads a curl command line into the request curl would send (curl(1)): -X/--request, -H/--header, the data
 * options, -G/--get, -I/--head, -u/--user, the URL (positional or --url). Options that only change output or
 * transport are accepted and ignored; anything that would change the request in a way that cannot be known here
 * (a file, multipart, a config) is an error naming the option.
 */
export function parseCurlCommand(text: string): DebugRequest {
  const words = shellWords(text);
  if (words[0] !== 'curl' && !/(^|\/)curl(\.exe)?$/.test(words[0] ?? ''))
    fail(
      PROTOCOL_ERROR.NOT_A_CURL_COMMAND,
      `The command starts with ${JSON.stringify(words[0] ?? '')}, not curl; paste a command such as curl -X POST 'https://...' -H 'Authorization: OAuth ...'.`
    );
  const s: CurlState = {
    method: null,
    urls: [],
    headers: [],
    data: [],
    json: false,
    get: false,
    head: false,
    user: null,
    notes: [],
  };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const valueOf = (flag: string, attached: string) => {
      if (attached !== '') return attached;
      if (i + 1 >= words.length) fail(PROTOCOL_ERROR.MISSING_CURL_VALUE, `${flag} needs a value.`);
      return words[++i]!;
    };
    if (w.startsWith('--') && w.length > 2) {
      if (w in WITH_VALUE) WITH_VALUE[w]!(valueOf(w, ''), s);
      else if (w in BOOLEAN) BOOLEAN[w]!(s);
      else
        fail(
          PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
          `The curl option ${w} is not supported here${w.includes('=') ? ' (curl takes option values as the next word, not after =)' : ''}.`
        );
    } else if (w.startsWith('-') && w.length > 1) {
      // A cluster of short options (-sSL) where the first one taking a value takes the rest of the word (-XPOST).
      for (let k = 1; k < w.length; k++) {
        const long = SHORT[w[k]!];
        if (!long)
          fail(PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION, `The curl option -${w[k]} (in ${w}) is not supported here.`);
        if (long in WITH_VALUE) {
          WITH_VALUE[long]!(valueOf(`-${w[k]}`, w.slice(k + 1)), s);
          break;
        }
        BOOLEAN[long]!(s);
      }
    } else {
      s.urls.push(w);
    }
  }
  return toRequest(s);
}

function toRequest(s: CurlState): DebugRequest {
  if (s.urls.length === 0) fail(PROTOCOL_ERROR.MISSING_URL, 'The curl command has no URL.');
  if (s.urls.length > 1)
    fail(
      PROTOCOL_ERROR.SEVERAL_URLS,
      `The curl command has ${s.urls.length} URLs (${s.urls.map((u) => JSON.stringify(u)).join(', ')}); curl sends one request for each, so keep the one to check.`
    );
  let url = s.urls[0]!;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    url = `http://${url}`;
    s.notes.push(`The URL has no scheme, and curl then uses http://, so ${url} is checked.`);
  }
  const hasData = s.data.length > 0;
  let body: string | undefined;
  if (hasData && s.get) {
    // -G: the data becomes the query (curl(1) --get).
    const [beforeHash] = url.split('#');
    url = beforeHash + (beforeHash!.includes('?') ? '&' : '?') + s.data.join('&');
  } else if (hasData) {
    body = s.data.join(s.json ? '' : '&');
    if (!headerValue(s.headers, 'content-type'))
      s.headers.push(['Content-Type', s.json ? 'application/json' : FORM_CONTENT_TYPE]);
    if (s.json && !headerValue(s.headers, 'accept')) s.headers.push(['Accept', 'application/json']);
  }
  parseHttpUrl(url, STEP);
  const method = s.method ?? (s.head ? 'HEAD' : hasData && !s.get ? 'POST' : 'GET');
  if (!HTTP_TOKEN.test(method))
    fail(PROTOCOL_ERROR.INVALID_METHOD, `-X ${JSON.stringify(method)} is not an HTTP method.`);
  if (s.user !== null) {
    if (headerValue(s.headers, 'authorization'))
      s.notes.push(
        '-u/--user was left aside: the Authorization header given with -H replaces the Basic credentials it would send.'
      );
    else s.headers.push(['Authorization', `Basic ${base64Encode(utf8Encode(s.user, STEP))}`]);
  }
  return { origin: 'curl', method, url, headers: s.headers, ...(body !== undefined ? { body } : {}), notes: s.notes };
}

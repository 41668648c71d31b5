import { ProtocolError, PROTOCOL_ERROR, type ProtocolErrorCode } from '../../errors';
import { percentEncode } from '../../percent-encoding';

// The curl options the debugger reads (curl(1)): what each one does to the request curl would send.

/** The step every error about a curl command names. */
export const CURL_STEP = 'curl';
export function failCurl(code: ProtocolErrorCode, why: string): never {
  throw new ProtocolError(code, CURL_STEP, why);
}

type Handler = (value: string, s: CurlState) => void;
export interface CurlState {
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
    failCurl(
      PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
      `${flag} ${value} reads a file, which is not available here; paste the file's content instead (--data-raw '...').`
    );
};
const unsupported =
  (flag: string, why: string): Handler =>
  () =>
    failCurl(PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION, `${flag} is not supported: ${why}`);
const header =
  (name: string): Handler =>
  (v, s) =>
    s.headers.push([name, v]);

/**
 * The options that change what curl sends (curl(1)). Data options join with `&` and make a POST with a form
 * content type unless -G or -X say otherwise; --data-urlencode encodes like curl_easy_escape (RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) unreserved
 * kept, space as %20, the same as RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6)).
 */
export const CURL_VALUE_OPTIONS: Record<string, Handler> = {
  '--request': (v, s) => (s.method = v),
  '--header': (v, s) => {
    if (v.startsWith('@'))
      failCurl(
        PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
        `--header ${v} reads headers from a file; paste them as -H 'Name: value' instead.`
      );
    const m = /^([^:;\s]+)\s*([:;])\s*(.*)$/s.exec(v);
    if (!m) failCurl(PROTOCOL_ERROR.INVALID_CURL_HEADER, `--header ${JSON.stringify(v)} is not "Name: value".`);
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
  CURL_VALUE_OPTIONS[f] =
    f === '--config'
      ? unsupported('--config', 'the config file is not available here; write its options on the command line.')
      : () => {};
}
export const CURL_BOOLEAN_OPTIONS: Record<string, (s: CurlState) => void> = {
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
  CURL_BOOLEAN_OPTIONS[f] = () => {};

export const CURL_SHORT_OPTIONS: Record<string, string> = {
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
    failCurl(
      PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
      `--data-urlencode ${v} reads a file; paste its content as name=content instead.`
    );
  if (eq < 0) return percentEncode(v, CURL_STEP);
  return (eq === 0 ? '' : `${v.slice(0, eq)}=`) + percentEncode(v.slice(eq + 1), CURL_STEP);
}

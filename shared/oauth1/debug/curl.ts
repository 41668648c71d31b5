import { base64Encode } from '../../encoding/base64';
import { utf8Encode } from '../../encoding/utf8';
import { PROTOCOL_ERROR } from '../../errors';
import { headerValue, HTTP_TOKEN } from '../../http';
import { parseHttpUrl } from '../../url';
import { FORM_CONTENT_TYPE } from '../../url-encoded';
import {
  CURL_BOOLEAN_OPTIONS,
  CURL_SHORT_OPTIONS,
  CURL_STEP,
  CURL_VALUE_OPTIONS,
  failCurl,
  type CurlState,
} from './curl-options';
import type { DebugRequest } from './request';
import { shellWords } from './shell-words';

/**
 * Reads a curl command line into the request curl would send (curl(1)): -X/--request, -H/--header, the data
 * options, -G/--get, -I/--head, -u/--user, the URL (positional or --url). Options that only change output or
 * transport are accepted and ignored; anything that would change the request in a way that cannot be known here
 * (a file, multipart, a config) is an error naming the option.
 */
export function parseCurlCommand(text: string): DebugRequest {
  const words = shellWords(text);
  if (words[0] !== 'curl' && !/(^|\/)curl(\.exe)?$/.test(words[0] ?? ''))
    failCurl(
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
      if (i + 1 >= words.length) failCurl(PROTOCOL_ERROR.MISSING_CURL_VALUE, `${flag} needs a value.`);
      return words[++i]!;
    };
    if (w.startsWith('--') && w.length > 2) {
      if (w in CURL_VALUE_OPTIONS) CURL_VALUE_OPTIONS[w]!(valueOf(w, ''), s);
      else if (w in CURL_BOOLEAN_OPTIONS) CURL_BOOLEAN_OPTIONS[w]!(s);
      else
        failCurl(
          PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION,
          `The curl option ${w} is not supported here${w.includes('=') ? ' (curl takes option values as the next word, not after =)' : ''}.`
        );
    } else if (w.startsWith('-') && w.length > 1) {
      // A cluster of short options (-sSL) where the first one taking a value takes the rest of the word (-XPOST).
      for (let k = 1; k < w.length; k++) {
        const long = CURL_SHORT_OPTIONS[w[k]!];
        if (!long)
          failCurl(PROTOCOL_ERROR.UNSUPPORTED_CURL_OPTION, `The curl option -${w[k]} (in ${w}) is not supported here.`);
        if (long in CURL_VALUE_OPTIONS) {
          CURL_VALUE_OPTIONS[long]!(valueOf(`-${w[k]}`, w.slice(k + 1)), s);
          break;
        }
        CURL_BOOLEAN_OPTIONS[long]!(s);
      }
    } else {
      s.urls.push(w);
    }
  }
  return toRequest(s);
}

function toRequest(s: CurlState): DebugRequest {
  if (s.urls.length === 0) failCurl(PROTOCOL_ERROR.MISSING_URL, 'The curl command has no URL.');
  if (s.urls.length > 1)
    failCurl(
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
  parseHttpUrl(url, CURL_STEP);
  const method = s.method ?? (s.head ? 'HEAD' : hasData && !s.get ? 'POST' : 'GET');
  if (!HTTP_TOKEN.test(method))
    failCurl(PROTOCOL_ERROR.INVALID_METHOD, `-X ${JSON.stringify(method)} is not an HTTP method.`);
  if (s.user !== null) {
    if (headerValue(s.headers, 'authorization'))
      s.notes.push(
        '-u/--user was left aside: the Authorization header given with -H replaces the Basic credentials it would send.'
      );
    else s.headers.push(['Authorization', `Basic ${base64Encode(utf8Encode(s.user, CURL_STEP))}`]);
  }
  return { origin: 'curl', method, url, headers: s.headers, ...(body !== undefined ? { body } : {}), notes: s.notes };
}

import { percentDecode } from '../percent-encoding';
import type { Candidate } from './candidate';
import { finding } from './causes';
import { rfcUri } from './pipeline';
import type { ReceivedRequest } from './received';

const DEFAULT_PORT = { http: '80', https: '443' } as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** §3.4.1.1: the method signed in another case, or another method altogether. */
export function methodMistakes(r: ReceivedRequest): Candidate[] {
  const sent = r.method.trim();
  const upper = sent.toUpperCase();
  const out: Candidate[] = [];
  if (sent !== upper) out.push({ mistakes: [finding('method-case', `The method is sent as ${sent} and was signed so; the base string needs ${upper}.`)], variant: { method: () => sent } });
  if (upper.toLowerCase() !== sent) out.push({ mistakes: [finding('method-case', `The method was signed in lower case (${upper.toLowerCase()}); the base string needs ${upper}.`)], variant: { method: () => upper.toLowerCase() } });
  for (const m of METHODS) if (m !== upper) out.push({ mistakes: [finding('method-differs', `The request was signed as ${m} but sent as ${upper}.`)], variant: { method: () => m } });
  return out;
}

/** Splits `host[:port]` (IPv6 literals in brackets). */
function hostAndPort(authority: string): [host: string, port: string | null] {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority);
  return m ? [m[1]!, m[2] || null] : [authority, null];
}

/** §3.4.1.2: each way a client builds another base string URI than the server. */
export function uriMistakes(r: ReceivedRequest): Candidate[] {
  const out: Candidate[] = [];
  const path = r.url.path || '/';
  const rfc = rfcUri(r);
  const [host, port] = hostAndPort(r.authority);
  const scheme = r.url.scheme;

  const [writtenHost, writtenPort] = hostAndPort(r.writtenAuthority);
  const written = `${r.writtenScheme}://${writtenHost}${writtenPort && writtenPort !== DEFAULT_PORT[scheme] ? `:${writtenPort}` : ''}${path}`;
  if (written !== rfc && written.toLowerCase() === rfc.toLowerCase()) {
    out.push({ mistakes: [finding('uri-case', `The URI was signed as written, ${written}; the base string needs ${rfc}.`)], variant: { uri: () => written } });
  }
  if (port === null) {
    const kept = `${scheme}://${host}:${DEFAULT_PORT[scheme]}${path}`;
    out.push({ mistakes: [finding('uri-default-port', `The URI was signed as ${kept}; the default port ${DEFAULT_PORT[scheme]} is left out: ${rfc}.`)], variant: { uri: () => kept } });
  }
  const base = `${scheme}://${r.authority}`;
  const slashed = path === '/' ? base : path.endsWith('/') ? base + path.slice(0, -1) : `${base}${path}/`;
  out.push({ mistakes: [finding('uri-trailing-slash', `The URI was signed as ${slashed}, but the request went to ${rfc}.`)], variant: { uri: () => slashed } });

  const query = r.url.query ?? '';
  const kept = query.split('&').filter((s) => s !== '' && !safeDecode(s.split('=')[0]!).startsWith('oauth_')).join('&');
  if (kept !== '') {
    const withQuery = `${rfc}?${kept}`;
    out.push({ mistakes: [finding('uri-query-included', `The URI was signed as ${withQuery}, query included (its parameters were signed too).`)], variant: { uri: () => withQuery } });
    out.push({
      mistakes: [finding('uri-query-included', `The URI was signed as ${withQuery}, with the query in the URI instead of among the parameters.`)],
      variant: { uri: () => withQuery, params: (pairs) => pairs.filter((p) => p.source !== 'query' || p.name.startsWith('oauth_')) },
    });
  }
  const other = scheme === 'https' ? 'http' : 'https';
  out.push({ mistakes: [finding('uri-scheme', `The URI was signed with ${other}:// but the request uses ${scheme}:// (a proxy or load balancer that terminates TLS changes what one side sees).`)], variant: { uri: () => `${other}://${r.authority}${path}` } });
  const urlAuthority = `${r.url.host}${r.url.port !== null && String(r.url.port) !== DEFAULT_PORT[scheme] ? `:${r.url.port}` : ''}`;
  if (urlAuthority !== r.authority) {
    out.push({ mistakes: [finding('uri-host', `The client signed the URL's host ${urlAuthority}; the server sees Host: ${r.authority}.`)], variant: { uri: () => `${scheme}://${urlAuthority}${path}` } });
  }
  const decoded = safeDecode(path);
  if (decoded !== path) out.push({ mistakes: [finding('uri-path', `The path was signed decoded (${decoded}); it is signed as sent, ${path}.`)], variant: { uri: () => `${base}${decoded}` } });
  return out;
}

function safeDecode(text: string): string {
  try {
    return percentDecode(text, false);
  } catch {
    return text;
  }
}

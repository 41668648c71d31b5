import { splitUrlEncoded } from '../../url-encoded';
import { percentDecodeOrKeep } from '../../percent-encoding';
import type { Candidate } from './candidate';
import { finding } from './causes';
import { hostAndPort, rfcUriParts, uriText, type UriParts } from './pipeline';
import type { ReceivedRequest } from './received';

const DEFAULT_PORT = { http: '80', https: '443' } as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** §3.4.1.1: the method signed in another case, or another method altogether. */
export function methodMistakes(r: ReceivedRequest): Candidate[] {
  const sent = r.method.trim();
  const upper = sent.toUpperCase();
  const out: Candidate[] = [];
  if (sent !== upper)
    out.push({
      mistakes: [
        finding('method-case', `The method is sent as ${sent} and was signed so; the base string needs ${upper}.`),
      ],
      variant: { method: () => sent },
    });
  if (upper.toLowerCase() !== sent)
    out.push({
      mistakes: [
        finding(
          'method-case',
          `The method was signed in lower case (${upper.toLowerCase()}); the base string needs ${upper}.`
        ),
      ],
      variant: { method: () => upper.toLowerCase() },
    });
  for (const m of METHODS)
    if (m !== upper)
      out.push({
        mistakes: [finding('method-differs', `The request was signed as ${m} but sent as ${upper}.`)],
        variant: { method: () => m },
      });
  return out;
}

/** §3.4.1.2: each way a client builds another base string URI than the server; each changes one part. */
export function uriMistakes(r: ReceivedRequest): Candidate[] {
  const out: Candidate[] = [];
  const rfcParts = rfcUriParts(r);
  const rfc = uriText(rfcParts);
  const scheme = r.url.scheme;
  const add = (
    cause: Parameters<typeof finding>[0],
    change: (u: UriParts) => UriParts,
    detail: (signed: string) => string
  ) => {
    const signed = uriText(change(rfcParts));
    if (signed !== rfc) out.push({ mistakes: [finding(cause, detail(signed))], variant: { uri: change } });
  };

  const [writtenHost] = hostAndPort(r.writtenAuthority);
  if (r.writtenScheme !== scheme || writtenHost !== rfcParts.host) {
    add(
      'uri-case',
      (u) => ({ ...u, scheme: r.writtenScheme, host: writtenHost }),
      (signed) => `The URI was signed as written, ${signed}; the base string needs ${rfc}.`
    );
  }
  if (rfcParts.port === null) {
    add(
      'uri-default-port',
      (u) => ({ ...u, port: u.port ?? DEFAULT_PORT[u.scheme.toLowerCase() as 'http'] ?? null }),
      (signed) => `The URI was signed as ${signed}; the default port ${DEFAULT_PORT[scheme]} is left out: ${rfc}.`
    );
  }
  add(
    'uri-trailing-slash',
    (u) => ({ ...u, path: u.path === '/' ? '' : u.path.endsWith('/') ? u.path.slice(0, -1) : `${u.path}/` }),
    (signed) => `The URI was signed as ${signed}, but the request went to ${rfc}.`
  );

  out.push(...queryInUri(r, rfcParts, rfc));
  const other = scheme === 'https' ? 'http' : 'https';
  add(
    r.schemeAssumed ? 'scheme-assumed' : 'uri-scheme',
    (u) => ({ ...u, scheme: other }),
    () =>
      r.schemeAssumed
        ? `The signature is made with ${other}://, not the ${scheme}:// assumed: the request was sent over ${other}. Choose ${other} as the scheme it was sent over.`
        : `The URI was signed with ${other}:// but the request uses ${scheme}:// (a proxy or load balancer that terminates TLS changes what one side sees).`
  );
  const urlPort = r.url.port !== null && String(r.url.port) !== DEFAULT_PORT[scheme] ? String(r.url.port) : null;
  const urlAuthority = `${r.url.host}${urlPort !== null ? `:${urlPort}` : ''}`;
  if (urlAuthority !== r.authority) {
    add(
      'uri-host',
      (u) => ({ ...u, host: r.url.host, port: urlPort }),
      () => `The client signed the URL's host ${urlAuthority}; the server sees Host: ${r.authority}.`
    );
  }
  const decoded = percentDecodeOrKeep(rfcParts.path);
  add(
    'uri-path',
    (u) => ({ ...u, path: percentDecodeOrKeep(u.path) }),
    () => `The path was signed decoded (${decoded}); it is signed as sent, ${rfcParts.path}.`
  );
  return out;
}

/** The query kept in the base string URI: signed twice (there and as parameters), or there instead. */
function queryInUri(r: ReceivedRequest, rfcParts: UriParts, rfc: string): Candidate[] {
  const kept = splitUrlEncoded(r.url.query ?? '')
    .filter((p) => !percentDecodeOrKeep(p.rawName).startsWith('oauth_'))
    .map((p) => p.segment)
    .join('&');
  if (kept === '') return [];
  const withQuery = (u: UriParts) => ({ ...u, query: kept });
  const signed = uriText(withQuery(rfcParts));
  const alsoAsParameters: Candidate[] =
    signed === rfc
      ? []
      : [
          {
            mistakes: [
              finding(
                'uri-query-included',
                `The URI was signed as ${signed}, query included (its parameters were signed too).`
              ),
            ],
            variant: { uri: withQuery },
          },
        ];
  return [
    ...alsoAsParameters,
    {
      mistakes: [
        finding(
          'uri-query-included',
          `The URI was signed as ${signed}, with the query in the URI instead of among the parameters.`
        ),
      ],
      variant: {
        uri: withQuery,
        params: (pairs) => pairs.filter((p) => p.source !== 'query' || p.name.startsWith('oauth_')),
      },
    },
  ];
}

import { parseUrlEncoded } from '../../url-encoded';
import { byteOrder } from '../normalize';
import { percentDecodeOrKeep, percentEncode } from '../../percent-encoding';
import type { Candidate } from './candidate';
import { finding } from './causes';
import type { SignedPair } from './pipeline';
import type { ReceivedRequest } from './received';

export const enc = (t: string) => percentEncode(t, 'encoded-parameters');
export const show = (pairs: readonly { name: string; value: string }[]) =>
  pairs.map((p) => `${p.name}=${p.value}`).join(', ');
export const isOauth = (p: { name: string }) => p.name.startsWith('oauth_');

/** Parameters dropped or added as a whole (§3.4.1.3.1): the body, the query, realm, oauth_version, an empty token. */
export function groupMistakes(r: ReceivedRequest): Candidate[] {
  const out: Candidate[] = [];
  const body = r.params.filter((p) => p.source === 'body' && !isOauth(p));
  if (body.length)
    out.push({
      mistakes: [finding('body-left-out', `The form body's parameters (${show(body)}) are not in the signature.`)],
      variant: { params: (ps) => ps.filter((p) => p.source !== 'body' || isOauth(p)) },
    });
  if (!r.isForm && r.body) {
    const asForm = tryParse(() => parseUrlEncoded(r.body!.trim(), true, 'body-parameters'));
    const ct = r.contentType ? `Content-Type ${r.contentType}` : 'no Content-Type';
    if (asForm?.length)
      out.push({
        mistakes: [
          finding(
            'body-included',
            `The body (${ct}) was signed as if it were a form (${show(asForm.map(([name, value]) => ({ name, value })))}); with ${ct} the server does not sign it.`
          ),
        ],
        variant: {
          params: (ps) => [
            ...ps,
            ...asForm.map(([name, value]): SignedPair => ({ name, value, source: 'signed-only' })),
          ],
        },
      });
    const json = jsonFields(r.body);
    if (json?.length)
      out.push({
        mistakes: [
          finding(
            'body-included',
            `The JSON body's fields (${show(json)}) were signed as parameters; a JSON body is not signed.`
          ),
        ],
        variant: { params: (ps) => [...ps, ...json] },
      });
  }
  const query = r.params.filter((p) => p.source === 'query' && !isOauth(p));
  if (query.length > 1)
    out.push({
      mistakes: [finding('param-missing', `The query parameters (${show(query)}) are not in the signature.`)],
      variant: { params: (ps) => ps.filter((p) => p.source !== 'query' || isOauth(p)) },
    });
  const has = (name: string) => r.params.some((p) => p.name === name);
  if (r.realm !== null)
    out.push({
      mistakes: [finding('realm-signed', `realm=${r.realm} was signed.`, 'realm')],
      variant: { params: (ps) => [...ps, { name: 'realm', value: r.realm!, source: 'signed-only' }] },
    });
  if (!has('oauth_version'))
    out.push({
      mistakes: [finding('param-extra', 'oauth_version=1.0 was signed but not sent.', 'oauth_version')],
      variant: { params: (ps) => [...ps, { name: 'oauth_version', value: '1.0', source: 'signed-only' }] },
    });
  if (!has('oauth_token'))
    out.push({
      mistakes: [finding('empty-token', 'An empty oauth_token was signed but not sent.', 'oauth_token')],
      variant: { params: (ps) => [...ps, { name: 'oauth_token', value: '', source: 'signed-only' }] },
    });
  out.push({
    mistakes: [finding('param-extra', 'oauth_signature itself was signed (it never is).', 'oauth_signature')],
    variant: { params: (ps) => [...ps, { name: 'oauth_signature', value: r.signature, source: 'signed-only' }] },
  });
  return out;
}

const hex = (c: string) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
/** Encoders clients use instead of RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6), each with what it gets wrong. */
const ENCODERS: readonly [
  cause: 'param-encoded-differently' | 'param-plus-space',
  detail: string,
  encode: (t: string) => string,
][] = [
  [
    'param-encoded-differently',
    "Encoded with encodeURIComponent, which leaves ! * ' ( ) as they are.",
    (t) => encodeURIComponent(t),
  ],
  [
    'param-encoded-differently',
    'Encoded with lower-case hex (%2f); RFC 5849 §3.6 wants upper case (%2F).',
    (t) => enc(t).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
  ],
  [
    'param-encoded-differently',
    "Encoded leaving / as it is (Python's urllib.parse.quote without safe='').",
    (t) => enc(t).replace(/%2F/g, '/'),
  ],
  [
    'param-encoded-differently',
    'Encoded leaving [ ] as they are (e.g. fields[ledger]); they must be %5B and %5D.',
    (t) => enc(t).replace(/%5B/g, '[').replace(/%5D/g, ']'),
  ],
  [
    'param-encoded-differently',
    'Encoded with encodeURI, which leaves reserved characters (: / ? & = [ ] and more) as they are.',
    (t) => encodeURI(t),
  ],
  [
    'param-plus-space',
    'Encoded as a form (URLSearchParams): a space became + and ~ became %7E.',
    (t) =>
      encodeURIComponent(t)
        .replace(/[!'()~]/g, hex)
        .replace(/%20/g, '+'),
  ],
];

export function encoderMistakes(): Candidate[] {
  return ENCODERS.map(([cause, detail, encode]) => ({
    mistakes: [finding(cause, detail)],
    variant: { encode: (t: string) => tryParse(() => encode(t)) ?? t },
  }));
}

/** Orders clients use instead of §3.4.1.3.2's (encoded name, then encoded value, byte order). */
export function sortMistakes(): Candidate[] {
  const sorts: [string, (a: readonly [string, string], b: readonly [string, string]) => number][] = [
    [
      'They were sorted as whole name=value strings, so "a=" and "a1=" swap places.',
      (a, b) => byteOrder(`${a[0]}=${a[1]}`, `${b[0]}=${b[1]}`),
    ],
    [
      'They were sorted ignoring case; byte order puts upper case first.',
      (a, b) => byteOrder(a[0].toLowerCase(), b[0].toLowerCase()) || byteOrder(a[1].toLowerCase(), b[1].toLowerCase()),
    ],
    [
      'They were sorted by name only; repeated names keep the order sent instead of being sorted by value.',
      (a, b) => byteOrder(a[0], b[0]),
    ],
    [
      'They were sorted by the decoded names, before encoding.',
      (a, b) =>
        byteOrder(percentDecodeOrKeep(a[0]), percentDecodeOrKeep(b[0])) ||
        byteOrder(percentDecodeOrKeep(a[1]), percentDecodeOrKeep(b[1])),
    ],
  ];
  return [
    {
      mistakes: [
        finding(
          'param-sorted-differently',
          'They were signed in the order collected (header, query, body), not sorted.'
        ),
      ],
      variant: { sort: (ps) => [...ps] },
    },
    ...sorts.map(([detail, f]): Candidate => ({
      mistakes: [finding('param-sorted-differently', detail)],
      variant: { sort: (ps) => [...ps].sort((x, y) => f(x.pair, y.pair)) },
    })),
  ];
}

/** A JSON object body's top-level fields as a signing library that takes them as parameters would (ddo/oauth-1.0a `data`). */
function jsonFields(body: string): SignedPair[] | null {
  const value = tryParse(() => JSON.parse(body) as unknown);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.entries(value as Record<string, unknown>).map(([name, v]) => ({
    name,
    value: typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
    source: 'signed-only',
  }));
}

export function tryParse<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

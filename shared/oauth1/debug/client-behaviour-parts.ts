import { utf8Encode } from '../../encoding/utf8';
import { byteOrder } from '../normalize';
import { percentDecode, percentDecodeOrKeep, percentEncode } from '../../percent-encoding';
import { signingKey } from '../signing';
import { isOauth, nonAscii, type Part, type Seen } from './behaviour-part';
import { hostAndPort, type EncodedPair, type Keys, type SignedPair } from './pipeline';
import type { ReceivedRequest } from './received';
import { oneValueOfRepeated } from './repeated-name-behaviour';

const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443' };

const enc = (t: string) => percentEncode(t, 'encoded-parameters');
/** An encoded string's octets as code units 0–255, so comparing them compares bytes. */
const octets = (encoded: string) =>
  encoded.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** A text's UTF-8 octets taken as Latin-1 characters: encoding that again gives UTF-8 encoded twice. */
const utf8AsLatin1 = (t: string) => Array.from(utf8Encode(t), (b) => String.fromCharCode(b)).join('');
const pairText = (pairs: readonly SignedPair[]) => pairs.map((p) => `${p.name}=${p.value}`).join(', ');
const escaped = /%[0-9A-Fa-f]{2}/;

/** Every client behaviour of the catalogue that changes something for this request, in the catalogue's order. */
export function clientParts(r: ReceivedRequest, keys: Keys): Part[] {
  const seen: Seen = { r, keys, params: r.params.filter((p) => p.name !== 'oauth_signature') };
  return BEHAVIOURS.flatMap((behaviour) => behaviour(seen));
}

/** D1: an oauth_ value's %XX decoded again before signing. */
function oauthValueDecodedAgain({ params }: Seen): Part[] {
  const found = params.filter((p) => isOauth(p) && escaped.test(p.value));
  if (!found.length) return [];
  const decoded = found.map((p) => `${p.name}=${percentDecodeOrKeep(p.value)}`).join(', ');
  return [
    {
      id: 'D1',
      cause: 'param-value-differs',
      libraries: ['authlib'],
      detail: `${pairText(found)}: the %XX in the value was decoded again, so ${decoded} was signed.`,
      variant: {
        params: (ps) =>
          ps.map((p) => (isOauth(p) && escaped.test(p.value) ? { ...p, value: percentDecodeOrKeep(p.value) } : p)),
      },
    },
  ];
}

/** D2: sorted by decoded bytes. */
function sortedByDecodedBytes(): Part[] {
  return [
    {
      id: 'D2',
      cause: 'param-sorted-differently',
      libraries: ['rubyOauth', 'peclOauth'],
      detail:
        'They were sorted by their decoded bytes, before encoding; the RFC sorts the encoded names, then the encoded values.',
      variant: {
        sort: (ps: readonly EncodedPair[]) =>
          [...ps].sort(
            (a, b) => byteOrder(octets(a.pair[0]), octets(b.pair[0])) || byteOrder(octets(a.pair[1]), octets(b.pair[1]))
          ),
      },
    },
  ];
}

/** D3: a PATCH request's form body left unsigned. */
function patchBodyLeftOut({ r, params }: Seen): Part[] {
  const body = params.filter((p) => p.source === 'body' && !isOauth(p));
  if (r.method.trim().toUpperCase() !== 'PATCH' || !body.length) return [];
  return [
    {
      id: 'D3',
      cause: 'body-left-out',
      libraries: ['rubyOauth'],
      detail: `The PATCH request's form body (${pairText(body)}) was not signed; only POST and PUT bodies were.`,
      variant: { params: (ps) => ps.filter((p) => p.source !== 'body' || isOauth(p)) },
    },
  ];
}

/** D4: scheme and host signed as written (not lowercased). */
function schemeAndHostAsWritten({ r }: Seen): Part[] {
  const [writtenHost] = hostAndPort(r.writtenAuthority);
  if (r.writtenScheme === r.url.scheme && writtenHost === hostAndPort(r.authority)[0]) return [];
  return [
    {
      id: 'D4',
      cause: 'uri-case',
      libraries: ['netOauth', 'liboauth'],
      detail: `The scheme and host were signed as written, ${r.writtenScheme}://${writtenHost}.`,
      variant: { uri: (u) => ({ ...u, scheme: r.writtenScheme, host: writtenHost }) },
    },
  ];
}

/** D5: the query's non-ASCII characters UTF-8 encoded twice. */
function queryUtf8EncodedTwice({ params }: Seen): Part[] {
  const found = params.filter((p) => p.source === 'query' && nonAscii.test(p.name + p.value));
  if (!found.length) return [];
  return [
    {
      id: 'D5',
      cause: 'param-encoded-differently',
      libraries: ['netOauth'],
      detail: `The query's non-ASCII characters were UTF-8 encoded twice (${found.map((p) => `${p.name}=${enc(utf8AsLatin1(p.value))}`).join(', ')}).`,
      variant: {
        params: (ps) =>
          ps.map((p) =>
            p.source === 'query' && nonAscii.test(p.name + p.value)
              ? { ...p, name: utf8AsLatin1(p.name), value: utf8AsLatin1(p.value) }
              : p
          ),
      },
    },
  ];
}

/** D6: the default port kept, as written. */
function defaultPortKept({ r }: Seen): Part[] {
  const [, writtenPort] = hostAndPort(r.writtenAuthority);
  const scheme = r.url.scheme;
  if (writtenPort === null || writtenPort !== DEFAULT_PORT[scheme]) return [];
  return [
    {
      id: 'D6',
      cause: 'uri-default-port',
      libraries: scheme === 'https' ? ['netOauth', 'liboauth'] : ['netOauth'],
      detail: `The URI was signed with its default port :${writtenPort}, as written.`,
      variant: { uri: (u) => ({ ...u, port: writtenPort }) },
    },
  ];
}

/** D8: sorted as whole name=value strings. */
function sortedAsWholePairs(): Part[] {
  return [
    {
      id: 'D8',
      cause: 'param-sorted-differently',
      libraries: ['netOauth'],
      detail: 'They were sorted as whole name=value strings, so "a=" and "a1=" swap places.',
      variant: {
        sort: (ps: readonly EncodedPair[]) =>
          [...ps].sort((a, b) => byteOrder(`${a.pair[0]}=${a.pair[1]}`, `${b.pair[0]}=${b.pair[1]}`)),
      },
    },
  ];
}

/** D9: a one-character token secret left out of the key. */
function shortTokenSecretDropped({ keys }: Seen): Part[] {
  if (keys.consumerSecret === null || keys.tokenSecret?.length !== 1) return [];
  return [
    {
      id: 'D9',
      cause: 'key-token-secret-missing',
      libraries: ['peclOauth'],
      detail: 'The token secret is one character long, and was left out of the key (consumer_secret& was used).',
      variant: {},
      key: signingKey(keys.consumerSecret, null),
    },
  ];
}

/** D10: a negative integer name signed as an unsigned 64-bit integer. */
function negativeNameUnsigned({ params }: Seen): Part[] {
  const negative = (p: SignedPair) => !isOauth(p) && /^-[1-9][0-9]*$/.test(p.name) && BigInt(p.name) >= -(2n ** 63n);
  const first = params.find(negative);
  if (!first) return [];
  return [
    {
      id: 'D10',
      cause: 'param-encoded-differently',
      libraries: ['peclOauth'],
      detail: `The name ${first.name} was signed as the unsigned 64-bit integer ${2n ** 64n + BigInt(first.name)}.`,
      variant: {
        params: (ps) => ps.map((p) => (negative(p) ? { ...p, name: String(2n ** 64n + BigInt(p.name)) } : p)),
      },
    },
  ];
}

/** D12: a name with = split at it. */
function nameSplitAtEquals({ params }: Seen): Part[] {
  const first = params.find((p) => p.name.includes('='));
  if (!first) return [];
  const split = (p: SignedPair): SignedPair => ({
    ...p,
    name: p.name.slice(0, p.name.indexOf('=')),
    value: `${p.name.slice(p.name.indexOf('=') + 1)}=${p.value}`,
  });
  return [
    {
      id: 'D12',
      cause: 'param-encoded-differently',
      libraries: ['liboauth'],
      detail: `The name ${first.name} was split at its = (signed as ${split(first).name}=${split(first).value}).`,
      variant: { params: (ps) => ps.map((p) => (p.name.includes('=') ? split(p) : p)) },
    },
  ];
}

/** D13: liboauth splits a request with a body as one list (query and body), where + is not a space. */
function plusKeptInFormRequest({ r, params }: Seen): Part[] {
  const plusQuery =
    r.isForm && r.body !== undefined
      ? params.filter((p) => (p.source === 'query' || p.source === 'body') && (p.rawName + p.rawValue).includes('+'))
      : [];
  if (!plusQuery.length) return [];
  const literal = (raw: string) => percentDecode(raw, false);
  return [
    {
      id: 'D13',
      cause: 'param-plus-space',
      libraries: ['liboauth'],
      detail: `The client read + as a plus in the query or form body (${plusQuery.map((p) => `${p.rawName}=${p.rawValue}`).join(', ')}); there it is a space.`,
      variant: {
        params: (ps) =>
          ps.map((p) =>
            p.index !== undefined && plusQuery.includes(params[p.index]!)
              ? { ...p, name: literal(params[p.index]!.rawName), value: literal(params[p.index]!.rawValue) }
              : p
          ),
      },
    },
  ];
}

/** The catalogue's client behaviours that change a signature, in its order (D11 refuses to sign: a warning). */
const BEHAVIOURS: readonly ((seen: Seen) => Part[])[] = [
  oauthValueDecodedAgain,
  sortedByDecodedBytes,
  patchBodyLeftOut,
  schemeAndHostAsWritten,
  queryUtf8EncodedTwice,
  defaultPortKept,
  oneValueOfRepeated,
  sortedAsWholePairs,
  shortTokenSecretDropped,
  negativeNameUnsigned,
  nameSplitAtEquals,
  plusKeptInFormRequest,
];

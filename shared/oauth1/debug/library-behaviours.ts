import { utf8Encode } from '../../encoding/utf8';
import { byteOrder } from '../normalize';
import { percentDecode, percentDecodeOrKeep, percentEncode } from '../percent-encoding';
import { signingKey } from '../signing';
import type { BaseStringBuilder } from './base-string-builder';
import type { Candidate } from './candidate';
import { libraryFinding, type CauseId, type Finding } from './causes';
import { libraryNames, mentionsOf, type BehaviourId, type LibraryId } from './library-catalogue';
import { hostAndPort, rfcSigner, type EncodedPair, type Keys, type SignedPair, type Variant } from './pipeline';
import type { ReceivedRequest } from './received';

const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443' };
const isOauth = (p: { name: string }) => p.name.startsWith('oauth_');
const enc = (t: string) => percentEncode(t, 'encoded-parameters');
/** An encoded string's octets as code units 0–255, so comparing them compares bytes. */
const octets = (encoded: string) =>
  encoded.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** A text's UTF-8 octets taken as Latin-1 characters: encoding that again gives UTF-8 encoded twice. */
const utf8AsLatin1 = (t: string) => Array.from(utf8Encode(t), (b) => String.fromCharCode(b)).join('');
const pairText = (pairs: readonly SignedPair[]) => pairs.map((p) => `${p.name}=${p.value}`).join(', ');

/** One behaviour as it applies to this request: how it changes the computation, and the libraries it concerns here. */
interface Part {
  readonly id: BehaviourId;
  readonly cause: CauseId;
  readonly detail: string;
  readonly libraries: readonly LibraryId[];
  readonly variant: Variant;
  readonly key?: string;
}

/** Keeps one value of each repeated name: `pick` chooses among the pairs of one name (`key`), in collection order. */
function oneValueEach(
  pick: (all: readonly SignedPair[]) => SignedPair,
  key: (p: SignedPair) => string = (p) => p.name
) {
  return (pairs: readonly SignedPair[]) => {
    const byName = new Map<string, SignedPair[]>();
    for (const p of pairs) {
      if (isOauth(p)) continue;
      const same = byName.get(key(p));
      if (same) same.push(p);
      else byName.set(key(p), [p]);
    }
    const kept = new Set([...byName.values()].map(pick));
    return pairs.filter((p) => isOauth(p) || kept.has(p));
  };
}

/** Every client behaviour of the catalogue that changes something for this request. */
function clientParts(r: ReceivedRequest, keys: Keys): Part[] {
  const out: Part[] = [];
  const params = r.params.filter((p) => p.name !== 'oauth_signature');
  const upper = r.method.trim().toUpperCase();

  const escapedOauth = params.filter((p) => isOauth(p) && /%[0-9A-Fa-f]{2}/.test(p.value));
  if (escapedOauth.length)
    out.push({
      id: 'D1',
      cause: 'param-value-differs',
      libraries: ['authlib'],
      detail: `${pairText(escapedOauth)}: the %XX in the value was decoded again, so ${escapedOauth.map((p) => `${p.name}=${percentDecodeOrKeep(p.value)}`).join(', ')} was signed.`,
      variant: {
        params: (ps) =>
          ps.map((p) =>
            isOauth(p) && /%[0-9A-Fa-f]{2}/.test(p.value) ? { ...p, value: percentDecodeOrKeep(p.value) } : p
          ),
      },
    });

  out.push({
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
  });

  const body = params.filter((p) => p.source === 'body' && !isOauth(p));
  if (upper === 'PATCH' && body.length)
    out.push({
      id: 'D3',
      cause: 'body-left-out',
      libraries: ['rubyOauth'],
      detail: `The PATCH request's form body (${pairText(body)}) was not signed; only POST and PUT bodies were.`,
      variant: { params: (ps) => ps.filter((p) => p.source !== 'body' || isOauth(p)) },
    });

  const [writtenHost, writtenPort] = hostAndPort(r.writtenAuthority);
  if (r.writtenScheme !== r.url.scheme || writtenHost !== hostAndPort(r.authority)[0])
    out.push({
      id: 'D4',
      cause: 'uri-case',
      libraries: ['netOauth', 'liboauth'],
      detail: `The scheme and host were signed as written, ${r.writtenScheme}://${writtenHost}.`,
      variant: { uri: (u) => ({ ...u, scheme: r.writtenScheme, host: writtenHost }) },
    });

  const nonAscii = params.filter((p) => p.source === 'query' && /[^\x00-\x7f]/.test(p.name + p.value));
  if (nonAscii.length)
    out.push({
      id: 'D5',
      cause: 'param-encoded-differently',
      libraries: ['netOauth'],
      detail: `The query's non-ASCII characters were UTF-8 encoded twice (${nonAscii.map((p) => `${p.name}=${enc(utf8AsLatin1(p.value))}`).join(', ')}).`,
      variant: {
        params: (ps) =>
          ps.map((p) =>
            p.source === 'query' && /[^\x00-\x7f]/.test(p.name + p.value)
              ? { ...p, name: utf8AsLatin1(p.name), value: utf8AsLatin1(p.value) }
              : p
          ),
      },
    });

  const scheme = r.url.scheme;
  if (writtenPort !== null && writtenPort === DEFAULT_PORT[scheme])
    out.push({
      id: 'D6',
      cause: 'uri-default-port',
      libraries: scheme === 'https' ? ['netOauth', 'liboauth'] : ['netOauth'],
      detail: `The URI was signed with its default port :${writtenPort}, as written.`,
      variant: { uri: (u) => ({ ...u, port: writtenPort }) },
    });

  const counts = new Map<string, number>();
  for (const p of params) if (!isOauth(p)) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([name]) => name);
  if (repeated.length) {
    const lastOf = (ps: readonly SignedPair[]) => ps[ps.length - 1];
    // PECL oauth: the form's values in a PHP array, then the query's over them (the last of each wins).
    const last = oneValueEach((all) => lastOf(all.filter((q) => q.source === 'query')) ?? lastOf(all)!);
    // Net::OAuth: the form's values in a hash (the last wins), then the query's (its first), over them. A non-ASCII
    // query name stays undecoded bytes there (D5), so it never meets the same name from the form.
    const netOauth = oneValueEach(
      (all) => all.find((q) => q.source === 'query') ?? all[all.length - 1]!,
      (p) => (/[^\x00-\x7f]/.test(p.name) ? `${p.source}\n${p.name}` : p.name)
    );
    const detail = (which: string) =>
      `${repeated.join(', ')} ${repeated.length > 1 ? 'are' : 'is'} repeated; only ${which} value was signed.`;
    out.push({
      id: 'D7',
      cause: 'param-missing',
      libraries: ['peclOauth'],
      detail: detail("the last (of the query's when the query has it)"),
      variant: { params: last },
    });
    out.push({
      id: 'D7',
      cause: 'param-missing',
      libraries: ['netOauth'],
      detail: detail('one (the first of a query name, the last of a form name)'),
      variant: { params: netOauth },
    });
  }

  out.push({
    id: 'D8',
    cause: 'param-sorted-differently',
    libraries: ['netOauth'],
    detail: 'They were sorted as whole name=value strings, so "a=" and "a1=" swap places.',
    variant: {
      sort: (ps: readonly EncodedPair[]) =>
        [...ps].sort((a, b) => byteOrder(`${a.pair[0]}=${a.pair[1]}`, `${b.pair[0]}=${b.pair[1]}`)),
    },
  });

  if (keys.consumerSecret !== null && keys.tokenSecret?.length === 1)
    out.push({
      id: 'D9',
      cause: 'key-token-secret-missing',
      libraries: ['peclOauth'],
      detail: 'The token secret is one character long, and was left out of the key (consumer_secret& was used).',
      variant: {},
      key: signingKey(keys.consumerSecret, null),
    });

  const negative = (p: SignedPair) => !isOauth(p) && /^-[1-9][0-9]*$/.test(p.name) && BigInt(p.name) >= -(2n ** 63n);
  const negatives = params.filter(negative);
  if (negatives.length)
    out.push({
      id: 'D10',
      cause: 'param-encoded-differently',
      libraries: ['peclOauth'],
      detail: `The name ${negatives[0]!.name} was signed as the unsigned 64-bit integer ${2n ** 64n + BigInt(negatives[0]!.name)}.`,
      variant: {
        params: (ps) => ps.map((p) => (negative(p) ? { ...p, name: String(2n ** 64n + BigInt(p.name)) } : p)),
      },
    });

  const withEquals = params.filter((p) => p.name.includes('='));
  const split = (p: SignedPair): SignedPair => ({
    ...p,
    name: p.name.slice(0, p.name.indexOf('=')),
    value: `${p.name.slice(p.name.indexOf('=') + 1)}=${p.value}`,
  });
  if (withEquals.length)
    out.push({
      id: 'D12',
      cause: 'param-encoded-differently',
      libraries: ['liboauth'],
      detail: `The name ${withEquals[0]!.name} was split at its = (signed as ${split(withEquals[0]!).name}=${split(withEquals[0]!).value}).`,
      variant: { params: (ps) => ps.map((p) => (p.name.includes('=') ? split(p) : p)) },
    });

  // liboauth splits a request with a body as one list (query and body), where + is not a space.
  const plusQuery =
    r.isForm && r.body !== undefined
      ? params.filter((p) => (p.source === 'query' || p.source === 'body') && (p.rawName + p.rawValue).includes('+'))
      : [];
  const literal = (raw: string) => percentDecode(raw, false);
  if (plusQuery.length)
    out.push({
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
    });
  return out;
}

/** The behaviours each library shows together, in the order they apply. */
const PROFILES: Record<'authlib' | 'rubyOauth' | 'netOauth' | 'peclOauth' | 'liboauth', readonly BehaviourId[]> = {
  authlib: ['D1'],
  rubyOauth: ['D3', 'D2'],
  netOauth: ['D4', 'D6', 'D7', 'D5', 'D8'],
  peclOauth: ['D7', 'D10', 'D2', 'D9'],
  liboauth: ['D4', 'D6', 'D13', 'D12'],
};

/** Several parts at once: URIs and parameter changes compose in order; one sort; one key. */
function together(parts: readonly Part[]): Variant {
  const uris = parts.flatMap((p) => (p.variant.uri ? [p.variant.uri] : []));
  const params = parts.flatMap((p) => (p.variant.params ? [p.variant.params] : []));
  const sort = parts.find((p) => p.variant.sort)?.variant.sort;
  return {
    ...(uris.length ? { uri: (u, r) => uris.reduce((acc, f) => f(acc, r), u) } : {}),
    ...(params.length ? { params: (ps, r) => params.reduce<SignedPair[]>((acc, f) => f(acc, r), [...ps]) } : {}),
    ...(sort ? { sort } : {}),
  };
}

/**
 * The catalogue's client behaviours as candidates: each alone (naming every library known for it), then each
 * library's behaviours together, since a library shows all of them at once. A library's candidate names only the
 * behaviours that change this request's signature on their own.
 */
export function libraryCandidates(r: ReceivedRequest, keys: Keys, builder: BaseStringBuilder): Candidate[] {
  const parts = clientParts(r, keys);
  const right = rfcSigner(keys, r.signatureMethod);
  const signerOf = (key: string | undefined) => (key !== undefined ? { signer: { ...right, key } } : {});
  const changes = (p: Part) =>
    (p.key !== undefined && p.key !== right.key) ||
    (Object.keys(p.variant).length > 0 && builder.build(p.variant) !== builder.rfc);
  // Parts that give the same result are one behaviour shared by their libraries (D7 with one form name repeated).
  const active: Part[] = [];
  const results = new Map<string, number>();
  for (const p of parts.filter(changes)) {
    const result = `${p.id}\n${p.key ?? ''}\n${Object.keys(p.variant).length ? builder.build(p.variant) : ''}`;
    const at = results.get(result);
    if (at === undefined) results.set(result, active.push(p) - 1);
    else active[at] = { ...active[at]!, libraries: [...active[at]!.libraries, ...p.libraries] };
  }
  const findingOf = (p: Part) => libraryFinding(p.cause, p.id, p.detail, mentionsOf(p.id, p.libraries));

  const out: Candidate[] = active.map((p) => ({ mistakes: [findingOf(p)], variant: p.variant, ...signerOf(p.key) }));
  for (const [library, ids] of Object.entries(PROFILES) as [keyof typeof PROFILES, readonly BehaviourId[]][]) {
    const own = ids.flatMap((id) => active.filter((p) => p.id === id && p.libraries.includes(library)));
    if (own.length < 2) continue;
    out.push({
      mistakes: own.map(findingOf),
      variant: together(own),
      ...signerOf(own.find((p) => p.key !== undefined)?.key),
    });
  }
  return out;
}

/** D11: PECL oauth refuses an empty consumer secret, so a request signed with one did not come from it. */
export function libraryWarnings(keys: Keys): Finding[] {
  if (keys.consumerSecret !== '') return [];
  const mentions = mentionsOf('D11');
  return [
    libraryFinding(
      'library-refusal',
      'D11',
      `${libraryNames(mentions)} refuses to sign with an empty consumer secret ("The consumer secret cannot be empty"); RFC 5849 §3.4.2 allows one.`,
      mentions
    ),
  ];
}

import type { BaseStringBuilder } from './base-string-builder';
import type { Candidate } from './candidate';
import { libraryFinding, type Finding } from './causes';
import type { Part } from './behaviour-part';
import { clientParts } from './client-behaviour-parts';
import { libraryNames, mentionsOf, type BehaviourId } from './library-catalogue';
import { rfcSigner, type Keys, type SignedPair, type Variant } from './pipeline';
import type { ReceivedRequest } from './received';

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

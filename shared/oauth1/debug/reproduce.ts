import type { CryptoPort } from '../../ports';
import { combine, type Candidate } from './candidate';
import { signerMistakes } from './key-mistakes';
import { encoderMistakes, groupMistakes, sortMistakes } from './param-mistakes';
import { perParameterMistakes } from './per-parameter-mistakes';
import { baseStringBuilder, type BaseStringBuilder } from './base-string-builder';
import { libraryCandidates } from './library-behaviours';
import type { Keys } from './pipeline';
import type { ReceivedRequest } from './received';
import { ReproductionSearch, type Built, type Reproduction } from './reproduction-search';
import { methodMistakes, uriMistakes } from './uri-mistakes';

/**
 * Per-parameter mistakes grow with the parameters (about three each). Up to this many, each is also paired with
 * every other mistake; beyond it they are tried alone, so a large request costs a number of base strings that
 * grows with its parameters, not with their square.
 */
const PAIRED_PER_PARAMETER_LIMIT = 60;

/**
 * Names the client's mistake from the request and the secrets alone: every known mistake (then every two of them)
 * is applied to OAuth Lab's computation, and those that reproduce the signature sent are the explanation. A
 * client's base string cannot be read from a request, but a signature made from it can be recomputed. The first
 * level with a reproduction wins (one mistake before two); several reproductions at a level are all returned.
 */
export function reproduceSignature(
  r: ReceivedRequest,
  keys: Keys,
  crypto: CryptoPort,
  builder: BaseStringBuilder = baseStringBuilder(r)
): Reproduction[] {
  const search = new ReproductionSearch(r, keys, crypto, builder);
  // Known libraries' behaviour first: where one gives the same base string as a generic mistake, it names more.
  const library = libraryCandidates(r, keys, builder);
  const keyOnly = (c: Candidate) => c.signer !== undefined && Object.keys(c.variant).length === 0;
  const signers = [...library.filter(keyOnly), ...signerMistakes(keys, r)];
  if (search.signatureForms > 1) search.test(builder.rfc, { mistakes: [], variant: {} });
  for (const s of signers) search.test(builder.rfc, s);
  // PLAINTEXT signs no base string (§3.4.4): only the key can be wrong.
  const plaintext = r.signatureMethod === 'PLAINTEXT';
  const perParameter = plaintext ? [] : perParameterMistakes(r);
  const paired = perParameter.length <= PAIRED_PER_PARAMETER_LIMIT;
  const bases = plaintext
    ? []
    : [
        ...search.distinct(
          library.filter((c) => !keyOnly(c)),
          true
        ),
        ...search.distinct(wholeRequestMistakes(r), true),
        ...search.distinct(perParameter, paired),
      ];
  if (search.anyFound) return search.results();
  testPairs(search, bases, signers, builder);
  return search.results();
}

/** The second level: each base string's mistake with each wrong key or method, then every two base strings' mistakes. */
function testPairs(
  search: ReproductionSearch,
  bases: readonly Built[],
  signers: readonly Candidate[],
  builder: BaseStringBuilder
): void {
  for (const b of bases) {
    for (const s of signers) {
      const both = combine(b.candidate, s);
      if (both) search.test(b.baseString, both);
    }
  }
  for (let i = 0; i < bases.length; i++) {
    for (let k = i + 1; k < bases.length; k++) {
      const both = combine(bases[i]!.candidate, bases[k]!.candidate);
      if (!both) continue;
      const baseString = builder.build(both.variant);
      if (search.seen.has(baseString)) continue;
      search.seen.add(baseString);
      search.test(baseString, both);
    }
  }
}

/** Every mistake that concerns the whole request (method, URI, groups of parameters, encoder, sort). */
function wholeRequestMistakes(r: ReceivedRequest): Candidate[] {
  return [...methodMistakes(r), ...uriMistakes(r), ...groupMistakes(r), ...encoderMistakes(), ...sortMistakes()];
}

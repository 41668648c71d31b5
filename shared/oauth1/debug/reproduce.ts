import type { CryptoPort } from '../../ports';
import type { SignatureMethod } from '../signing';
import { combine, type Candidate } from './candidate';
import { finding, type Finding } from './causes';
import { signerMistakes } from './key-mistakes';
import { encoderMistakes, groupMistakes, sortMistakes } from './param-mistakes';
import { perParameterMistakes } from './per-parameter-mistakes';
import { baseStringBuilder, type BaseStringBuilder } from './base-string-builder';
import { libraryCandidates } from './library-behaviours';
import { rfcSigner, signs, type Keys, type Signer } from './pipeline';
import type { ReceivedRequest } from './received';
import { methodMistakes, uriMistakes } from './uri-mistakes';

/** A way of building and signing the base string that gives exactly the signature the request carries. */
export interface Reproduction {
  readonly mistakes: readonly Finding[];
  /** The base string the client signed (OAuth Lab's own when only the key or the method was wrong). */
  readonly baseString: string;
  readonly signatureMethod: SignatureMethod;
}

/**
 * Per-parameter mistakes grow with the parameters (about three each). Up to this many, each is also paired with
 * every other mistake; beyond it they are tried alone, so a large request costs a number of base strings that
 * grows with its parameters, not with their square.
 */
const PAIRED_PER_PARAMETER_LIMIT = 60;

interface Built {
  readonly candidate: Candidate;
  readonly baseString: string;
}

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
  const rfcBase = builder.rfc;
  const right = rfcSigner(keys, r.signatureMethod);
  const received = receivedForms(r);
  const found = new Map<string, { behaviours: string; reproduction: Reproduction }[]>();
  const test = (baseString: string, candidate: Candidate) => {
    const signer: Signer = candidate.signer ?? right;
    for (const { signature, mistakes } of received) {
      if (!signs(signature, baseString, signer, keys, crypto)) continue;
      // Two libraries' behaviours can give one base string (PECL's query-over-form D7 and ruby-oauth's PATCH D3):
      // each is kept, so both are named. A generic mistake that coincides with one found before adds nothing.
      const id = `${baseString}\n${signer.method}\n${signer.key}\n${signer.format}`;
      const behaviours = candidate.mistakes.flatMap((m) => (m.behaviour ? [m.behaviour] : [])).join(',');
      const before = found.get(id) ?? [];
      if (before.length && (behaviours === '' || before.some((b) => b.behaviours === behaviours))) continue;
      found.set(id, [
        ...before,
        {
          behaviours,
          reproduction: { mistakes: [...candidate.mistakes, ...mistakes], baseString, signatureMethod: signer.method },
        },
      ]);
    }
  };
  const results = () => [...found.values()].flat().map((f) => f.reproduction);

  // PLAINTEXT signs no base string (§3.4.4): only the key can be wrong.
  const plaintext = r.signatureMethod === 'PLAINTEXT';
  const seen = new Set([rfcBase]);
  const distinct = (candidates: readonly Candidate[], keep: boolean): Built[] => {
    const out: Built[] = [];
    for (const candidate of candidates) {
      const baseString = builder.build(candidate.variant);
      const known = seen.has(baseString);
      // A library's behaviour is tried even when it gives a base string seen before: it names other libraries.
      if (known && !candidate.signer && !candidate.mistakes.some((m) => m.behaviour)) continue;
      test(baseString, candidate);
      if (keep && !known) {
        seen.add(baseString);
        out.push({ candidate, baseString });
      }
    }
    return out;
  };
  // Known libraries' behaviour first: where one gives the same base string as a generic mistake, it names more.
  const library = libraryCandidates(r, keys, builder);
  const keyOnly = (c: Candidate) => c.signer !== undefined && Object.keys(c.variant).length === 0;
  const signers = [...library.filter(keyOnly), ...signerMistakes(keys, r)];
  if (received.length > 1) test(rfcBase, { mistakes: [], variant: {} });
  for (const s of signers) test(rfcBase, s);
  const perParameter = plaintext ? [] : perParameterMistakes(r);
  const paired = perParameter.length <= PAIRED_PER_PARAMETER_LIMIT;
  const bases = plaintext
    ? []
    : [
        ...distinct(
          library.filter((c) => !keyOnly(c)),
          true
        ),
        ...distinct(wholeRequestMistakes(r), true),
        ...distinct(perParameter, paired),
      ];
  if (found.size) return results();

  for (const b of bases) {
    for (const s of signers) {
      const both = combine(b.candidate, s);
      if (both) test(b.baseString, both);
    }
  }
  for (let i = 0; i < bases.length; i++) {
    for (let k = i + 1; k < bases.length; k++) {
      const both = combine(bases[i]!.candidate, bases[k]!.candidate);
      if (!both) continue;
      const baseString = builder.build(both.variant);
      if (seen.has(baseString)) continue;
      seen.add(baseString);
      test(baseString, both);
    }
  }
  return results();
}

/** Every mistake that concerns the whole request (method, URI, groups of parameters, encoder, sort). */
function wholeRequestMistakes(r: ReceivedRequest): Candidate[] {
  return [...methodMistakes(r), ...uriMistakes(r), ...groupMistakes(r), ...encoderMistakes(), ...sortMistakes()];
}

/**
 * The signature as received, and, when it holds spaces, with them read back as + : a base64 signature sent
 * unencoded in a query or form body has its + decoded as a space (§3.5.2, §3.5.3 need it percent-encoded).
 */
function receivedForms(r: ReceivedRequest): { signature: string; mistakes: Finding[] }[] {
  const forms = [{ signature: r.signature, mistakes: [] as Finding[] }];
  if (r.signature.includes(' ')) {
    forms.push({
      signature: r.signature.replace(/ /g, '+'),
      mistakes: [
        finding(
          'signature-encoding',
          `The signature was sent with + unencoded in the ${r.placement}, where + means a space; send it percent-encoded (%2B).`,
          'oauth_signature'
        ),
      ],
    });
  }
  return forms;
}

import type { CryptoPort } from '../../ports';
import type { SignatureMethod } from '../signing';
import { combine, type Candidate } from './candidate';
import { finding, type Finding } from './causes';
import { signerMistakes } from './key-mistakes';
import { encoderMistakes, groupMistakes, perParameterMistakes, sortMistakes } from './param-mistakes';
import { buildBaseString, rfcSigner, signs, type Keys, type Signer } from './pipeline';
import type { ReceivedRequest } from './received';
import { methodMistakes, uriMistakes } from './uri-mistakes';

/** A way of building and signing the base string that gives exactly the signature the request carries. */
export interface Reproduction {
  readonly mistakes: readonly Finding[];
  /** The base string the client signed (OAuth Lab's own when only the key or the method was wrong). */
  readonly baseString: string;
  readonly signatureMethod: SignatureMethod;
}

/** Pairs of per-parameter mistakes grow with the square of the parameters; beyond this many they are not paired. */
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
export function reproduceSignature(r: ReceivedRequest, keys: Keys, crypto: CryptoPort): Reproduction[] {
  const rfcBase = buildBaseString(r);
  const right = rfcSigner(keys, r.signatureMethod);
  const received = receivedForms(r);
  const found = new Map<string, Reproduction>();
  const test = (baseString: string, candidate: Candidate) => {
    const signer: Signer = candidate.signer ?? right;
    for (const { signature, mistakes } of received) {
      if (!signs(signature, baseString, signer, keys, crypto)) continue;
      const id = `${baseString}\n${signer.method}\n${signer.key}\n${signer.format}`;
      if (!found.has(id)) found.set(id, { mistakes: [...candidate.mistakes, ...mistakes], baseString, signatureMethod: signer.method });
    }
  };

  // PLAINTEXT signs no base string (§3.4.4): only the key can be wrong.
  const plaintext = r.signatureMethod === 'PLAINTEXT';
  const bases = plaintext ? [] : builtCandidates(r, rfcBase);
  const signers = signerMistakes(keys, r.signatureMethod);
  if (received.length > 1) test(rfcBase, { mistakes: [], variant: {} });
  for (const b of bases) test(b.baseString, b.candidate);
  for (const s of signers) test(rfcBase, s);
  if (found.size) return [...found.values()];

  for (const b of bases) for (const s of signers) test(b.baseString, combine(b.candidate, s)!);
  const pairPerParameter = bases.filter((b) => b.candidate.perParameter).length <= PAIRED_PER_PARAMETER_LIMIT;
  const seen = new Set([rfcBase, ...bases.map((b) => b.baseString)]);
  for (let i = 0; i < bases.length; i++) {
    for (let k = i + 1; k < bases.length; k++) {
      const a = bases[i]!.candidate;
      const b = bases[k]!.candidate;
      if (a.perParameter && b.perParameter && !pairPerParameter) continue;
      const both = combine(a, b);
      if (!both) continue;
      const baseString = buildBaseString(r, both.variant);
      if (seen.has(baseString)) continue;
      seen.add(baseString);
      test(baseString, both);
    }
  }
  return [...found.values()];
}

/** Every single base-string mistake whose base string differs from the RFC's, each base string once. */
function builtCandidates(r: ReceivedRequest, rfcBase: string): Built[] {
  const all = [...methodMistakes(r), ...uriMistakes(r), ...groupMistakes(r), ...encoderMistakes(), ...sortMistakes(), ...perParameterMistakes(r)];
  const seen = new Set([rfcBase]);
  const out: Built[] = [];
  for (const candidate of all) {
    const baseString = buildBaseString(r, candidate.variant);
    if (seen.has(baseString)) continue;
    seen.add(baseString);
    out.push({ candidate, baseString });
  }
  return out;
}

/**
 * The signature as received, and, when it holds spaces, with them read back as + : a base64 signature sent
 * unencoded in a query or form body has its + decoded as a space (§3.5.2, §3.5.3 need it percent-encoded).
 */
function receivedForms(r: ReceivedRequest): { signature: string; mistakes: Finding[] }[] {
  const forms = [{ signature: r.signature, mistakes: [] as Finding[] }];
  if (r.signature.includes(' ')) {
    forms.push({ signature: r.signature.replace(/ /g, '+'), mistakes: [finding('signature-encoding', `The signature was sent with + unencoded in the ${r.placement}, where + means a space; send it percent-encoded (%2B).`, 'oauth_signature')] });
  }
  return forms;
}

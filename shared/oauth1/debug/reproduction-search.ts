import type { CryptoPort } from '../../ports';
import type { SignatureMethod } from '../signing';
import type { Candidate } from './candidate';
import { finding, type Finding } from './causes';
import type { BaseStringBuilder } from './base-string-builder';
import { rfcSigner, signs, type Keys, type Signer } from './pipeline';
import type { ReceivedRequest } from './received';

/** A way of building and signing the base string that gives exactly the signature the request carries. */
export interface Reproduction {
  readonly mistakes: readonly Finding[];
  /** The base string the client signed (OAuth Lab's own when only the key or the method was wrong). */
  readonly baseString: string;
  readonly signatureMethod: SignatureMethod;
}

/** A candidate with the base string it builds. */
export interface Built {
  readonly candidate: Candidate;
  readonly baseString: string;
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

/**
 * The reproductions found so far and the base strings already tried: each candidate is signed and compared with
 * the signature received (in each form it may have been received in).
 */
export class ReproductionSearch {
  private readonly found = new Map<string, { behaviours: string; reproduction: Reproduction }[]>();
  private readonly right: Signer;
  private readonly received: { signature: string; mistakes: Finding[] }[];
  /** Base strings built so far, OAuth Lab's own first. */
  readonly seen: Set<string>;

  constructor(
    r: ReceivedRequest,
    private readonly keys: Keys,
    private readonly crypto: CryptoPort,
    private readonly builder: BaseStringBuilder
  ) {
    this.right = rfcSigner(keys, r.signatureMethod);
    this.received = receivedForms(r);
    this.seen = new Set([builder.rfc]);
  }

  /** How many forms of the signature are tried: the one received, and the one with its spaces read as +. */
  get signatureForms(): number {
    return this.received.length;
  }

  get anyFound(): boolean {
    return this.found.size > 0;
  }

  /** Signs `baseString` as `candidate` says and keeps it when it gives a signature received. */
  test(baseString: string, candidate: Candidate): void {
    const signer: Signer = candidate.signer ?? this.right;
    for (const { signature, mistakes } of this.received) {
      if (!signs(signature, baseString, signer, this.keys, this.crypto)) continue;
      // Two libraries' behaviours can give one base string (PECL's query-over-form D7 and ruby-oauth's PATCH D3):
      // each is kept, so both are named. A generic mistake that coincides with one found before adds nothing.
      const id = `${baseString}\n${signer.method}\n${signer.key}\n${signer.format}`;
      const behaviours = candidate.mistakes.flatMap((m) => (m.behaviour ? [m.behaviour] : [])).join(',');
      const before = this.found.get(id) ?? [];
      if (before.length && (behaviours === '' || before.some((b) => b.behaviours === behaviours))) continue;
      this.found.set(id, [
        ...before,
        {
          behaviours,
          reproduction: { mistakes: [...candidate.mistakes, ...mistakes], baseString, signatureMethod: signer.method },
        },
      ]);
    }
  }

  /** Tests each candidate's base string; returns those not seen before when `keep`, to be paired later. */
  distinct(candidates: readonly Candidate[], keep: boolean): Built[] {
    const out: Built[] = [];
    for (const candidate of candidates) {
      const baseString = this.builder.build(candidate.variant);
      const known = this.seen.has(baseString);
      // A library's behaviour is tried even when it gives a base string seen before: it names other libraries.
      if (known && !candidate.signer && !candidate.mistakes.some((m) => m.behaviour)) continue;
      this.test(baseString, candidate);
      if (keep && !known) {
        this.seen.add(baseString);
        out.push({ candidate, baseString });
      }
    }
    return out;
  }

  results(): Reproduction[] {
    return [...this.found.values()].flat().map((f) => f.reproduction);
  }
}

import type { Finding } from './causes';
import type { Signer, Variant } from './pipeline';

/**
 * A mistake a client can make, as a way of building the base string (`variant`) or of signing it (`signer`),
 * with the findings that name it. Reproducing the signature sent with a candidate names the client's mistake.
 */
export interface Candidate {
  readonly mistakes: readonly Finding[];
  readonly variant: Variant;
  readonly signer?: Signer;
  /** Per-parameter candidates are many; pairs of them are tried only when the request is small. */
  readonly perParameter?: boolean;
}

const EXCLUSIVE = ['method', 'encode', 'sort'] as const;

/**
 * Two mistakes at once, when they touch different parts: the method, encoder and sort hooks are exclusive, URI and
 * parameter hooks compose (the second applies to the first's result), and at most one signer.
 */
export function combine(a: Candidate, b: Candidate): Candidate | null {
  for (const hook of EXCLUSIVE) if (a.variant[hook] && b.variant[hook]) return null;
  if (a.signer && b.signer) return null;
  const pa = a.variant.params;
  const pb = b.variant.params;
  const ua = a.variant.uri;
  const ub = b.variant.uri;
  const variant: Variant = {
    ...a.variant,
    ...b.variant,
    ...(pa && pb ? { params: (pairs, r) => pb(pa(pairs, r), r) } : {}),
    ...(ua && ub ? { uri: (parts, r) => ub(ua(parts, r), r) } : {}),
  };
  const signer = a.signer ?? b.signer;
  return { mistakes: [...a.mistakes, ...b.mistakes], variant, ...(signer ? { signer } : {}) };
}

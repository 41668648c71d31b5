import type { Finding } from './causes';
import { applyEdit } from './base-string-builder';
import type { SignedPair, Signer, Variant } from './pipeline';
import type { ReceivedRequest } from './received';

/**
 * A mistake a client can make, as a way of building the base string (`variant`) or of signing it (`signer`),
 * with the findings that name it. Reproducing the signature sent with a candidate names the client's mistake.
 */
export interface Candidate {
  readonly mistakes: readonly Finding[];
  readonly variant: Variant;
  readonly signer?: Signer;
}

const EXCLUSIVE = ['method', 'encode', 'sort'] as const;

/**
 * Two mistakes at once, when they touch different parts: the method, encoder and sort hooks are exclusive, URI and
 * parameter hooks compose (the second applies to the first's result), and at most one signer.
 */
export function combine(a: Candidate, b: Candidate): Candidate | null {
  for (const hook of EXCLUSIVE) if (a.variant[hook] && b.variant[hook]) return null;
  if (a.signer && b.signer) return null;
  const pa = paramsOf(a.variant);
  const pb = paramsOf(b.variant);
  const ua = a.variant.uri;
  const ub = b.variant.uri;
  const { edit: _a, ...va } = a.variant;
  const { edit: _b, ...vb } = b.variant;
  const params = pa && pb ? (pairs: readonly SignedPair[], r: ReceivedRequest) => pb(pa(pairs, r), r) : (pa ?? pb);
  const variant: Variant = {
    ...va,
    ...vb,
    ...(params ? { params } : {}),
    ...(ua && ub ? { uri: (parts, r) => ub(ua(parts, r), r) } : {}),
  };
  const signer = a.signer ?? b.signer;
  return { mistakes: [...a.mistakes, ...b.mistakes], variant, ...(signer ? { signer } : {}) };
}

/** A variant's parameter changes as one function, its one-parameter edit first. */
function paramsOf(v: Variant): Variant['params'] {
  const { edit, params } = v;
  if (!edit) return params;
  return params ? (pairs, r) => params(applyEdit(pairs, edit), r) : (pairs) => applyEdit(pairs, edit);
}

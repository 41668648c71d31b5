import type { CryptoPort } from '../ports';
import type { EntryView } from './entry-view';
import type { Answer } from './facts';
import type { Fingerprint } from './fingerprint';
import type { Leg } from './legs';

/** What every cause finder reads: all the legs with their servers' answers, and how to quote a secret. */
export interface ExplainContext {
  readonly legs: readonly Leg[];
  readonly answers: readonly Answer[];
  readonly views: readonly EntryView[];
  readonly fp: Fingerprint;
  readonly crypto: CryptoPort;
  /** The provider's authorization code lifetime in seconds, when the user said it (--code-lifetime). */
  readonly codeLifetimeSeconds: number | null;
}

/** The legs before `before` (by index) of the given kinds whose answer was a success, latest first. */
export function earlierLegs(
  ctx: ExplainContext,
  before: number,
  kinds: readonly Leg['kind'][],
  test: (leg: Leg, index: number) => boolean
): number[] {
  const out: number[] = [];
  for (let i = before - 1; i >= 0; i--) if (kinds.includes(ctx.legs[i]!.kind) && test(ctx.legs[i]!, i)) out.push(i);
  return out;
}

import type { CryptoPort } from '../ports';
import type { EntryView } from './entry-view';
import type { Answer } from './facts';
import type { Fingerprint } from './fingerprint';
import { countBelow, LegIndex, type LegKey } from './leg-index';
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
  /** The legs by the values the cause finders look them up by. */
  readonly index: LegIndex;
}

/** The latest leg before `before` (by index) whose `key` is `value` and that passes `test`. */
export function latestEarlier(
  ctx: ExplainContext,
  before: number,
  key: LegKey,
  value: string | null,
  test: (leg: Leg, index: number) => boolean = () => true
): number | undefined {
  const list = ctx.index.with(key, value);
  for (let n = countBelow(list, before) - 1; n >= 0; n--) if (test(ctx.legs[list[n]!]!, list[n]!)) return list[n]!;
  return undefined;
}

/** The first leg before `before` (by index) whose `key` is `value` and that passes `test`. */
export function earliestEarlier(
  ctx: ExplainContext,
  before: number,
  key: LegKey,
  value: string | null,
  test: (leg: Leg, index: number) => boolean = () => true
): number | undefined {
  const list = ctx.index.with(key, value);
  for (let n = 0; n < list.length && list[n]! < before; n++) if (test(ctx.legs[list[n]!]!, list[n]!)) return list[n]!;
  return undefined;
}

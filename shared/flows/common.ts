import type { Exchange } from '../http';
import { check, type Check } from '../check';

export { asConsequences, check, note, serviceRequirement, warning, type Check } from '../check';

/** The status of one leg of a flow, as the stepper shows it. */
export type LegStatus = 'not_started' | 'ready' | 'waiting' | 'succeeded' | 'failed';

/** What interpreting a response or callback yields: the checks, and a one-line outcome. */
export interface Interpretation<S> {
  readonly state: S;
  readonly ok: boolean;
  readonly summary: string;
  readonly checks: readonly Check[];
}

/** Endpoint paths are relative to the base URL; a path may also be a full URL for servers that split hosts. */
export function endpointUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** The status line check every leg makes first. */
export function statusCheck(exchange: Exchange, expected = 200): Check {
  const { status, statusText } = exchange.response;
  return check(
    'status',
    status === expected,
    `HTTP ${status} ${statusText}`.trim(),
    `HTTP ${status} ${statusText}`.trim() + `; expected ${expected}.`
  );
}

/** Replaces one leg's status without touching the others. */
export function withLeg<T extends Readonly<Record<string, LegStatus>>>(legs: T, leg: keyof T, status: LegStatus): T {
  return { ...legs, [leg]: status };
}

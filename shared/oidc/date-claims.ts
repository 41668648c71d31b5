import { failed, passed, shown, skipped, type ValidationStep } from './trace-step';

/**
 * The date claims of a JWT or an introspection response: NumericDate values, seconds since 1970-01-01 UTC (RFC 7519
 * §2 (https://www.rfc-editor.org/rfc/rfc7519#section-2)). Every one is read through readNumericDate, so a value no
 * Date can hold (1e13, a string, a negative number) is a failed step, never a thrown RangeError.
 */
export type DateClaim = 'exp' | 'iat' | 'nbf' | 'auth_time';

/** The last second a JavaScript Date can hold: 8.64e15 ms (ECMA-262 §21.4.1.1), year 275760. */
const MAX_NUMERIC_DATE = 8.64e12;

export type NumericDate = { readonly seconds: number; readonly iso: string } | { readonly problem: string };

/** A NumericDate as seconds and an ISO time, or what is wrong with it (said after the claim's name). */
export function readNumericDate(value: unknown): NumericDate {
  const expected = 'expected a NumericDate, a number of seconds since 1970-01-01 UTC (RFC 7519 §2)';
  if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: `is ${shown(value)}; ${expected}` };
  if (value < 0) return { problem: `is ${value}, before 1970; ${expected}` };
  if (value > MAX_NUMERIC_DATE)
    return { problem: `is ${value}, beyond the last date a clock can show (year 275760); ${expected}` };
  return { seconds: value, iso: new Date(value * 1000).toISOString() };
}

/** A NumericDate claim as an ISO time, for display; null when it is absent or not a NumericDate in range. */
export function numericDate(value: unknown): string | null {
  const d = readNumericDate(value);
  return 'iso' in d ? d.iso : null;
}

export interface DateExpectations {
  /** The client's clock, ms since the epoch. */
  readonly now: number;
  /** Allowed difference between the clocks, in seconds. */
  readonly clockSkewSeconds: number;
}

/** For each claim: whether it is required, and the section that says what it means to this token. */
export type DateClaimRules = Readonly<
  Partial<Record<DateClaim, { readonly required: boolean; readonly section: string }>>
>;

const TITLE: Record<DateClaim, string> = {
  exp: 'Expiry (exp)',
  iat: 'Issued at (iat)',
  nbf: 'Not before (nbf)',
  auth_time: 'Authentication time (auth_time)',
};

/** exp must be ahead of the client's clock, iat, nbf and auth_time not ahead of it, each within the skew. */
function judged(claim: DateClaim, seconds: number, iso: string, e: DateExpectations): [boolean, string] {
  const ahead = seconds - e.now / 1000;
  const skew = `beyond the ${e.clockSkewSeconds} s skew allowance`;
  if (claim === 'exp')
    return ahead + e.clockSkewSeconds > 0
      ? [true, `exp is ${iso}: valid for ${Math.floor(ahead)} s more by this client's clock.`]
      : [false, `exp is ${iso}: expired ${Math.ceil(-ahead)} s ago by this client's clock, ${skew}.`];
  if (ahead - e.clockSkewSeconds > 0) {
    const why = claim === 'nbf' ? 'not valid yet' : 'in the future';
    return [false, `${claim} is ${iso}: ${why}, ${Math.ceil(ahead)} s ahead of this client's clock, ${skew}.`];
  }
  return [true, `${claim} is ${iso}: ${Math.max(0, Math.floor(-ahead))} s ago by this client's clock.`];
}

/**
 * One step per date claim the rules name, in the order exp, iat, nbf, auth_time: present ones judged, absent ones by
 * the rules. A claim with a meaning of its own beyond its date (an id_token's auth_time against max_age) is left to
 * its own step.
 */
export function dateClaimSteps(
  claims: Readonly<Record<string, unknown>>,
  rules: DateClaimRules,
  e: DateExpectations
): ValidationStep<DateClaim>[] {
  return (Object.keys(TITLE) as DateClaim[]).flatMap((claim) => {
    const rule = rules[claim];
    if (!rule) return [];
    const { required, section } = rule;
    const title = `${TITLE[claim]}, ${e.clockSkewSeconds} s skew allowed`;
    if (claims[claim] === undefined)
      return required
        ? failed(claim, title, section, `${claim} is missing; this token must carry it (${section}).`)
        : skipped(claim, title, section, `No ${claim}: optional here.`);
    const d = readNumericDate(claims[claim]);
    if ('problem' in d) return failed(claim, title, section, `${claim} ${d.problem}.`);
    const [ok, detail] = judged(claim, d.seconds, d.iso, e);
    return ok ? passed(claim, title, section, detail) : failed(claim, title, section, detail);
  });
}

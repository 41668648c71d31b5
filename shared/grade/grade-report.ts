import { decodeParams } from '../explain/entry-view';
import type { Fingerprint } from '../explain/fingerprint';
import { isPublicHeader, isPublicParameter, URL_HEADERS } from '../explain/report-public';
import type { Expectation } from './scenarios';
import type { Verdict } from './judge';

/** A request as the grader received it, before the report fingerprints it. */
export interface RawSeen {
  readonly method: string;
  /** The request target as sent, e.g. `/grade/RUN/SCENARIO/token`. */
  readonly target: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
  readonly status: number;
  /** What the issuer answered or saw, in words (the grader's own text). */
  readonly said: string;
}

/** A request as the report shows it: the protocol's public values in clear, every other value a fingerprint. */
export interface ReportedRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly form: readonly (readonly [string, string])[];
  readonly status: number;
  readonly said: string;
}

/** One scenario's row: what `--json` prints for it, and the requests seen. */
export interface ScenarioResult {
  readonly id: string;
  readonly verdict: Verdict;
  readonly expectation: Expectation;
  readonly section: string;
  readonly evidence: readonly string[];
  /**
   * The driven client's exit code: its own, 124 when the grader stopped it after --wait (as timeout(1)), 128 + the
   * signal's number when a signal killed it; null only for a scenario not run.
   */
  readonly exitCode: number | null;
}

export interface GradeReport {
  readonly pack: string;
  readonly scenarios: readonly (ScenarioResult & { readonly requests: readonly ReportedRequest[] })[];
  readonly passed: number;
  readonly failed: number;
}

/** A report of these rows, its totals counted. */
export const gradeReportOf = (pack: string, scenarios: GradeReport['scenarios']): GradeReport => ({
  pack,
  scenarios,
  passed: scenarios.filter((s) => s.verdict === 'pass').length,
  failed: scenarios.filter((s) => s.verdict === 'fail').length,
});

const isForm = (r: RawSeen) =>
  r.headers.some(([n, v]) => n.toLowerCase() === 'content-type' && /^application\/x-www-form-urlencoded/i.test(v));

/**
 * The requests fingerprinted as `explain --report` does (its allow-list and its salted fingerprint, one salt per
 * report): public parameters and descriptive headers in clear, Authorization keeps its scheme, all else a fingerprint.
 */
export function reportedRequest(r: RawSeen, fp: Fingerprint): ReportedRequest {
  const params = (all: Readonly<Record<string, string>>) =>
    Object.entries(all).map(([n, v]) => [n, isPublicParameter(n, all) ? v : fp(v)] as const);
  const url = (u: string) => {
    const at = u.indexOf('?');
    if (at < 0) return u;
    return `${u.slice(0, at)}?${params(decodeParams(u.slice(at + 1)))
      .map(([n, v]) => `${n}=${v}`)
      .join('&')}`;
  };
  const header = ([n, v]: readonly [string, string]) => {
    const lower = n.toLowerCase();
    if (URL_HEADERS.has(lower)) return [n, url(v)] as const;
    if (isPublicHeader(lower)) return [n, v] as const;
    const scheme = /^(Basic|Bearer|DPoP)\s+/i.exec(v);
    return [n, scheme ? `${scheme[1]} ${fp(v.slice(scheme[0].length))}` : fp(v)] as const;
  };
  return {
    method: r.method,
    target: url(r.target),
    headers: r.headers.map(header),
    form: !r.body ? [] : isForm(r) ? params(decodeParams(r.body)) : [['(body)', fp(r.body)] as const],
    status: r.status,
    said: r.said,
  };
}

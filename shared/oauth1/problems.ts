import { percentEncode } from '../percent-encoding';
import { formEncode } from '../url-encoded';

/**
 * OAuth Problem Reporting (the OAuth 1.0 extension at wiki.oauth.net/ProblemReporting) with the HTTP status of
 * each code from net.oauth's `OAuth.Problems.TO_HTTP_CODE`, which agrees with RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2) (400 for bad
 * requests, 401 for bad credentials). The 503 codes (`user_refused`, `consumer_key_refused`) are left out on
 * purpose: a mock must never answer 5xx to client input.
 */
export const PROBLEM_STATUS = {
  version_rejected: 400,
  parameter_absent: 400,
  parameter_rejected: 400,
  timestamp_refused: 400,
  signature_method_rejected: 400,
  nonce_used: 401,
  token_used: 401,
  token_expired: 401,
  token_revoked: 401,
  token_rejected: 401,
  token_not_authorized: 401,
  signature_invalid: 401,
  consumer_key_unknown: 401,
  consumer_key_rejected: 401,
  additional_authorization_required: 401,
  permission_unknown: 401,
  permission_denied: 401,
} as const;

export type OAuthProblem = keyof typeof PROBLEM_STATUS;

export interface ProblemReport {
  readonly problem: OAuthProblem;
  /** Plain text for a human: what was wrong and what was expected. Never markup (ProblemReporting). */
  readonly advice: string;
  /** `oauth_parameters_absent`: names of the missing parameters. */
  readonly parametersAbsent?: readonly string[];
  /** `oauth_parameters_rejected`: names of the parameters that were refused. */
  readonly parametersRejected?: readonly string[];
  /** `oauth_acceptable_timestamps`: the accepted window, in Unix seconds. */
  readonly acceptableTimestamps?: readonly [min: number, max: number];
  /** `oauth_acceptable_versions`. */
  readonly acceptableVersions?: readonly [min: string, max: string];
}

export function problemStatus(problem: OAuthProblem): 400 | 401 {
  return PROBLEM_STATUS[problem];
}

/**
 * The report's parameters in sending order, each value as it goes into the form body (before the form's own
 * encoding). Lists of names are percent-encoded and joined with `&` (ProblemReporting), so they are encoded twice.
 */
function problemParameters(report: ProblemReport): [string, string][] {
  const out: [string, string][] = [['oauth_problem', report.problem]];
  const names = (list: readonly string[]) => list.map((n) => percentEncode(n)).join('&');
  if (report.parametersAbsent?.length) out.push(['oauth_parameters_absent', names(report.parametersAbsent)]);
  if (report.parametersRejected?.length) out.push(['oauth_parameters_rejected', names(report.parametersRejected)]);
  if (report.acceptableTimestamps)
    out.push(['oauth_acceptable_timestamps', `${report.acceptableTimestamps[0]}-${report.acceptableTimestamps[1]}`]);
  if (report.acceptableVersions)
    out.push(['oauth_acceptable_versions', `${report.acceptableVersions[0]}-${report.acceptableVersions[1]}`]);
  out.push(['oauth_problem_advice', report.advice]);
  return out;
}

/** The `application/x-www-form-urlencoded` body of a problem report. */
export function problemFormBody(report: ProblemReport): string {
  return formEncode(problemParameters(report));
}

/**
 * `WWW-Authenticate: OAuth realm="…", oauth_problem="…", …` for a 401 (RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1) framing; ProblemReporting
 * says the parameters SHOULD be in this header and identical to the body). Values are percent-encoded as in the
 * Authorization header; the realm is a quoted-string with `"` and `\` escaped.
 */
export function problemWwwAuthenticate(realm: string, report: ProblemReport): string {
  const parts = problemParameters(report).map(([n, v]) => `${n}="${percentEncode(v)}"`);
  return `OAuth realm="${realm.replace(/[\\"]/g, '\\$&')}", ${parts.join(', ')}`;
}

/** What to do about each problem a server reports, one sentence each (for the leg's one-line reason). */
export const PROBLEM_REMEDY: Readonly<Record<string, string>> = {
  version_rejected: 'Send oauth_version=1.0, or leave it out.',
  parameter_absent: 'Add the parameters the server names.',
  parameter_rejected: 'Remove or correct the parameters the server names.',
  timestamp_refused:
    "Check the client's clock (and the mock's simulated time): the timestamp is outside the server's window (RFC 5849 §3.3).",
  signature_method_rejected: 'Choose a signature method the server accepts.',
  nonce_used: 'Send the request again with a fresh nonce: each nonce is single-use (RFC 5849 §3.3).',
  token_used: 'The request token was already exchanged: start again from step one.',
  token_expired: 'The token has expired: start again from step one.',
  token_revoked: 'The token was revoked (deauthorized): run the flow again for a new one.',
  token_rejected: 'The server does not know this token: run the flow again for a new one.',
  token_not_authorized: 'The user has not authorized the request token yet: finish step two first.',
  signature_invalid:
    'Compare the base strings: paste the request into the Signature debugger, which names the difference.',
  consumer_key_unknown: "Check the profile's consumer key.",
  consumer_key_rejected: 'The server refuses this consumer key: check the application at the provider.',
  permission_denied: 'The user refused, or the token lacks the permission: authorize again.',
  permission_unknown: 'Ask for a permission the server knows.',
  additional_authorization_required: 'The token lacks a permission this request needs: authorize again with it.',
};

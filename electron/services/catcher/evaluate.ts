import { oauth1Checks, oauth2Checks } from './checks';
import { single, type ParsedQuery } from './query';
import type { CallbackCheck, CaughtCallback, MatchedBy, WaitTarget } from './types';

export interface Hit {
  readonly url: string;
  readonly path: string;
  readonly query: string;
  readonly parsed: ParsedQuery;
  readonly receivedAt: number;
}

/**
 * A hit whose state / oauth_token matched no pending flow is handed to the only waiting flow so the mismatch shows;
 * this check makes sure such a hit can never let that flow continue, whatever else it carries.
 */
function matchedCheck(target: WaitTarget): CallbackCheck {
  const key = target.kind === 'oauth1' ? 'oauth_token' : 'state';
  return {
    id: 'matched_to_flow',
    label: 'The callback belongs to this flow',
    passed: false,
    detail: `The callback's ${key} matches no pending flow; it was given to this flow only because it is the one waiting, and is rejected.`,
    reference: 'RFC 6749 §10.12; RFC 9700 §4.4.2',
  };
}

/** Turns a hit into the callback result of the wait it was matched to, with every check as data. */
export function evaluate(hit: Hit, target: WaitTarget, matchedBy: MatchedBy): CaughtCallback {
  const p = hit.parsed.params;
  const base = { url: hit.url, path: hit.path, query: hit.query, params: p, receivedAt: hit.receivedAt, matchedBy };
  const extra = matchedBy === 'only_pending_wait' ? [matchedCheck(target)] : [];
  if (target.kind === 'oauth2') {
    const { checks: own, error } = oauth2Checks(hit.parsed, target);
    const checks = [...extra, ...own];
    return { ...base, kind: 'oauth2', checks, providerError: error, mayContinue: checks.every((c) => c.passed), code: single(p, 'code'), state: single(p, 'state'), iss: single(p, 'iss') };
  }
  const { checks: own, error } = oauth1Checks(hit.parsed, target.requestToken);
  const checks = [...extra, ...own];
  return { ...base, kind: 'oauth1', checks, providerError: error, mayContinue: checks.every((c) => c.passed), oauthToken: single(p, 'oauth_token'), oauthVerifier: single(p, 'oauth_verifier') };
}

import { oauth1Checks, oauth2Checks } from './checks';
import { single, type ParsedQuery } from './query';
import type { CaughtCallback, MatchedBy, WaitTarget } from './types';

export interface Hit {
  readonly url: string;
  readonly path: string;
  readonly query: string;
  readonly parsed: ParsedQuery;
  readonly receivedAt: number;
}

/** Turns a hit into the callback result of the wait it was matched to, with every check as data. */
export function evaluate(hit: Hit, target: WaitTarget, matchedBy: MatchedBy): CaughtCallback {
  const p = hit.parsed.params;
  const base = { url: hit.url, path: hit.path, query: hit.query, params: p, receivedAt: hit.receivedAt, matchedBy };
  if (target.kind === 'oauth2') {
    const { checks, error } = oauth2Checks(hit.parsed, target);
    return { ...base, kind: 'oauth2', checks, providerError: error, mayContinue: checks.every((c) => c.passed), code: single(p, 'code'), state: single(p, 'state'), iss: single(p, 'iss') };
  }
  const { checks, error } = oauth1Checks(hit.parsed, target.requestToken);
  return { ...base, kind: 'oauth1', checks, providerError: error, mayContinue: checks.every((c) => c.passed), oauthToken: single(p, 'oauth_token'), oauthVerifier: single(p, 'oauth_verifier') };
}

import { oauth1CallbackChecks, oauth2CallbackChecks } from '../../shared/flows/callback-checks';
import { single, type CallbackQuery } from '../../shared/flows/callback-query';
import type { CaughtCallback, MatchedBy, WaitTarget } from './types';

export interface Hit {
  readonly url: string;
  readonly path: string;
  readonly query: string;
  readonly parsed: CallbackQuery;
  readonly receivedAt: number;
}

/** Turns a hit into the callback result of the wait it was matched to, with every check as data. */
export function evaluate(hit: Hit, target: WaitTarget, matchedBy: MatchedBy): CaughtCallback {
  const p = hit.parsed.params;
  const base = { url: hit.url, path: hit.path, query: hit.query, params: p, receivedAt: hit.receivedAt, matchedBy };
  if (target.kind === 'oauth2') {
    const { checks, error } = oauth2CallbackChecks(hit.parsed, target);
    return {
      ...base,
      kind: 'oauth2',
      checks,
      providerError: error,
      mayContinue: checks.every((c) => c.ok),
      code: single(p, 'code'),
      state: single(p, 'state'),
      iss: single(p, 'iss'),
    };
  }
  const { checks, error } = oauth1CallbackChecks(hit.parsed, target.requestToken);
  return {
    ...base,
    kind: 'oauth1',
    checks,
    providerError: error,
    mayContinue: checks.every((c) => c.ok),
    oauthToken: single(p, 'oauth_token'),
    oauthVerifier: single(p, 'oauth_verifier'),
  };
}

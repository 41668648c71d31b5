import { check } from '../check';
import { decodeJwt } from '../oidc/jwt';
import type { Interpretation } from './common';
import type { OAuth2State } from './oauth2-flow';

/** The id_token's nonce claim, or why there is none to read. */
function idTokenNonce(idToken: string): { nonce: unknown } | { unreadable: string } {
  try {
    return { nonce: decodeJwt(idToken).payload.nonce };
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
}

/**
 * The client's nonce check on the token leg's id_token (OIDC Core §3.1.3.7 item 11): the nonce the authorization
 * request sent must come back in it. The signature and the other claims are the OpenID Connect page's to validate;
 * a failed check fails the leg, so the explainer is asked why.
 */
export function withNonceCheck<O extends Interpretation<OAuth2State>>(
  outcome: O,
  leg: string,
  fields: Readonly<Record<string, unknown>> | undefined
): O {
  const sent = outcome.state.nonce;
  const idToken = fields?.id_token;
  if (leg !== 'token' || !outcome.ok || !sent || typeof idToken !== 'string') return outcome;
  const read = idTokenNonce(idToken);
  const got = 'nonce' in read ? read.nonce : undefined;
  const passed = got === sent;
  const why =
    'unreadable' in read
      ? `The id_token could not be read to compare its nonce: ${read.unreadable}`
      : got === undefined
        ? 'The nonce sent on the authorization request is missing from the id_token; the provider must echo it (OIDC Core §3.1.2.1, §3.1.3.7 item 11).'
        : 'The id_token’s nonce is not the one sent on the authorization request: a replayed or injected token (OIDC Core §3.1.3.7 item 11).';
  const nonceCheck = check(
    'id_token nonce',
    passed,
    'The id_token carries the nonce the authorization request sent.',
    why
  );
  if (passed) return { ...outcome, checks: [...outcome.checks, nonceCheck] };
  const { state } = outcome;
  return {
    ...outcome,
    ok: false,
    summary: 'The token endpoint answered, but the client refuses its id_token: the nonce check failed.',
    checks: [...outcome.checks, nonceCheck],
    state: { ...state, legs: { ...state.legs, token: 'failed' } },
  };
}

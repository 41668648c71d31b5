import { buildReuseRequest, interpretRefresh, interpretReuse, type RefreshOutcome } from '../../oidc/token-lifecycle';
import {
  buildIntrospectionRequest,
  buildRevocationRequest,
  interpretIntrospection,
  interpretRevocation,
  type ClientCredentials,
  type Introspection,
  type TokenTypeHint,
} from '../../oidc/token-management';
import type { Interpretation } from '../common';
import { buildRefreshRequest, type OAuth2State } from '../oauth2-flow';
import type { SentLeg } from './grant';
import { dpopIntrospectionChecks, dpopTokenChecks } from '../../dpop/token-checks';
import type { Check } from '../../check';
import type { DpopLegKind } from './dpop-port';

/**
 * The token's life after the code grant, as legs on the grant's state, sent by the OpenID Connect page one at a time
 * and by `flow oauth2 --lifecycle` in a row: refresh with the rotation shown (RFC 6749 §6, RFC 9700 §4.14.2
 * (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), the replaced refresh token again, introspection (RFC 7662
 * (https://www.rfc-editor.org/rfc/rfc7662)) and revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)).
 * None changes the state but the refresh. With DPoP (RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449)), the host sends
 * LIFECYCLE_DPOP_LEGS with a proof, and the refresh and introspection check the token's binding to the key.
 */

/**
 * The token's life's legs that carry a DPoP proof (withDpopProofs): the refresh and the replaced refresh token again
 * are token requests, a DPoP-bound refresh token refreshed only with a proof of its key (RFC 9449 §5).
 * Introspection and revocation authenticate the client only.
 */
export const LIFECYCLE_DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = { refresh: 'token', reuse: 'token' };

/** The outcome with the DPoP binding's checks added: it fails when one does (the token is not bound to the key). */
const withBinding = <I extends Interpretation<OAuth2State>>(outcome: I, checks: readonly Check[]): I =>
  checks.length
    ? { ...outcome, ok: outcome.ok && checks.every((c) => c.ok), checks: [...outcome.checks, ...checks] }
    : outcome;
export const refreshLeg: SentLeg<OAuth2State, RefreshOutcome> = {
  kind: 'send',
  title: () => 'Refresh (RFC 6749 §6)',
  build: buildRefreshRequest,
  interpret: interpretRefresh,
};

/**
 * The refresh with DPoP: the new token is bound to the key whose `thumbprint` is given, token_type DPoP and a JWT's
 * cnf.jkt (RFC 9449 §5, §6.1).
 */
export const dpopRefreshLeg = (thumbprint: string): SentLeg<OAuth2State, RefreshOutcome> => ({
  ...refreshLeg,
  interpret: (s, e, now) => {
    const r = refreshLeg.interpret(s, e, now);
    return r.ok && r.state.token ? withBinding(r, dpopTokenChecks(r.state.token.fields, thumbprint)) : r;
  },
});

/** RFC 9700 §4.14.2: after rotation, the replaced refresh token must be refused. */
export const reuseLeg = (replaced: string): SentLeg<OAuth2State> => ({
  kind: 'send',
  title: () => 'The replaced refresh token again (RFC 9700 §4.14.2)',
  build: (s) => buildReuseRequest(s, replaced),
  interpret: (s, e) => ({ ...interpretReuse(e), state: s }),
});

const WHICH = { access_token: 'access token', refresh_token: 'refresh token' } as const;

const credentials = (s: OAuth2State): ClientCredentials => ({
  clientId: s.config.clientId,
  clientSecret: s.config.clientSecret,
  authentication: s.config.authentication ?? 'body',
});

const tokenOf = (s: OAuth2State, which: TokenTypeHint) =>
  (which === 'access_token' ? s.token?.accessToken : s.token?.refreshToken) ?? '';

export type IntrospectionOutcome = Interpretation<OAuth2State> & { readonly result: Introspection | null };

/**
 * RFC 7662 §2.1: the flow's access or refresh token at `endpoint`, and what the provider says of it; with
 * `dpopThumbprint`, an active DPoP-bound access token's cnf.jkt is that key's (RFC 9449 §6.2).
 */
export const introspectionLeg = (
  endpoint: string,
  which: TokenTypeHint,
  dpopThumbprint: string | null = null
): SentLeg<OAuth2State, IntrospectionOutcome> => ({
  kind: 'send',
  title: () => `Introspection (RFC 7662) of the ${WHICH[which]}`,
  build: (s) => buildIntrospectionRequest(endpoint, credentials(s), tokenOf(s, which), which),
  interpret: (s, e) => {
    const r = interpretIntrospection(e);
    const summary = r.result
      ? `The provider says active: ${r.result.active}.`
      : `No answer to read (HTTP ${e.response.status}).`;
    const outcome = { ok: r.ok, checks: r.checks, result: r.result, summary, state: s };
    return dpopThumbprint && which === 'access_token' && r.result
      ? withBinding(outcome, dpopIntrospectionChecks(r.result.claims, dpopThumbprint))
      : outcome;
  },
});

/** RFC 7009 §2.1: the flow's access or refresh token revoked at `endpoint`. */
export const revocationLeg = (endpoint: string, which: TokenTypeHint): SentLeg<OAuth2State> => ({
  kind: 'send',
  title: () => `Revocation (RFC 7009) of the ${WHICH[which]}`,
  build: (s) => buildRevocationRequest(endpoint, credentials(s), tokenOf(s, which), which),
  interpret: (s, e) => {
    const r = interpretRevocation(e);
    const summary = r.ok ? 'Revoked, or already invalid (HTTP 200).' : `Not revoked (HTTP ${e.response.status}).`;
    return { ok: r.ok, checks: r.checks, summary, state: s };
  },
});

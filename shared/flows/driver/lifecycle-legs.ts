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

/**
 * The token's life after the code grant, as legs on the grant's state, sent by the OpenID Connect page one at a time
 * and by `flow oauth2 --lifecycle` in a row: refresh with the rotation shown (RFC 6749 §6, RFC 9700 §4.14.2
 * (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), the replaced refresh token again, introspection (RFC 7662
 * (https://www.rfc-editor.org/rfc/rfc7662)) and revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)).
 * None changes the state but the refresh.
 */
export const refreshLeg: SentLeg<OAuth2State, RefreshOutcome> = {
  kind: 'send',
  title: () => 'Refresh (RFC 6749 §6)',
  build: buildRefreshRequest,
  interpret: interpretRefresh,
};

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

/** RFC 7662 §2.1: the flow's access or refresh token at `endpoint`, and what the provider says of it. */
export const introspectionLeg = (
  endpoint: string,
  which: TokenTypeHint
): SentLeg<OAuth2State, IntrospectionOutcome> => ({
  kind: 'send',
  title: () => `Introspection (RFC 7662) of the ${WHICH[which]}`,
  build: (s) => buildIntrospectionRequest(endpoint, credentials(s), tokenOf(s, which), which),
  interpret: (s, e) => {
    const r = interpretIntrospection(e);
    const summary = r.result
      ? `The provider says active: ${r.result.active}.`
      : `No answer to read (HTTP ${e.response.status}).`;
    return { ok: r.ok, checks: r.checks, result: r.result, summary, state: s };
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

import type { Exchange, RawRequest } from '../http';
import type { Param } from '../url-encoded';
import { buildTokenRequest, type ClientAuthentication, type TokenGrant } from '../oauth2/token-request';
import { parseTokenResponse, type TokenSet } from '../oauth2/token-response';
import type { TokenGrant as ResponseGrant } from '../oauth2/token-response-checks';
import { asConsequences, statusCheck, type Interpretation, type LegStatus } from './common';
import { withExtraHeaders } from './extra-headers';

/** A client that asks the token endpoint for itself, with no user (client credentials, a device's polls). */
export interface MachineClient {
  /** Where the resource call's path is resolved (and shown); the token URL is absolute. */
  readonly baseUrl: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
  /** The protected resource the bearer call asks (a path under baseUrl, or a full URL). */
  readonly apiPath: string;
  /** Extra headers on every request the client sends. */
  readonly headers?: readonly Param[];
}

export interface ClientCredentialsConfig extends MachineClient {
  readonly scope: string | null;
  /** RFC 8707 resource indicators, one parameter each. */
  readonly resources: readonly string[];
  /** Auth0's and Okta's `audience`. */
  readonly audience: string | null;
}

export type ClientCredentialsLeg = 'token' | 'api';

export interface ClientCredentialsState {
  readonly config: ClientCredentialsConfig;
  readonly token: TokenSet | null;
  readonly legs: Readonly<Record<ClientCredentialsLeg, LegStatus>>;
}

export const startClientCredentials = (config: ClientCredentialsConfig): ClientCredentialsState => ({
  config,
  token: null,
  legs: { token: 'ready', api: 'not_started' },
});

/** A token request of a machine client's grant, with its extra headers. */
export function machineTokenRequest(c: MachineClient, grant: TokenGrant): RawRequest {
  const built = buildTokenRequest({
    tokenUrl: c.tokenUrl,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    authentication: c.authentication,
    grant,
  });
  return withExtraHeaders(built.request, c.headers);
}

/** RFC 6749 §4.4.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4.2): the client's own credentials for a token; asked again before the token expires (§4.4.3: no refresh token). */
export const buildClientCredentialsRequest = (s: ClientCredentialsState): RawRequest =>
  machineTokenRequest(s.config, {
    type: 'client_credentials',
    scope: s.config.scope,
    resources: s.config.resources,
    audience: s.config.audience,
  });

/** The token response of a machine grant judged (RFC 6749 §5.1/§5.2): the token, or why there is none. */
export function interpretMachineToken(
  exchange: Exchange,
  now: number,
  grant: Exclude<ResponseGrant, 'authorization_code' | 'refresh_token'>
): { readonly token: TokenSet | null; readonly checks: Interpretation<unknown>['checks']; readonly summary: string } {
  const r = parseTokenResponse(exchange.response, { now, grant });
  const status = statusCheck(exchange);
  if (r.kind !== 'token')
    return { token: null, checks: [status, ...(status.ok ? r.checks : asConsequences(r.checks))], summary: r.reason };
  const t = r.token;
  const lifetime = t.expiresIn !== null ? `, valid for ${t.expiresIn} s` : ', lifetime not given';
  return {
    token: t,
    checks: [status, ...r.checks],
    summary: `Access token received${lifetime}${t.scope ? `, scope "${t.scope}"` : ''}.`,
  };
}

export function interpretClientCredentials(
  s: ClientCredentialsState,
  exchange: Exchange,
  now: number
): Interpretation<ClientCredentialsState> {
  const r = interpretMachineToken(exchange, now, 'client_credentials');
  const ok = !!r.token && r.checks.every((c) => c.ok);
  return {
    ok,
    checks: r.checks,
    summary: r.token && s.token ? `Asked again: ${r.summary}` : r.summary,
    state: r.token
      ? { ...s, token: r.token, legs: { token: ok ? 'succeeded' : 'failed', api: 'ready' } }
      : { ...s, legs: { ...s.legs, token: 'failed' } },
  };
}

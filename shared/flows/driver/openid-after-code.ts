import type { DpopClient } from '../../dpop/dpop-client';
import { b64TokenProblem } from '../../oauth2/bearer';
import { DEFAULT_CLOCK_SKEW_SECONDS, issuerProvenance, type Discovered, type IdTokenTrace } from '../../oidc';
import type { Exchange } from '../../http';
import type { ClientAuthentication } from '../../oauth2/token-request';
import { userInfoEndpoint } from '../../oidc/profile-endpoints';
import type { JosePort } from '../../ports';
import { withDpopProofs } from './dpop-port';
import type { FlowHostPort } from './host-port';
import { discoveryLeg, idTokenLeg, sendUserInfo, USERINFO_DPOP_LEGS, type UserInfoOutcome } from './openid-legs';

/** What OpenID Connect after the code grant checks the token response against. */
export interface AfterCodeInput {
  readonly issuer: string;
  /** Where the issuer came from, said in the iss step with discovery's confirmation (issuerProvenance). */
  readonly issuerOrigin: string;
  /** The issuer's discovery when it already ran (before the authorization request): not fetched again. */
  readonly discovered?: Discovered | null;
  /** Where the id_token's keys are, given the discovery (the host's one endpoint resolution: the profile's first). */
  readonly jwksUri: (d: Discovered) => string | null;
  /**
   * Nothing names the issuer or the keys: without metadata the id_token is not validated, and that is no failure (a
   * plain OAuth 2 provider's tokens are what the flow is for, RFC 6749 §5.1).
   */
  readonly metadataOptional: boolean;
  readonly idToken: string;
  readonly accessToken: string | null;
  readonly client: {
    readonly clientId: string;
    readonly clientSecret: string | null;
    readonly registeredAlg: string | null;
  };
  /** The nonce and code the flow sent (OIDC Core §3.1.3.7 item 11, §3.3.2.11), the max_age asked (§3.1.2.1). */
  readonly expected: { readonly nonce: string | null; readonly code: string | null; readonly maxAge: number | null };
  /** The validation step's title: the first id_token's by default (a refreshed one's, OIDC Core §12.2). */
  readonly title?: string;
  /** UserInfo after a valid id_token (null: not called): an access token outside b64token sent as issued only when asked; with DPoP, a proof (RFC 9449 §7). */
  readonly userInfo: {
    readonly asIssued: boolean;
    readonly dpop: DpopClient | null;
    /** The client's: one that authenticates by certificate calls the mutual-TLS alias (RFC 8705 §5). */
    readonly authentication?: ClientAuthentication;
  } | null;
}

/** Each result as it comes, for a host that shows it then (a thrown error stops the run). */
export interface AfterCodeHooks {
  readonly discovered?: (d: Discovered, jwksUri: string | null) => void;
  readonly validated?: (trace: IdTokenTrace) => void;
}

/** Why the run stopped before UserInfo answered, or null when it did (or was not asked for). */
export type AfterCodeStop =
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'no-metadata' }
  | { readonly kind: 'invalid'; readonly step: IdTokenTrace['steps'][number] }
  | { readonly kind: 'not-b64token'; readonly problem: string };

export interface AfterCodeRun {
  readonly discovered: Discovered;
  readonly jwksUri: string | null;
  readonly trace: IdTokenTrace | null;
  /** UserInfo's exchange and what was read from it; null when it was not called. */
  readonly userInfo: { readonly exchange: Exchange; readonly outcome: UserInfoOutcome } | null;
  /** An access token outside RFC 6750's b64token sent as issued, as asked (said to the user). */
  readonly sentAsIssued: string | null;
  readonly stopped: AfterCodeStop | null;
}

/**
 * OpenID Connect after the code grant (OIDC Core §3.1.3), one sequence for the app and the CLI: the issuer's
 * discovery (OIDC Discovery §4; none when given), the id_token validated step by step with its JWKS (§3.1.3.7,
 * §10.1), then UserInfo with the sub check (§5.3). Each request goes through the host port as the driver's leg,
 * recorded once with its verdict. A refused document stops the run before any key is fetched (OIDC Discovery §4.3,
 * RFC 8414 §3.3); an id_token with a failed step stops it before the access token goes to UserInfo.
 */
export async function openIdAfterCode(
  port: FlowHostPort,
  jose: JosePort,
  input: AfterCodeInput,
  hooks: AfterCodeHooks = {}
): Promise<AfterCodeRun> {
  const d = input.discovered ?? (await discovered(port, input.issuer));
  const jwksUri = input.jwksUri(d);
  const run = { discovered: d, jwksUri, trace: null, userInfo: null, sentAsIssued: null };
  if (!d.endpoints && !d.refused && input.metadataOptional) return { ...run, stopped: { kind: 'no-metadata' } };
  hooks.discovered?.(d, jwksUri);
  if (d.refused) return { ...run, stopped: { kind: 'refused', reason: d.refused } };
  const title = input.title ?? 'OpenID Connect: id_token validation (OIDC Core §3.1.3.7)';
  port.report({ kind: 'step', leg: 'jwks', title });
  const trace = await idTokenLeg(port, jose, input.idToken, {
    issuer: input.issuer,
    issuerSource: issuerProvenance(input.issuerOrigin, d),
    ...input.client,
    allowedAlgs: d.endpoints?.idTokenAlgs ?? null,
    jwksUri,
    ...input.expected,
    accessToken: input.accessToken,
    now: port.now(),
    clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
  });
  hooks.validated?.(trace);
  const failed = trace.steps.find((s) => s.status === 'failed');
  if (failed) return { ...run, trace, stopped: { kind: 'invalid', step: failed } };
  const endpoint = userInfoEndpoint(d.endpoints, input.userInfo?.authentication ?? null);
  if (!input.userInfo || !endpoint || !input.accessToken) return { ...run, trace, stopped: null };
  const sub = trace.claims?.sub;
  const idTokenSub = typeof sub === 'string' ? sub : null;
  return { ...run, trace, ...(await openIdUserInfo(port, endpoint, input.accessToken, idTokenSub, input.userInfo)) };
}

function discovered(port: FlowHostPort, issuer: string): Promise<Discovered> {
  port.report({ kind: 'step', leg: 'discovery', title: `OpenID Connect: discovery of ${issuer}` });
  return discoveryLeg(port, issuer);
}

/**
 * UserInfo with the sub check against the id_token's (OIDC Core §5.3, §5.3.4). An access token outside RFC 6750 §2.1's b64token is sent as issued
 * only when asked (as the app sends it only after "Prepare the call with this token anyway"); otherwise not sent.
 */
export async function openIdUserInfo(
  port: FlowHostPort,
  endpoint: string,
  accessToken: string,
  idTokenSub: string | null,
  { asIssued, dpop }: NonNullable<AfterCodeInput['userInfo']>
): Promise<Pick<AfterCodeRun, 'userInfo' | 'sentAsIssued' | 'stopped'>> {
  port.report({ kind: 'step', leg: 'userinfo', title: 'OpenID Connect: UserInfo (OIDC Core §5.3)' });
  const problem = b64TokenProblem(accessToken);
  if (problem && !asIssued) return { userInfo: null, sentAsIssued: null, stopped: { kind: 'not-b64token', problem } };
  // RFC 9449 §7: with DPoP, UserInfo gets the DPoP-bound token and a fresh proof.
  const host = dpop ? withDpopProofs(port, dpop, USERINFO_DPOP_LEGS) : port;
  const call = { endpoint, accessToken, idTokenSub, asIssued };
  const { exchange, outcome } = await sendUserInfo(host, call);
  return { userInfo: { exchange, outcome }, sentAsIssued: problem, stopped: null };
}

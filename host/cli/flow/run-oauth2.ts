import { oauth2ConfigOf } from '../../../shared/flows';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { LegFailed, runFlow } from '../../../shared/flows/driver/run-flow';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { LoginOptions } from '../../../shared/oidc/login-options';
import type { Profile } from '../../../shared/store/profile';
import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { dpopTokenChecks } from '../../../shared/dpop/token-checks';
import { PAR_LEG } from '../../../shared/flows/driver/pushed-authorization-leg';
import {
  authorizationMetadata,
  pushEndpoint,
  requestObjectSigned,
  type AuthorizationRequestMode,
} from './authorize-request-leg';
import { startFlowCatcher } from './browser-leg';
import { cliHostPort, cliLegPort, NODE_EFFECTS, type CliEffects } from './cli-host-port';
import type { FlowRunnerPort } from '../../../shared/flows/driver/host-port';
import { discoverFirst, type NamedEndpoints } from './discover-first';
import { endpointUrl } from '../../../shared/flows/common';
import { authenticatesByCertificate } from '../../../shared/oauth2/token-request';
import { tokenEndpointAtMtlsAlias, type DiscoveredEndpoints } from '../../../shared/oidc';
import { endpointLine } from '../oidc-report';
import { stepOfLeg } from './exchange';
import { lifecycleLeg } from './lifecycle-leg';
import { openIdLeg } from './oidc-leg';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** OpenID Connect on top of the grant (scope openid) and the token's lifecycle after it: flags, not profile fields. */
export interface OpenIdOptions {
  /** The id_token algorithm the client registered; any the discovery document lists when null. */
  readonly idTokenAlg: string | null;
  /** After the exchange: refresh (rotation shown), introspect, revoke, introspect again. */
  readonly lifecycle: boolean;
  /** UserInfo: send an access token outside RFC 6750's b64token as issued. */
  readonly bearerAsIssued: boolean;
  /** prompt and max_age on the authorization request (OIDC Core §3.1.2.1); max_age is checked against auth_time. */
  readonly login?: LoginOptions;
  /**
   * --issuer with scope openid: the issuer's discovery runs before the authorization request and gives the flow's
   * endpoints, but for those the flags name (discover-first.ts); absent, discovery follows the token exchange.
   */
  readonly discoverFirst?: NamedEndpoints;
}

const NO_OPENID: OpenIdOptions = { idTokenAlg: null, lifecycle: false, bearerAsIssued: false };

/**
 * Runs the authorization code grant (interface §4.2) with the profile's settings through the flow driver (the
 * grant's legs in order, shared/flows/driver/): the response's fields and the token read from it.
 */
export async function runOAuth2(
  given: Profile,
  givenOptions: FlowRunOptions,
  report: FlowReport,
  openId: OpenIdOptions = NO_OPENID,
  dpop: { readonly client: DpopClient; readonly thumbprint: string } | null = null,
  authorization: AuthorizationRequestMode = { par: false, requestObject: false },
  effects: CliEffects = NODE_EFFECTS
): Promise<{ fields: Record<string, unknown>; token: TokenSet }> {
  const grant = CLIENT_GRANTS.authorization_code;
  const catcher = await startFlowCatcher(given, givenOptions, report);
  try {
    const first = openId.discoverFirst
      ? await discoverFirst(given, openId.discoverFirst, cliLegPort(givenOptions, report, effects), report)
      : null;
    const found = first?.profile ?? given;
    const metadata = await authorizationMetadata(found, authorization, first?.discovered ?? null, givenOptions);
    const profile = first ? found : tokenAtMtlsAlias(found, metadata?.endpoints ?? null, report);
    // A client assertion's aud is then the token endpoint the document named (RFC 7523 §3 item 3).
    const options = first
      ? { ...givenOptions, clientAssertion: clientAssertionOf(profile, profile.baseUrl) }
      : givenOptions;
    const base = oauth2ConfigOf(profile, profile.baseUrl, catcher.redirectUri);
    // RFC 9126: pushed first (the grant's par leg) when asked, or when the metadata read requires it (§5).
    const parEndpoint = pushEndpoint(base.authentication ?? 'body', authorization.par, metadata, report);
    // RFC 9449 §10: with DPoP, the code is bound to the key the token leg proves (dpop_jkt; a push's proof, §10.1).
    const config = { ...base, login: openId.login ?? {}, dpopJkt: dpop?.thumbprint ?? null, parEndpoint };
    const runner = pushAuthenticated(profile, catcher, options, report, effects, dpop);
    const prepared = requestObjectSigned(authorization, profile, metadata, report);
    const { state, runs } = await runFlow(grant, config, runner, undefined, prepared).catch((e: unknown) => {
      if (e instanceof LegFailed) throw new FlowFailure(stepOfLeg(e.leg), e.message, e.run.exchange?.response ?? null);
      throw e;
    });
    const token = state.token!;
    // RFC 9449 §5: a token asked for with a proof must come back bound to its key.
    if (dpop) report.checks(dpopTokenChecks(token.fields, dpop.thumbprint));
    // With scope openid the flow sent a nonce (OIDC Core §3.1.2.1); the id_token must bring it back.
    const session = state.nonce
      ? await openIdLeg(
          token.fields,
          profile,
          {
            idTokenAlg: openId.idTokenAlg,
            nonce: state.nonce,
            // The code the token leg exchanged (the state forgets it then): c_hash is checked against it.
            code: runs.get('authorize')?.outcome.state.code ?? null,
            bearerAsIssued: openId.bearerAsIssued,
            maxAge: openId.login?.maxAge ?? null,
            dpop: dpop?.client ?? null,
            ...(first ? { discovered: first.discovered } : {}),
          },
          runner,
          report
        )
      : null;
    if (openId.lifecycle)
      await lifecycleLeg(
        state,
        profile,
        session?.endpoints ?? null,
        options,
        report,
        dpop,
        session?.afterRefresh ?? null,
        effects
      );
    return { fields: token.fields, token };
  } finally {
    await catcher.close();
  }
}

/**
 * A client that authenticates by certificate, when metadata was read before the authorization request (for the
 * push) and its token endpoint is the metadata's plain one: the token endpoint at the metadata's mutual-TLS alias
 * (RFC 8705 §5), where the server asks for the certificate, said on stderr; the profile as it is otherwise.
 */
function tokenAtMtlsAlias(profile: Profile, metadata: DiscoveredEndpoints | null, report: FlowReport): Profile {
  const o = profile.oauth2;
  if (!authenticatesByCertificate(o.clientAuthentication)) return profile;
  const alias = tokenEndpointAtMtlsAlias(endpointUrl(profile.baseUrl, o.tokenPath), metadata);
  if (!alias) return profile;
  report.line(endpointLine('token endpoint', alias, '--token-path'));
  return { ...profile, oauth2: { ...o, tokenPath: alias.url } };
}

/**
 * The CLI's host port for the code grant: the push (the driver's par leg) with a client assertion whose audience is
 * the pushed authorization request endpoint (RFC 9126 §2), every other leg with the token endpoint's.
 */
function pushAuthenticated(
  profile: Profile,
  catcher: Parameters<typeof cliHostPort>[1],
  options: FlowRunOptions,
  report: FlowReport,
  effects: CliEffects,
  dpop: { readonly client: DpopClient } | null
): FlowRunnerPort {
  const port = cliHostPort(profile, catcher, options, report, effects, dpop?.client ?? null);
  return {
    ...port,
    send: (request, sent) =>
      sent.leg === PAR_LEG
        ? cliLegPort(
            { ...options, clientAssertion: clientAssertionOf(profile, profile.baseUrl, request.url) },
            report,
            effects,
            dpop?.client ?? null
          ).send(request, sent)
        : port.send(request, sent),
  };
}

import type { BridgeApi } from '../../shared/bridge/api';
import { BridgeFailure } from '../../shared/bridge/result';
import { authenticatedPort, TOKEN_DPOP_LEGS, type AssertionSigner } from '../../shared/flows/driver/client-auth-port';
import type { DpopLegKind } from '../../shared/flows/driver/dpop-port';
import type { FlowHostPort } from '../../shared/flows/driver/host-port';
import { clientAssertionOf } from '../../shared/flows/profile-config';
import type { ClientAssertionTrace } from '../../shared/oauth2/client-assertion';
import type { ClientAssertionSettings } from '../../shared/oauth2/client-assertion-request';
import type { AppliedAuthMistake } from '../../shared/oauth2/client-auth-mistakes';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { pageDpop, type DpopLegTrace, type PageDpop } from './dpop-page-send';

/** The page's assertions are signed in the app host (bridge clientAssertion), so a private key never meets the page. */
export const bridgeAssertionSigner =
  (bridge: Pick<BridgeApi, 'clientAssertion'>): AssertionSigner =>
  async (settings, _issuedAt, mistake) => {
    // The host's clock sets iat; a planted mistake is made there too (host/client-assertion-signer.ts).
    const planted = mistake ? { mistake: mistake.kind, ...(mistake.jti ? { jti: mistake.jti } : {}) } : {};
    const signed = await bridge.clientAssertion({ ...settings, ...planted });
    if (!signed.ok) throw new BridgeFailure(signed.error.code, signed.error.message, signed.error.details);
    return signed.value;
  };

/** What a leg sent to authenticate the client, as the page shows it: its last assertion and its DPoP proofs. */
export interface LegAuthenticationShown {
  readonly assertion: ClientAssertionTrace | null;
  readonly dpop: DpopLegTrace | null;
}

/** A grant page's legs that carry a DPoP proof: the token endpoint's (TOKEN_DPOP_LEGS) and the API call (§7.1). */
const PAGE_DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = { ...TOKEN_DPOP_LEGS, api: 'resource' };

/**
 * The page's port with the driver's client authentication (authenticatedPort): a client assertion made by
 * `assertion`'s settings (clientAssertionOf) signed in per send, and with `dpop` (the profile's key, read and signing
 * in the host) a proof on `dpopLegs`; `mistake`, a client authentication mistake made on purpose on each send.
 * `shown`: what the leg sent, for the page.
 */
export function authenticatedWith(
  deps: RendererDeps,
  port: FlowHostPort,
  assertion: ClientAssertionSettings | null,
  dpop: PageDpop | null,
  dpopLegs: Readonly<Record<string, DpopLegKind>>,
  mistake: AppliedAuthMistake | null = null
): { readonly port: FlowHostPort; readonly shown: () => LegAuthenticationShown } {
  let signed: ClientAssertionTrace | null = null;
  const reporting: FlowHostPort = {
    ...port,
    report: (event) => {
      if (event.kind === 'assertion') signed = event.trace;
      port.report(event);
    },
  };
  const authenticated = authenticatedPort(reporting, {
    assertion,
    sign: bridgeAssertionSigner(deps.bridge),
    dpop: dpop?.client ?? null,
    dpopLegs,
    mistake,
  });
  return { port: authenticated, shown: () => ({ assertion: signed, dpop: dpop?.trace() ?? null }) };
}

/**
 * A grant page's port for one leg (authenticatedWith): the profile's DPoP key read when DPoP is on and the leg
 * carries a proof (PAGE_DPOP_LEGS), its nonces kept per server in `nonces`.
 */
export async function authenticatedPagePort(
  deps: RendererDeps,
  port: FlowHostPort,
  profile: Profile,
  baseUrl: string,
  leg: string,
  nonces: Map<string, string>
): Promise<{ readonly port: FlowHostPort; readonly shown: () => LegAuthenticationShown }> {
  const dpop = profile.oauth2.dpop && Object.hasOwn(PAGE_DPOP_LEGS, leg) ? await pageDpop(deps, profile, nonces) : null;
  if (dpop && !dpop.ok) throw new BridgeFailure(dpop.error.code, dpop.error.message, dpop.error.details);
  return authenticatedWith(deps, port, clientAssertionOf(profile, baseUrl), dpop?.value ?? null, PAGE_DPOP_LEGS);
}

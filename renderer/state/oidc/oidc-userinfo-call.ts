import { userInfoEndpoint } from '../../../shared/oidc/profile-endpoints';
import { sendUserInfo, USERINFO_DPOP_LEGS, userInfoLeg } from '../../../shared/flows/driver/openid-legs';
import { withDpopProofs } from '../../../shared/flows/driver/dpop-port';
import { pageDpop, type DpopLegTrace } from '../dpop-page-send';
import type { OidcPageStore } from './oidc-state';

/**
 * GET the discovered userinfo_endpoint with the access token (OIDC Core §5.3), with a DPoP proof when the profile's
 * DPoP is on; sub is compared with the validated id_token's.
 */
export async function userInfoCalled({ deps, get, set, port, dpopNonces }: OidcPageStore): Promise<void> {
  // A certificate client calls the mutual-TLS alias (RFC 8705 §5), where its bound token is accepted.
  const endpoint = userInfoEndpoint(
    get().discovery?.endpoints ?? null,
    deps.profile()?.oauth2.clientAuthentication ?? null
  );
  const { accessToken } = get().inputs;
  if (!endpoint || !accessToken) return;
  const sub = get().trace?.claims?.sub;
  const call = { endpoint, accessToken, idTokenSub: typeof sub === 'string' ? sub : null, asIssued: false };
  const request = userInfoLeg.build(call, port());
  const failed = (error: string, dpop: DpopLegTrace | null = null) =>
    set({ userInfo: { request, exchange: null, error, ok: false, checks: [], claims: null, dpop } });
  // RFC 9449 §7: with the profile's DPoP on, its token is bound to the key; UserInfo gets it with a proof.
  const profile = deps.profile();
  const dpop = profile?.oauth2.dpop ? await pageDpop(deps, profile, dpopNonces) : null;
  if (dpop && !dpop.ok) return failed(dpop.error.message);
  const onPage = dpop?.value ?? null;
  try {
    const host = onPage ? withDpopProofs(port(), onPage.client, USERINFO_DPOP_LEGS) : port();
    const { exchange, outcome } = await sendUserInfo(host, call);
    const { ok, checks, claims } = outcome;
    set({ userInfo: { request, exchange, error: null, ok, checks, claims, dpop: onPage?.trace() ?? null } });
  } catch (e) {
    failed((e as Error).message, onPage?.trace() ?? null);
  }
}

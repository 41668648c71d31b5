import type { BearerCallResult, BearerPlacement } from '../../../shared/flows';
import { savedBearerCallRefreshing } from '../../../shared/flows/driver/bearer-refresh';
import { clientAssertionOf, profileTokenUrl } from '../../../shared/flows/profile-config';
import { authenticatedWith } from '../page-client-auth';
import { pageHostPort } from '../page-host-port';
import { flowSends } from '../flow-sends';
import { BridgeFailure } from '../../../shared/bridge/result';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { RendererDeps } from '../../app/deps';
import { mockMtlsBaseUrlFor } from '../mock-mtls';
import { pageDpop, type DpopLegTrace } from '../dpop-page-send';
import { refreshTokenRefusal } from '../../../shared/oauth2/refresh-refusal';

export interface BearerRequestForm {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly contentType: string;
  readonly placement: BearerPlacement;
}

/** The bearer call's steps, and the DPoP proofs it sent when the profile's DPoP is on. */
export type SignerBearerResult = BearerCallResult & { readonly dpop: DpopLegTrace | null };

/**
 * Sends a request with a profile's saved OAuth 2 token through the driver (savedBearerCallRefreshing over the page's
 * host port: refreshed first when it has passed expires_in, once more on a 401), each exchange recorded in the
 * history once with its leg's verdict (`api`, `refresh`, as the OAuth 2 page's automatic refresh), and saves a
 * refreshed token in place of the old one. With the profile's DPoP on, the saved token is bound to its key: the refresh and each call
 * carry a fresh proof of it, the call in the DPoP scheme (RFC 9449 §5, §7.1); `dpopNonces` per server (§8.2).
 */
export async function sendWithSavedToken(
  deps: RendererDeps,
  profile: Profile,
  baseUrl: string,
  saved: SavedToken,
  form: BearerRequestForm,
  dpopNonces: Map<string, string>
): Promise<SignerBearerResult> {
  const { bridge, now } = deps;
  const o = profile.oauth2;
  const tokenUrl = profileTokenUrl(profile, baseUrl, await mockMtlsBaseUrlFor(bridge, profile));
  const dpop = o.dpop ? await pageDpop(deps, profile, dpopNonces) : null;
  if (dpop && !dpop.ok) throw new BridgeFailure(dpop.error.code, dpop.error.message, { step: 'bearer' });
  // The page as the driver's host, each exchange recorded once with its leg's verdict; a refresh with
  // client_secret_jwt or private_key_jwt gets its assertion from the driver's decorator (RFC 7523 §2.2).
  const host = pageHostPort(deps, flowSends(bridge), profile, 'signer', () => {});
  const { port } = authenticatedWith(deps, host, clientAssertionOf(profile, baseUrl), null, {});
  const body = form.body === '' ? {} : { body: form.body, contentType: form.contentType };
  const result = await savedBearerCallRefreshing(
    port,
    { method: form.method, url: form.url, ...body, placement: form.placement, extraHeaders: profile.headers },
    {
      accessToken: saved.token,
      refreshToken: saved.refreshToken || null,
      expiresAt: saved.expiresAt,
      scope: saved.scope || null,
    },
    o.clientId
      ? {
          tokenUrl,
          clientId: o.clientId,
          clientSecret: o.clientSecret,
          authentication: o.clientAuthentication,
          bodyFormat: o.tokenBody,
          extraParams: o.tokenParams,
          extraHeaders: profile.headers,
        }
      : null,
    dpop?.value.client ?? null
  );
  // A refresh token the server refused (invalid_grant) is marked on the saved token, so the lists stop offering it.
  const refused = result.steps.find((s) => s.kind === 'refresh' && refreshTokenRefusal(s.exchange.response));
  if (refused) await bridge.tokenSave({ token: { ...saved, refused: 'refresh_refused' } });
  if (result.refreshed) {
    const t = result.token;
    // A new token in place of the old: nothing the server said of the old one holds for it.
    const { refused: _old, ...kept } = saved;
    await bridge.tokenSave({
      token: {
        ...kept,
        token: t.accessToken,
        refreshToken: t.refreshToken ?? '',
        scope: t.scope ?? '',
        expiresAt: t.expiresAt,
        obtainedAt: now(),
      },
    });
  }
  return { ...result, dpop: dpop?.value.trace() ?? null };
}

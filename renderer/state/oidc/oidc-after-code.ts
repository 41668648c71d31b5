import { openIdAfterCode } from '../../../shared/flows/driver/openid-after-code';
import { pageDpop } from '../dpop-page-send';
import type { OidcPageStore, OidcState, ValidationInputs } from './oidc-state';

const REFUSED =
  "Not validated: discovery refused the issuer's document (see the discovery checks), so no key is fetched from it.";

/** The page's validation inputs as the driver's expectations (empty fields: none). */
const expectationsOf = (i: ValidationInputs) => ({
  client: { clientId: i.clientId, clientSecret: i.clientSecret || null, registeredAlg: i.registeredAlg || null },
  expected: {
    nonce: i.nonce || null,
    code: i.code || null,
    maxAge: /^\d+$/.test(i.maxAge.trim()) ? Number(i.maxAge.trim()) : null,
  },
  accessToken: i.accessToken || null,
});

/**
 * OpenID Connect after the OAuth 2 flow's code grant in one go, the driver's openIdAfterCode as `flow oauth2 --scope
 * openid` runs it: `issuer` discovered, the flow's id_token (`tokens`) validated, then UserInfo with a valid one's
 * sub (when `withUserInfo`; with the profile's DPoP on, a proof of its key, RFC 9449 §7). Each result shown on the
 * page as it comes, each request recorded once with its leg's verdict.
 */
export async function afterCodeRan(
  { deps, get, set, port, dpopNonces }: OidcPageStore,
  issuer: string,
  tokens: Partial<ValidationInputs>,
  withUserInfo: boolean
): Promise<void> {
  const cleared = { discoveryError: null, discovery: null, trace: null, validationError: null, userInfo: null };
  set({ issuer, inputs: { ...get().inputs, ...tokens }, discovering: true, validating: true, ...cleared });
  const profile = deps.profile();
  const dpop = withUserInfo && profile?.oauth2.dpop ? await pageDpop(deps, profile, dpopNonces) : null;
  const onPage = dpop?.ok ? dpop.value : null;
  const i = get().inputs;
  try {
    const run = await openIdAfterCode(
      port(),
      deps.jose,
      {
        issuer,
        issuerOrigin: 'the Issuer URL field',
        jwksUri: (d) => d.endpoints?.jwks ?? null,
        metadataOptional: false,
        idToken: i.idToken,
        ...expectationsOf(i),
        // A DPoP key that cannot be read leaves UserInfo out rather than call it without the proof its token needs.
        userInfo:
          withUserInfo && !(dpop && !dpop.ok)
            ? {
                asIssued: false,
                dpop: onPage?.client ?? null,
                ...(profile ? { authentication: profile.oauth2.clientAuthentication } : {}),
              }
            : null,
      },
      {
        discovered: (d) =>
          set(
            d.document === null
              ? { discovering: false, discoveryError: d.checks[0]!.message }
              : { discovering: false, discovery: d, discoveredFor: issuer }
          ),
        validated: (trace) => set({ trace }),
      }
    );
    if (run.stopped?.kind === 'refused') set({ validationError: REFUSED });
    if (run.userInfo) set({ userInfo: userInfoShown(run.userInfo, onPage?.trace() ?? null) });
  } catch (e) {
    const said = (e as Error).message;
    set(get().discovering ? { discoveryError: said } : { validationError: `Not validated: ${said}` });
  } finally {
    set({ discovering: false, validating: false });
  }
}

/** UserInfo's exchange as the page shows it. */
const userInfoShown = (
  { exchange, outcome }: NonNullable<Awaited<ReturnType<typeof openIdAfterCode>>['userInfo']>,
  dpop: NonNullable<OidcState['userInfo']>['dpop']
): NonNullable<OidcState['userInfo']> => ({
  request: exchange.request,
  exchange,
  error: null,
  ok: outcome.ok,
  checks: outcome.checks,
  claims: outcome.claims,
  dpop,
});

import { DEFAULT_CLOCK_SKEW_SECONDS, issuerProvenance } from '../../../shared/oidc';
import { idTokenLeg } from '../../../shared/flows/driver/openid-legs';
import type { OidcPageStore } from './oidc-state';

/**
 * The id_token validated against the inputs (OIDC Core §3.1.3.7) in shared/oidc, with discovery's algorithms and
 * JWKS when discovery was for this issuer; `jwksUri` is the profile's JWKS URL when it names one.
 */
export async function idTokenValidated(
  { deps, get, set, port }: OidcPageStore,
  jwksUri?: string | null
): Promise<void> {
  const { inputs: i, discoveredFor } = get();
  const issuer = get().issuer.trim();
  const discovery = discoveredFor === issuer ? get().discovery : null;
  // The previous result goes at once, so it is never mistaken for this token's.
  set({ validating: true, trace: null, validationError: null, userInfo: null });
  // A refused document's keys are an impersonator's: no JWKS is fetched (OIDC Discovery §4.3, RFC 8414 §3.3).
  if (discovery?.refused) {
    set({
      validating: false,
      validationError:
        "Not validated: discovery refused the issuer's document (see the discovery checks), so no key is fetched from it.",
    });
    return;
  }
  try {
    const trace = await idTokenLeg(port(), deps.jose, i.idToken, {
      issuer,
      issuerSource: issuerProvenance('the Issuer URL field', discovery),
      clientId: i.clientId,
      clientSecret: i.clientSecret || null,
      registeredAlg: i.registeredAlg || null,
      allowedAlgs: discovery?.endpoints?.idTokenAlgs ?? null,
      jwksUri: jwksUri ?? discovery?.endpoints?.jwks ?? null,
      nonce: i.nonce || null,
      accessToken: i.accessToken || null,
      code: i.code || null,
      now: deps.now(),
      clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
      maxAge: /^\d+$/.test(i.maxAge.trim()) ? Number(i.maxAge.trim()) : null,
    });
    set({ trace });
  } catch (e) {
    set({ validationError: `Not validated: ${(e as Error).message}` });
  } finally {
    set({ validating: false });
  }
}

import { createStore } from 'zustand/vanilla';
import { discoveryLeg, OIDC_HISTORY_OWNER } from '../../../shared/flows/driver/openid-legs';
import { flowSends } from '../flow-sends';
import { pageHostPort } from '../page-host-port';
import { idTokenValidated } from './oidc-id-token-validation';
import type { OidcDeps, OidcPageStore, OidcState, ValidationInputs } from './oidc-state';
import { userInfoCalled } from './oidc-userinfo-call';
import { afterCodeRan } from './oidc-after-code';

const EMPTY: ValidationInputs = {
  idToken: '',
  clientId: '',
  clientSecret: '',
  nonce: '',
  accessToken: '',
  code: '',
  registeredAlg: '',
  maxAge: '',
};

/**
 * The OpenID Connect page's state. Its requests are the flow driver's OpenID Connect legs
 * (shared/flows/driver/openid-legs.ts) on the page's host (bridge httpSend, so no CORS and the same transport as
 * every leg), each recorded once with its leg's verdict; validating happens in shared/oidc, with jose on WebCrypto.
 */
export function createOidcStore(deps: OidcDeps) {
  const sends = flowSends(deps.bridge);
  // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
  const dpopNonces = new Map<string, string>();
  // No leg here obtains tokens: the page validates the ones the OAuth 2 flow got.
  const port = () => pageHostPort(deps, sends, deps.profile() ?? OIDC_HISTORY_OWNER, 'oauth2', () => {});
  return createStore<OidcState>()((set, get) => {
    const page: OidcPageStore = { deps, get, set, port, dpopNonces };
    return {
      issuer: '',
      discovering: false,
      discovery: null,
      discoveredFor: '',
      discoveryError: null,
      inputs: EMPTY,
      validating: false,
      trace: null,
      validationError: null,
      userInfo: null,
      issuerEdited: (issuer) => set({ issuer }),
      inputsEdited: (patch) => set({ inputs: { ...get().inputs, ...patch } }),
      async discoveryRequested() {
        // The id_token's verdict and UserInfo's were judged with the previous discovery's keys and algorithms: they
        // go now, whatever this discovery brings, so no verdict stays beside a document it was not made with.
        set({
          discovering: true,
          discoveryError: null,
          discovery: null,
          trace: null,
          validationError: null,
          userInfo: null,
        });
        try {
          const asked = get().issuer.trim();
          const discovery = await discoveryLeg(port(), asked);
          set(
            discovery.document === null
              ? { discoveryError: discovery.checks[0]!.message }
              : { discovery, discoveredFor: asked }
          );
        } catch (e) {
          set({ discoveryError: (e as Error).message });
        } finally {
          set({ discovering: false });
        }
      },
      validationRequested: (jwksUri) => idTokenValidated(page, jwksUri),
      userInfoRequested: () => userInfoCalled(page),
      afterCodeRan: (issuer, tokens, withUserInfo) => afterCodeRan(page, issuer, tokens, withUserInfo),
    };
  });
}

import { createStore } from 'zustand/vanilla';
import { DEFAULT_CLOCK_SKEW_SECONDS, issuerProvenance, type Discovered, type IdTokenTrace } from '../../../shared/oidc';
import type { Check } from '../../../shared/flows';
import {
  discoveryLeg,
  idTokenLeg,
  OIDC_HISTORY_OWNER,
  sendUserInfo,
  USERINFO_DPOP_LEGS,
  userInfoLeg,
} from '../../../shared/flows/driver/openid-legs';
import { withDpopProofs } from '../../../shared/flows/driver/dpop-port';
import { pageDpop, type DpopLegTrace } from '../../state/dpop-page-send';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { JosePort } from '../../../shared/ports';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { flowSends } from '../../state/flow-sends';
import { pageHostPort } from '../../state/page-host-port';

/** The UserInfo call (OIDC Core §5.3) with the access token, and its checks: sub, and sub against the id_token's. */
export interface UserInfoResult {
  readonly request: RawRequest;
  readonly exchange: Exchange | null;
  readonly error: string | null;
  readonly ok: boolean;
  readonly checks: readonly Check[];
  readonly claims: Readonly<Record<string, unknown>> | null;
  /** The DPoP proof sent with the profile's DPoP on: the token is DPoP-bound (RFC 9449 §7). */
  readonly dpop?: DpopLegTrace | null;
}

/** What the user validates an id_token against: the client's side of OIDC Core §3.1.3.7. */
export interface ValidationInputs {
  readonly idToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly nonce: string;
  readonly accessToken: string;
  /** The authorization code exchanged, for c_hash (OIDC Core §3.3.2.11). */
  readonly code: string;
  /** id_token_signed_response_alg the client registered; empty for any the discovery document lists. */
  readonly registeredAlg: string;
  /** The max_age the authorization request sent, in seconds; empty when none (auth_time is then shown, not judged). */
  readonly maxAge: string;
}

export interface OidcState {
  readonly issuer: string;
  readonly discovering: boolean;
  readonly discovery: Discovered | null;
  /** The issuer that discovery was for: a later edit of the field makes it another issuer's, not confirmed. */
  readonly discoveredFor: string;
  readonly discoveryError: string | null;
  readonly inputs: ValidationInputs;
  readonly validating: boolean;
  readonly trace: IdTokenTrace | null;
  /** Why the id_token was not validated (a refused discovery document), or null. */
  readonly validationError: string | null;
  issuerEdited(issuer: string): void;
  inputsEdited(patch: Partial<ValidationInputs>): void;
  discoveryRequested(): Promise<void>;
  /** Validates the id_token; `jwksUri` is the profile's JWKS URL when it names one, else discovery's is used. */
  validationRequested(jwksUri?: string | null): Promise<void>;
  readonly userInfo: UserInfoResult | null;
  /** GET the discovered userinfo_endpoint with the access token; sub is compared with the validated id_token's. */
  userInfoRequested(): Promise<void>;
}

export interface OidcDeps extends RendererDeps {
  readonly jose: JosePort;
  /** The OAuth 2 flow's profile (whose history and transport the page's requests are), or null before a flow. */
  readonly profile: () => Profile | null;
}

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
  const { jose, now } = deps;
  const sends = flowSends(deps.bridge);
  // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
  const dpopNonces = new Map<string, string>();
  // No leg here obtains tokens: the page validates the ones the OAuth 2 flow got.
  const port = () => pageHostPort(deps, sends, deps.profile() ?? OIDC_HISTORY_OWNER, 'oauth2', () => {});
  return createStore<OidcState>()((set, get) => ({
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
      set({ discovering: true, discoveryError: null, discovery: null });
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
    async validationRequested(jwksUri) {
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
        const trace = await idTokenLeg(port(), jose, i.idToken, {
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
          now: now(),
          clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
          maxAge: /^\d+$/.test(i.maxAge.trim()) ? Number(i.maxAge.trim()) : null,
        });
        set({ trace });
      } catch (e) {
        set({ validationError: `Not validated: ${(e as Error).message}` });
      } finally {
        set({ validating: false });
      }
    },
    async userInfoRequested() {
      const endpoint = get().discovery?.endpoints?.userinfo;
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
    },
  }));
}

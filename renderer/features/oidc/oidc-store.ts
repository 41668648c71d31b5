import { createStore } from 'zustand/vanilla';
import type { BridgeApi } from '../../../shared/bridge/api';
import {
  buildUserInfoRequest,
  DEFAULT_CLOCK_SKEW_SECONDS,
  discoverIssuer,
  interpretUserInfo,
  traceIdToken,
  type Discovered,
  type IdTokenTrace,
} from '../../../shared/oidc';
import type { Check } from '../../../shared/flows';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { CryptoPort, JosePort } from '../../../shared/ports';

/** The UserInfo call (OIDC Core §5.3) with the access token, and its checks: sub, and sub against the id_token's. */
export interface UserInfoResult {
  readonly request: RawRequest;
  readonly exchange: Exchange | null;
  readonly error: string | null;
  readonly ok: boolean;
  readonly checks: readonly Check[];
  readonly claims: Readonly<Record<string, unknown>> | null;
}

/** What the user validates an id_token against: the client's side of OIDC Core §3.1.3.7. */
export interface ValidationInputs {
  readonly idToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly nonce: string;
  readonly accessToken: string;
  /** id_token_signed_response_alg the client registered; empty for any the discovery document lists. */
  readonly registeredAlg: string;
  /** The max_age the authorization request sent, in seconds; empty when none (auth_time is then shown, not judged). */
  readonly maxAge: string;
}

export interface OidcState {
  readonly issuer: string;
  readonly discovering: boolean;
  readonly discovery: Discovered | null;
  readonly discoveryError: string | null;
  readonly inputs: ValidationInputs;
  readonly validating: boolean;
  readonly trace: IdTokenTrace | null;
  readonly userInfo: UserInfoResult | null;
  issuerEdited(issuer: string): void;
  inputsEdited(patch: Partial<ValidationInputs>): void;
  discoveryRequested(): Promise<void>;
  validationRequested(): Promise<void>;
  /** GET the discovered userinfo_endpoint with the access token; sub is compared with the validated id_token's. */
  userInfoRequested(): Promise<void>;
}

export interface OidcDeps {
  readonly bridge: Pick<BridgeApi, 'httpSend'>;
  readonly crypto: CryptoPort;
  readonly jose: JosePort;
  readonly now: () => number;
}

const EMPTY: ValidationInputs = {
  idToken: '',
  clientId: '',
  clientSecret: '',
  nonce: '',
  accessToken: '',
  registeredAlg: '',
  maxAge: '',
};

/**
 * The OpenID Connect page's state. Documents are fetched by the app host (bridge httpSend, so no CORS and the same
 * transport as every leg); checking and validating happen here, in shared/oidc, with jose on WebCrypto.
 */
export function createOidcStore({ bridge, crypto, jose, now }: OidcDeps) {
  const getJson = async (url: string): Promise<unknown> => {
    const r = await bridge.httpSend({ request: { method: 'GET', url, headers: [['Accept', 'application/json']] } });
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.response.status !== 200)
      throw new Error(`HTTP ${r.value.response.status} ${r.value.response.statusText}`.trim());
    try {
      return JSON.parse(r.value.response.bodyText);
    } catch {
      throw new Error('the body is not JSON');
    }
  };
  return createStore<OidcState>()((set, get) => ({
    issuer: '',
    discovering: false,
    discovery: null,
    discoveryError: null,
    inputs: EMPTY,
    validating: false,
    trace: null,
    userInfo: null,
    issuerEdited: (issuer) => set({ issuer }),
    inputsEdited: (patch) => set({ inputs: { ...get().inputs, ...patch } }),
    async discoveryRequested() {
      set({ discovering: true, discoveryError: null, discovery: null });
      try {
        const discovery = await discoverIssuer(get().issuer.trim(), getJson);
        set(discovery.document === null ? { discoveryError: discovery.checks[0]!.message } : { discovery });
      } catch (e) {
        set({ discoveryError: (e as Error).message });
      } finally {
        set({ discovering: false });
      }
    },
    async validationRequested() {
      const { inputs: i, discovery, issuer } = get();
      // The previous result goes at once, so it is never mistaken for this token's.
      set({ validating: true, trace: null, userInfo: null });
      try {
        const trace = await traceIdToken(
          i.idToken,
          {
            issuer: discovery?.endpoints?.issuer ?? issuer.trim(),
            clientId: i.clientId,
            clientSecret: i.clientSecret || null,
            registeredAlg: i.registeredAlg || null,
            allowedAlgs: discovery?.endpoints?.idTokenAlgs ?? null,
            jwksUri: discovery?.endpoints?.jwks ?? null,
            nonce: i.nonce || null,
            accessToken: i.accessToken || null,
            now: now(),
            clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
            maxAge: /^\d+$/.test(i.maxAge.trim()) ? Number(i.maxAge.trim()) : null,
          },
          { jose, crypto, fetchJwks: getJson }
        );
        set({ trace });
      } finally {
        set({ validating: false });
      }
    },
    async userInfoRequested() {
      const endpoint = get().discovery?.endpoints?.userinfo;
      const { accessToken } = get().inputs;
      if (!endpoint || !accessToken) return;
      const sub = get().trace?.claims?.sub;
      const request = buildUserInfoRequest(endpoint, accessToken);
      const r = await bridge.httpSend({ request });
      if (!r.ok)
        return set({
          userInfo: { request, exchange: null, error: r.error.message, ok: false, checks: [], claims: null },
        });
      const read = interpretUserInfo(r.value, typeof sub === 'string' ? sub : null);
      set({ userInfo: { request, exchange: r.value, error: null, ...read } });
    },
  }));
}

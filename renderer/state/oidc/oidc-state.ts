import type { StoreApi } from 'zustand/vanilla';
import type { Discovered, IdTokenTrace } from '../../../shared/oidc';
import type { Check } from '../../../shared/flows';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import type { DpopLegTrace } from '../dpop-page-send';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { JosePort } from '../../../shared/ports';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';

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
  /**
   * After the OAuth 2 flow's code grant, in one go (the driver's openIdAfterCode, as the CLI runs it): `issuer`
   * discovered, `tokens` validated, then UserInfo with a valid id_token when `withUserInfo`.
   */
  afterCodeRan(issuer: string, tokens: Partial<ValidationInputs>, withUserInfo: boolean): Promise<void>;
}

export interface OidcDeps extends RendererDeps {
  readonly jose: JosePort;
  /** The OAuth 2 flow's profile (whose history and transport the page's requests are), or null before a flow. */
  readonly profile: () => Profile | null;
}

/** The OpenID Connect page's store as its actions (oidc-store.ts composes them) read and update it. */
export interface OidcPageStore {
  readonly deps: OidcDeps;
  readonly get: StoreApi<OidcState>['getState'];
  readonly set: StoreApi<OidcState>['setState'];
  /** The page's host: the OAuth 2 flow's profile's history and transport. */
  readonly port: () => FlowHostPort;
  /** Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2). */
  readonly dpopNonces: Map<string, string>;
}

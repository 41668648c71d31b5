/**
 * The grader's scenarios: the closed list of ids, what each one breaks on the wire, what a right client
 * does about it, and the rule it judges by. The `oidcc-client-test*` ids are the OpenID Foundation's RP test modules
 * (the Basic RP plan and its neighbours), with the same pass rule; the `oauth2` pack judges RFC 9700, RFC 9207 and
 * RFC 6749. Which of them the grader serves is `GRADED_SCENARIOS`: an id is listed only once it is built.
 */

/** Reject: the client must stop after the bad response. Accept: it must carry on to the end. Either: both pass. */
export type Expectation = 'reject' | 'accept' | 'either';

/**
 * What the scenario's issuer does differently from a right one (the fault), one per scenario. `authorize-*` changes
 * the authorization response, `id-token-*` the code grant's id_token, `refresh-*` the refreshed id_token, the others
 * as named; `none` is a right issuer.
 */
export const FAULTS = [
  'none',
  'authorize-state-mismatch',
  'authorize-iss-mismatch',
  'authorize-iss-missing',
  'token-type-mixed-case',
  'token-without-expires-in',
  'id-token-aud-array',
  'id-token-invalid-iss',
  'id-token-missing-sub',
  'id-token-invalid-aud',
  'id-token-missing-aud',
  'id-token-missing-iat',
  'id-token-nonce-invalid',
  'id-token-invalid-sig-rs256',
  'id-token-invalid-sig-hs256',
  'id-token-sig-none',
  'id-token-kid-absent-single-jwks',
  'id-token-kid-absent-multiple-jwks',
  'userinfo-invalid-sub',
  'refresh-invalid-iss',
  'refresh-invalid-sub',
  'discovery-issuer-mismatch',
] as const;
export type Fault = (typeof FAULTS)[number];

/** A rule judged on the requests themselves, whatever the client did next. */
export type WireCheck = 'pkce-s256' | 'client-secret-basic' | 'refresh-token-rotation';

export type Pack = 'oidc-basic' | 'oauth2';
export const PACKS = ['oidc-basic', 'oauth2', 'all'] as const;

export interface Scenario {
  readonly id: string;
  readonly pack: Pack;
  readonly expectation: Expectation;
  /** The rule, as a specification names it. */
  readonly section: string;
  /** The OpenID Foundation module it mirrors, for the `oidcc-*` ids. */
  readonly mirrors: string | null;
  readonly fault: Fault;
  /** The scope the client is told to ask for (OAUTH_LAB_SCOPE). */
  readonly scope: string;
  /**
   * The client's registered id_token_signed_response_alg (OpenID Connect Registration §2), told to the client as
   * OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG: RS256, or none where the scenario's id_token is unsigned.
   */
  readonly idTokenAlg: 'RS256' | 'none';
  /**
   * Whether the token response carries a refresh token: in the refresh scenarios (the client must refresh once and
   * call UserInfo again), and where the bad response would otherwise be the client's last act.
   */
  readonly refreshToken: boolean;
  /** A refresh scenario: the client passes only once it has refreshed and called UserInfo with the new token. */
  readonly mustRefresh: boolean;
  readonly wire: WireCheck | null;
  /** What a specification lets a client skip here, said in the verdict. */
  readonly note: string | null;
  /** What the fault is, in words, for the evidence. */
  readonly what: string;
}

const CORE = 'OpenID Connect Core 1.0';
const ITEM6 =
  'OpenID Connect Core §3.1.3.7 item 6 lets a code-flow client skip the signature check of an id_token it got straight from the token endpoint over TLS; the OpenID Foundation requires the check for certification.';

type Defaults = Omit<Scenario, 'id' | 'pack' | 'section' | 'fault' | 'what' | 'expectation'>;
const BASE: Defaults = {
  mirrors: null,
  scope: 'openid',
  idTokenAlg: 'RS256',
  refreshToken: false,
  mustRefresh: false,
  wire: null,
  note: null,
};

const oidc = (
  id: string,
  expectation: Expectation,
  fault: Fault,
  section: string,
  what: string,
  more: Partial<Defaults> = {}
): Scenario => ({ ...BASE, id, pack: 'oidc-basic', expectation, fault, section, what, mirrors: id, ...more });

const oauth2 = (
  id: string,
  expectation: Expectation,
  fault: Fault,
  section: string,
  what: string,
  more: Partial<Defaults> = {}
): Scenario => ({ ...BASE, id, pack: 'oauth2', expectation, fault, section, what, ...more });

/** Every scenario the grader serves, in the order a pack runs them. */
export const GRADED_SCENARIOS: readonly Scenario[] = [
  oidc('oidcc-client-test', 'accept', 'none', `${CORE} §3.1`, 'a right issuer: the whole code flow must succeed'),
  oidc(
    'oidcc-client-test-invalid-iss',
    'reject',
    'id-token-invalid-iss',
    `${CORE} §3.1.3.7 item 2`,
    "the id_token's iss is not the issuer"
  ),
  oidc(
    'oidcc-client-test-invalid-aud',
    'reject',
    'id-token-invalid-aud',
    `${CORE} §3.1.3.7 item 3`,
    "the id_token's aud names another client"
  ),
  oidc(
    'oidcc-client-test-missing-aud',
    'reject',
    'id-token-missing-aud',
    `${CORE} §2, §3.1.3.7 item 3`,
    'the id_token has no aud'
  ),
  oidc(
    'oidcc-client-test-nonce-invalid',
    'reject',
    'id-token-nonce-invalid',
    `${CORE} §3.1.3.7 item 11`,
    "the id_token's nonce is not the one sent"
  ),
  oidc(
    'oidcc-client-test-idtoken-sig-none',
    'accept',
    'id-token-sig-none',
    `${CORE} §3.1.3.7 item 7; OpenID Connect Registration §2`,
    'the client registered id_token_signed_response_alg none, and the id_token from the token endpoint is unsigned (alg none)',
    { idTokenAlg: 'none' }
  ),
  oidc(
    'oidcc-client-test-invalid-sig-rs256',
    'reject',
    'id-token-invalid-sig-rs256',
    `${CORE} §3.1.3.7 item 6`,
    "the id_token's RS256 signature does not verify",
    { note: ITEM6 }
  ),
  oidc(
    'oidcc-client-test-invalid-sig-hs256',
    'reject',
    'id-token-invalid-sig-hs256',
    `${CORE} §3.1.3.7 items 6 and 7`,
    'the id_token is signed HS256 with a key that is not the client secret',
    { note: ITEM6 }
  ),
  oidc('oidcc-client-test-missing-sub', 'reject', 'id-token-missing-sub', `${CORE} §2`, 'the id_token has no sub'),
  oidc(
    'oidcc-client-test-missing-iat',
    'reject',
    'id-token-missing-iat',
    `${CORE} §2, §3.1.3.7 item 10`,
    'the id_token has no iat'
  ),
  oidc(
    'oidcc-client-test-userinfo-invalid-sub',
    'reject',
    'userinfo-invalid-sub',
    `${CORE} §5.3.4`,
    "UserInfo's sub is not the id_token's",
    { refreshToken: true }
  ),
  oidc(
    'oidcc-client-test-idtoken-sig-rs256',
    'accept',
    'none',
    `${CORE} §3.1.3.7 item 6`,
    'a right id_token signed RS256'
  ),
  oidc(
    'oidcc-client-test-kid-absent-single-jwks',
    'accept',
    'id-token-kid-absent-single-jwks',
    `${CORE} §10.1`,
    "the id_token's header has no kid and the JWKS holds one key"
  ),
  oidc(
    'oidcc-client-test-kid-absent-multiple-jwks',
    'either',
    'id-token-kid-absent-multiple-jwks',
    `${CORE} §10.1`,
    "the id_token's header has no kid and the JWKS holds two RSA keys (reject, or try each key: both pass)"
  ),
  oidc(
    'oidcc-client-test-client-secret-basic',
    'accept',
    'none',
    `${CORE} §9; RFC 6749 §2.3.1`,
    'the client must authenticate with client_secret_basic',
    { wire: 'client-secret-basic' }
  ),
  oidc(
    'oidcc-client-test-scope-userinfo-claims',
    'accept',
    'none',
    `${CORE} §5.4`,
    'the scope asks for email and profile; UserInfo returns their claims',
    { scope: 'openid email profile' }
  ),
  oidc(
    'oidcc-client-test-refresh-token',
    'accept',
    'none',
    `${CORE} §12`,
    'a right refresh: the client must refresh once and call UserInfo again',
    { refreshToken: true, mustRefresh: true }
  ),
  oidc(
    'oidcc-client-test-refresh-token-invalid-issuer',
    'reject',
    'refresh-invalid-iss',
    `${CORE} §12.2`,
    "the refreshed id_token's iss is not the issuer",
    { refreshToken: true }
  ),
  oidc(
    'oidcc-client-test-refresh-token-invalid-sub',
    'reject',
    'refresh-invalid-sub',
    `${CORE} §12.2`,
    "the refreshed id_token's sub is not the first id_token's",
    { refreshToken: true }
  ),
  oidc(
    'oidcc-client-test-discovery-issuer-mismatch',
    'reject',
    'discovery-issuer-mismatch',
    'OpenID Connect Discovery 1.0 §4.3',
    "the discovery document's issuer is not the issuer URL (its endpoints lead to a honeypot)"
  ),
  oauth2(
    'authorization-response-state-mismatch',
    'reject',
    'authorize-state-mismatch',
    'RFC 9700 §2.1; RFC 6749 §10.12',
    "the authorization response's state is not the one sent"
  ),
  oauth2(
    'authorization-response-iss-mismatch',
    'reject',
    'authorize-iss-mismatch',
    'RFC 9207 §2.4',
    "the authorization response's iss is not the issuer"
  ),
  oauth2(
    'authorization-response-iss-missing',
    'reject',
    'authorize-iss-missing',
    'RFC 9207 §2.4',
    'the metadata advertises authorization_response_iss_parameter_supported and the authorization response has no iss'
  ),
  oauth2(
    'pkce-s256',
    'accept',
    'none',
    'RFC 9700 §2.1.1; RFC 7636 §4',
    'the client must send PKCE S256 and its verifier',
    {
      wire: 'pkce-s256',
    }
  ),
  oauth2(
    'refresh-token-rotation',
    'accept',
    'none',
    'RFC 9700 §4.14.2; RFC 6749 §6',
    'each refresh rotates the refresh token and refuses the old one: the client must use the new one',
    { refreshToken: true, mustRefresh: true, wire: 'refresh-token-rotation' }
  ),
  oauth2(
    'token-type-case-insensitive',
    'accept',
    'token-type-mixed-case',
    'RFC 6749 §5.1, §7.1',
    'the token response says "token_type": "bEaReR"'
  ),
  oauth2(
    'token-response-without-expires-in',
    'accept',
    'token-without-expires-in',
    'RFC 6749 §5.1',
    'the token response has no expires_in (it is RECOMMENDED, not required)'
  ),
  oauth2(
    'id-token-aud-array',
    'accept',
    'id-token-aud-array',
    `${CORE} §2, §3.1.3.7 item 3`,
    "the id_token's aud is an array whose one member is the client"
  ),
];

export const scenarioById = (id: string): Scenario | undefined => GRADED_SCENARIOS.find((s) => s.id === id);

/** The scenarios of a pack, in order. */
export const scenariosOf = (pack: (typeof PACKS)[number]): Scenario[] =>
  GRADED_SCENARIOS.filter((s) => pack === 'all' || s.pack === pack);

import { z } from 'zod';
import { SIGNATURE_METHODS } from '../shared/oauth1/signing';
import { MCP_FAULTS } from '../shared/mcp/mock-faults';
import { PAR_FAULTS } from '../shared/oauth2/par-faults';
import { ID_JAG_FAULTS } from '../shared/oauth2/id-jag';
import { ID_TOKEN_ALGS, ID_TOKEN_FAULTS } from '../shared/oidc/mock-switches';
import { issueLines } from '../shared/schema-issues';
import { DEFAULT_LIFETIMES } from '../shared/seed';
import { CLIENT_AUTH_METHODS } from './client-auth-methods';
import { checkRegistrableUri } from './redirect-uri';
import { rsaPublicKeyProblem } from '../platform/node/rsa-public-key';
import { DEFAULT_CREDENTIALS } from './default-credentials';
import { MOCK_LAX } from '../shared/audit/mock-lax';

/**
 * The mock provider's configuration: who may use it (consumers, clients, users), how long things live, and the
 * strictness switches. Every field but the lists has a default; the built-in configuration is DEFAULT_CONFIG.
 */

/** Signature methods the mock can verify: HMAC and PLAINTEXT with the secrets, RSA with the consumer's rsaPublicKey (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)). */

const nonEmpty = (what: string) => z.string({ error: `${what} must be a string` }).min(1, `${what} must not be empty`);
const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds` })
    .int(`${what} must be a whole number of seconds`)
    .positive(`${what} must be at least 1 second`);

const callbackUri = z.string().superRefine((value, ctx) => {
  if (value === 'oob') return;
  const why = checkRegistrableUri(value);
  if (why) ctx.addIssue({ code: 'custom', message: `${why} (or "oob" for out-of-band)` });
});
const redirectUri = z.string().superRefine((value, ctx) => {
  const why = checkRegistrableUri(value);
  if (why) ctx.addIssue({ code: 'custom', message: why });
});

export const lifetimesSchema = z.strictObject({
  /** OAuth 1.0a request token lifetime, sent as oauth_expires_in (interface §2.1). */
  requestTokenTtl: seconds('requestTokenTtl').default(DEFAULT_LIFETIMES.requestTokenTtl),
  /** OAuth 2 authorization code lifetime (interface §8: "exchanged immediately"; RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2): at most 10 minutes). */
  codeTtl: seconds('codeTtl').default(DEFAULT_LIFETIMES.codeTtl),
  /** OAuth 2 bearer token lifetime, sent as expires_in (interface §2.4). */
  accessTokenTtl: seconds('accessTokenTtl').default(DEFAULT_LIFETIMES.accessTokenTtl),
  /** OAuth 2 refresh token lifetime. Not in the interface (assumption, RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)). */
  refreshTokenTtl: seconds('refreshTokenTtl').default(30 * 24 * 3600),
  /** OpenID Connect: lifetime of an id_token (its exp - iat). Mock-only, beyond the service's interface. */
  idTokenTtl: seconds('idTokenTtl').default(600),
  /** A pushed authorization request's request_uri lifetime, sent as expires_in (RFC 9126 §2.2 (https://www.rfc-editor.org/rfc/rfc9126#section-2.2): short-lived). */
  requestUriTtl: seconds('requestUriTtl').default(60),
});

export const switchesSchema = z.strictObject({
  /** OAuth 1.0a signature methods accepted (interface §5.1: HMAC-SHA1). */
  signatureMethods: z
    .array(z.enum(SIGNATURE_METHODS, { error: `must be one of ${SIGNATURE_METHODS.join(', ')}` }))
    .min(1, 'signatureMethods needs at least one method')
    .default(['HMAC-SHA1']),
  /** Accepted distance of oauth_timestamp from the provider's clock, in seconds (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3); oauthlib: 600). */
  timestampWindow: seconds('timestampWindow').default(600),
  /** Refuse a nonce seen before for the same consumer, token and timestamp (RFC 5849 §3.3). */
  checkNonce: z.boolean().default(true),
  /**
   * At most this many nonces are remembered (RFC 5849 §4.10 (https://www.rfc-editor.org/rfc/rfc5849#section-4.10): bounded
   * storage), and as many DPoP jti values (RFC 9449 §11.1; full of live ones, a new proof is refused as "memory full").
   */
  nonceMemory: z.number().int().min(1).max(10_000_000).default(100_000),
  /** Accept protocol parameters only in the Authorization header, as the service describes (interface §5.1). */
  oauth1HeaderOnly: z.boolean().default(false),
  /** Refuse every OAuth 1.0a request on plain HTTP (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)/§2.3: TLS required). The mock speaks HTTP only. */
  requireTls: z.boolean().default(false),
  /** Refuse PLAINTEXT on plain HTTP (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)). */
  plaintextRequiresTls: z.boolean().default(true),
  /** `registered`: oauth_callback must be the consumer's callback (any port on loopback); `any`: any absolute http(s) URL. */
  oauth1Callback: z.enum(['registered', 'any']).default('registered'),
  /** Longest accepted value of oauth_consumer_key, oauth_token, oauth_nonce, oauth_verifier (a DoS guard). */
  maxParameterLength: z.number().int().min(8).max(4096).default(256),
  /** OAuth 2 state is required (interface §4.2: "yes"). */
  requireState: z.boolean().default(true),
  /** PKCE required for every client (RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)). Public clients (no secret) always need it. */
  requirePkce: z.boolean().default(false),
  /**
   * Accept code_challenge_method=plain (RFC 7636 §4.2 (https://www.rfc-editor.org/rfc/rfc7636#section-4.2)). Off by
   * default: S256 only (RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)); on to see the weakness.
   */
  allowPlainPkce: z.boolean().default(false),
  /** Issue a new refresh token on every refresh and refuse the old one (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), RFC 9700 §4.14.2). */
  rotateRefreshTokens: z.boolean().default(true),
  /** Revoke the tokens of a grant when its code is redeemed twice (RFC 6749 §4.1.2: SHOULD). */
  revokeOnCodeReuse: z.boolean().default(true),
  /** Accept a bearer token in the access_token query parameter (RFC 6750 §2.3 (https://www.rfc-editor.org/rfc/rfc6750#section-2.3); off by default). */
  allowQueryAccessToken: z.boolean().default(false),
  /**
   * Add `iss` to the authorization response and advertise it (RFC 9207 (https://www.rfc-editor.org/rfc/rfc9207)), the
   * mix-up defence of RFC 9700 §4.4 (https://www.rfc-editor.org/rfc/rfc9700#section-4.4). The service does not send
   * it: off behaves as the service does.
   */
  issParameter: z.boolean().default(true),
  /** Answer only requests whose Host names a loopback address or the bound host (DNS rebinding). */
  checkHost: z.boolean().default(true),
  /** OpenID Connect, mock-only: the id_token's signing algorithm (OIDC Core §3.1.3.7; RS256 is the default every client accepts). */
  idTokenAlg: z.enum(ID_TOKEN_ALGS, { error: `must be one of ${ID_TOKEN_ALGS.join(', ')}` }).default('RS256'),
  /** OpenID Connect, mock-only: one deliberate fault in every id_token, so each step of a client's validation can be seen failing. */
  idTokenFault: z.enum(ID_TOKEN_FAULTS, { error: `must be one of ${ID_TOKEN_FAULTS.join(', ')}` }).default('off'),
  /** MCP, mock-only: one broken link of the MCP authorization chain (shared/mcp/mock-faults.ts). */
  mcpFault: z.enum(MCP_FAULTS, { error: `must be one of ${MCP_FAULTS.join(', ')}` }).default('off'),
  /** DPoP: answer a proof without the server's current nonce with `use_dpop_nonce` and a DPoP-Nonce header (RFC 9449 §8 (https://www.rfc-editor.org/rfc/rfc9449#section-8), §9). */
  dpopNonce: z.boolean().default(false),
  /** DPoP: how old a proof's iat may be, and how long its jti is remembered against replay (RFC 9449 §11.1 (https://www.rfc-editor.org/rfc/rfc9449#section-11.1)). */
  dpopProofLifetime: seconds('dpopProofLifetime').default(300),
  /** Every client must push its authorization requests (RFC 9126 §5 (https://www.rfc-editor.org/rfc/rfc9126#section-5) require_pushed_authorization_requests). */
  requirePushedAuthorizationRequests: z.boolean().default(false),
  /** PAR, mock-only: hand out a request_uri already used, or already expired, so the authorize endpoint's refusal can be seen (RFC 9126 §4, §2.2). */
  parFault: z.enum(PAR_FAULTS, { error: `must be one of ${PAR_FAULTS.join(', ')}` }).default('off'),
  /** ID-JAG, mock-only: the ID-JAG the mock issues as the IdP broken in one way, refused by name at its redemption. */
  idJagFault: z.enum(ID_JAG_FAULTS, { error: `must be one of ${ID_JAG_FAULTS.join(', ')}` }).default('off'),
  /** The device flow's polling interval first given (RFC 8628 §3.2 (https://www.rfc-editor.org/rfc/rfc8628#section-3.2): a client without one waits 5 s). */
  devicePollInterval: seconds('devicePollInterval').default(5),
  /**
   * Request objects (RFC 9101): `asymmetric` (the default) offers and verifies only RS*, PS*, ES* and EdDSA
   * (RFC 8725 §3.1 (https://www.rfc-editor.org/rfc/rfc8725#section-3.1), RFC 9101 §10.1); `all` also verifies HS*
   * with the client's secret and takes `alg: none` from a client that does not require signing.
   */
  requestObjectAlgs: z.enum(['all', 'asymmetric']).default('asymmetric'),
  /** The flaws the mock is told to have, each named by the audit finding it makes true (lax.ts); none by default. */
  lax: z.array(z.enum(MOCK_LAX, { error: `must be one of ${MOCK_LAX.join(', ')}` })).default([]),
});

const consumerSchema = z
  .strictObject({
    key: nonEmpty('key'),
    secret: nonEmpty('secret'),
    callback: callbackUri,
    /** PEM public key for the RSA methods; a consumer without one cannot use them. */
    rsaPublicKey: z.string({ error: 'rsaPublicKey must be a PEM string' }).optional(),
  })
  .superRefine((consumer, ctx) => {
    const why = consumer.rsaPublicKey === undefined ? null : rsaPublicKeyProblem(consumer.rsaPublicKey, 'rsaPublicKey');
    if (why)
      ctx.addIssue({
        code: 'custom',
        path: ['rsaPublicKey'],
        message: `consumer ${JSON.stringify(consumer.key)}: ${why}`,
      });
  });
const scopeValue = z
  .string()
  .regex(
    /^[\x21\x23-\x5b\x5d-\x7e]+$/,
    'a scope is one or more printable ASCII characters without space, " or \\ (RFC 6749 §3.3)'
  );
type GrantTypes = readonly [string, ...string[]];

/** A client's fields; its grant types are those the mock serves, named by the caller (load-config.ts). */
const clientSchemaFor = (grantTypes: GrantTypes) =>
  z.strictObject({
    id: nonEmpty('id'),
    /** Absent for a public client, which must then use PKCE (RFC 7636, RFC 9700 §2.1.1). */
    secret: nonEmpty('secret').optional(),
    redirectUris: z.array(redirectUri).min(1, 'redirectUris needs at least one URI'),
    grantTypes: z
      .array(z.enum(grantTypes))
      .min(1)
      .default([...grantTypes]),
    /**
     * How the client authenticates at the token endpoint (RFC 7591 §2 token_endpoint_auth_method). Absent: HTTP Basic
     * or the body with a secret, none without one, as before registration existed.
     */
    tokenEndpointAuthMethod: z
      .enum(CLIENT_AUTH_METHODS, { error: `must be one of ${CLIENT_AUTH_METHODS.join(', ')}` })
      .optional(),
    /** The client's public keys (RFC 7591 §2 jwks) for private_key_jwt and self_signed_tls_client_auth. */
    jwks: z.strictObject({ keys: z.array(z.looseObject({ kty: z.string() })) }).optional(),
    /** Where the client publishes its JWK Set (RFC 7591 §2 jwks_uri); only a loopback URL is ever fetched. */
    jwksUri: z.url({ error: 'jwksUri must be an absolute URL' }).optional(),
    /** The scopes the client may ask for (RFC 7591 §2 scope); absent: every scope of the provider. */
    scopes: z.array(scopeValue).optional(),
    /** tls_client_auth: the certificate's subject distinguished name the client registered (RFC 8705 §2.1.2). */
    tlsClientAuthSubjectDn: nonEmpty('tlsClientAuthSubjectDn').optional(),
    /**
     * DPoP (RFC 9449): `optional` (also when absent) binds the tokens of a request that carries a proof and issues
     * bearer tokens otherwise; `required` refuses a token request without a proof, as a client registered with
     * `dpop_bound_access_tokens: true` is (RFC 9449 §5.2 (https://www.rfc-editor.org/rfc/rfc9449#section-5.2)).
     */
    dpop: z.enum(['optional', 'required']).optional(),
    /** The client may start an authorization only with a pushed request (RFC 9126 §6 (https://www.rfc-editor.org/rfc/rfc9126#section-6) require_pushed_authorization_requests). */
    requirePushedAuthorizationRequests: z.boolean().optional(),
    /** The client's authorization requests must be signed request objects (RFC 9101 §10.5 (https://www.rfc-editor.org/rfc/rfc9101#section-10.5) require_signed_request_object). */
    requireSignedRequestObject: z.boolean().optional(),
  });
const userSchema = z.strictObject({
  username: nonEmpty('username'),
  password: z.string({ error: 'password must be a string' }),
});

const DEFAULT_SCOPES = ['read', 'write', 'profile', 'openid'] as const;

const uniqueBy =
  <T>(key: (t: T) => string, what: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [i], message: `${what} ${JSON.stringify(k)} appears more than once` });
      seen.add(k);
    });
  };

/**
 * The whole configuration. The grant types a client may name come from the modules in grants/ (grants/registry.ts),
 * which the schema takes as an argument rather than importing: each grant's handler reads this configuration's types.
 */
export const configSchemaFor = (grantTypes: GrantTypes) =>
  z.strictObject({
    oauth1: z
      .strictObject({ consumers: z.array(consumerSchema).superRefine(uniqueBy((c) => c.key, 'consumer key')) })
      .default({ consumers: [{ ...DEFAULT_CREDENTIALS.consumer }] }),
    oauth2: z
      .strictObject({
        clients: z.array(clientSchemaFor(grantTypes)).superRefine(uniqueBy((c) => c.id, 'client id')),
        /**
         * Scopes a client may ask for. Not in the interface ("Allowed values of scope: not shown"); `openid` asks for
         * OpenID Connect (OIDC Core §3.1.2.1), which the service does not offer: the mock adds it beside the service's.
         */
        scopes: z.array(scopeValue).default([...DEFAULT_SCOPES]),
      })
      .default({
        clients: [
          {
            ...DEFAULT_CREDENTIALS.client,
            redirectUris: [...DEFAULT_CREDENTIALS.client.redirectUris],
            jwks: { keys: DEFAULT_CREDENTIALS.client.jwks.keys.map((k) => ({ ...k })) },
            grantTypes: [...grantTypes],
          },
        ],
        scopes: [...DEFAULT_SCOPES],
      }),
    users: z
      .array(userSchema)
      .min(1, 'users needs at least one user')
      .superRefine(uniqueBy((u) => u.username, 'username'))
      .default([{ ...DEFAULT_CREDENTIALS.user }]),
    /** Realm named in WWW-Authenticate challenges. */
    realm: z.string().default('oauth-lab-mock'),
    lifetimes: lifetimesSchema.default(lifetimesSchema.parse({})),
    switches: switchesSchema.default(switchesSchema.parse({})),
  });

export type ProviderConfig = z.infer<ReturnType<typeof configSchemaFor>>;
export type Lifetimes = z.infer<typeof lifetimesSchema>;
export type Switches = z.infer<typeof switchesSchema>;
export type ConsumerConfig = z.infer<typeof consumerSchema>;
export type ClientConfig = z.infer<ReturnType<typeof clientSchemaFor>>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function describeIssues(source: string, error: z.ZodError): string {
  const lines = issueLines(error, '(top level)').slice(0, 10);
  return `${source} is not a valid mock provider configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

/** The same fields, each optional and without its default, so a partial change leaves the other fields alone. */
function withoutDefaults<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([k, s]) => [
      k,
      (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : (s as z.ZodType)).optional(),
    ])
  );
  return z.strictObject(shape);
}

/** Validates a partial change of lifetimes and switches (admin API), returning the merged values. */
export function mergeSettings(
  current: { lifetimes: Lifetimes; switches: Switches },
  patch: unknown
): { lifetimes: Lifetimes; switches: Switches } {
  const schema = z.strictObject({
    lifetimes: withoutDefaults(lifetimesSchema).optional(),
    switches: withoutDefaults(switchesSchema).optional(),
  });
  const result = schema.safeParse(patch);
  if (!result.success) throw new ConfigError(describeIssues('the settings change', result.error));
  const strip = <T extends object>(o: T | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    lifetimes: { ...current.lifetimes, ...strip(result.data.lifetimes) },
    switches: { ...current.switches, ...strip(result.data.switches) },
  };
}

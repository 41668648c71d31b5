import { z } from 'zod';
import { RESERVED_HEADERS } from '../flows/extra-headers';
import { headerValueProblem, HTTP_TOKEN } from '../http';
import { PARAM_SOURCES } from '../oauth1/parameters';
import { SIGNATURE_METHODS } from '../oauth1/signing';
import { SEED } from '../seed';
import { ASSERTION_AUDIENCES } from '../oauth2/client-assertion-request';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { ASSERTION_ALGS, assertionAlgFor, parseClientPrivateKey } from '../oauth2/client-key';
import { tokenFieldProblem } from '../oauth2/token-field';
import { CLIENT_AUTHENTICATIONS } from '../oauth2/token-request';
import { parseHttpUrl } from '../url';

/**
 * A profile: everything needed to run both flows against one server. The built-in "Mock provider" profile targets
 * the embedded mock (its base URL is known only once the mock runs); user profiles target a real base URL.
 * Secrets (consumer secret, RSA private key, client secret) are plain here: the store encrypts them at rest and
 * the UI masks them.
 */
export const MOCK_PROFILE_ID = 'mock';

const path = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is empty; expected a path such as /oauth/v1/request_token`)
    .refine((p) => p.startsWith('/'), `${what} must start with "/" (a path relative to the base URL)`);

const urlIssue = (s: string): string | null => {
  try {
    parseHttpUrl(s);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

const httpUrl = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    const issue = urlIssue(s);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** Why a path or URL cannot be an endpoint, or null when it can. */
const endpointIssue = (what: string, p: string): string | null => {
  if (p.startsWith('/')) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(p))
    return `${what} must be a path starting with "/" or a full http:// or https:// URL; got ${JSON.stringify(p)}`;
  const issue = urlIssue(p);
  return issue && `${what}: ${issue}`;
};

/** An endpoint: a path relative to the base URL, or a full URL for a provider that spreads its endpoints over hosts. */
const endpoint = (what: string, example: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is empty; expected a path such as ${example} or a full https:// URL`)
    .superRefine((p, ctx) => {
      const issue = endpointIssue(what, p);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });

/** An endpoint the provider's metadata may name instead: empty (take it from discovery), a path or a full URL. */
const optionalEndpoint = (what: string) =>
  z
    .string()
    .trim()
    .superRefine((p, ctx) => {
      const issue = p === '' ? null : endpointIssue(what, p);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });

/** An issuer identifier: empty (the base URL), or an http(s) URL with no query or fragment (RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2)). */
const issuerUrl = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    if (s === '') return;
    const issue = urlIssue(s) ?? (/[?#]/.test(s) ? 'an issuer has no query or fragment (RFC 8414 §2)' : null);
    if (issue) ctx.addIssue({ code: 'custom', message: `The issuer: ${issue}` });
  });

/** An extra header: a token name, a value a header can carry (no line breaks: they would split the request), not one a leg sets. */
export const headerSchema = z
  .tuple([z.string(), z.string()])
  .superRefine(([name, value], ctx) => {
    if (!HTTP_TOKEN.test(name))
      ctx.addIssue({
        code: 'custom',
        message: `the header name ${JSON.stringify(name)} is not a token (letters, digits and !#$%&'*+-.^_\`|~; no spaces or colons, RFC 9110 §5.6.2)`,
      });
    else if ((RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase()))
      ctx.addIssue({
        code: 'custom',
        message: `${name} cannot be an extra header: each leg sets it (the signature or client credentials, or the transport)`,
      });
    const problem = headerValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `the value of header ${name} ${problem}` });
  })
  .readonly();

/** An extra request parameter: a non-empty name. */
const paramSchema = z
  .tuple([z.string().min(1, 'a parameter name is empty; expected name=value'), z.string()])
  .readonly();

/**
 * The redirect URI sent instead of the catcher's own, for a provider that registers one fixed URL, an https URL or
 * a name (eBay's RuName): an absolute URL, or a name without spaces. Empty: the catcher's URL.
 */
const redirectOverride = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    if (s === '') return;
    if (/[\s\u0000-\u001f\u007f#]/.test(s))
      return void ctx.addIssue({
        code: 'custom',
        message:
          'the redirect URI contains a space, a control character or "#"; expected an absolute URL (no fragment, RFC 6749 §3.1.2) or a name such as an eBay RuName',
      });
    // Anything with a scheme is a URL and must be http(s), as the authorization request checks it; else a name.
    if (/^[a-z][a-z0-9+.-]*:/i.test(s)) {
      const issue = urlIssue(s);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }
  });

const port = z
  .number()
  .int('the port must be a whole number')
  .min(0, 'the port must be 0 (any free port) to 65535')
  .max(65535, 'the port must be 0 (any free port) to 65535');

const oauth1ProfileSchema = z
  .strictObject({
    requestTokenPath: endpoint('The request token path', '/oauth/v1/request_token').default(
      SEED.endpoints.oauth1RequestToken.path
    ),
    authorizePath: endpoint('The authorize path', '/oauth/v1/authorize').default(SEED.endpoints.oauth1Authorize.path),
    accessTokenPath: endpoint('The access token path', '/oauth/v1/access_token').default(
      SEED.endpoints.oauth1AccessToken.path
    ),
    apiPath: endpoint('The API path', '/api/v1/me').default('/api/v1/me'),
    consumerKey: z.string().default(''),
    consumerSecret: z.string().default(''),
    /** PEM (PKCS#8) for the RSA methods. */
    rsaPrivateKey: z.string().default(''),
    /** `oob` asks the provider to show the verifier instead of redirecting (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)). */
    useOob: z.boolean().default(false),
    signatureMethod: z.enum(SIGNATURE_METHODS).default('HMAC-SHA1'),
    realm: z.string().default(''),
    placement: z.enum(PARAM_SOURCES).default('header'),
    includeVersion: z.boolean().default(true),
    /** The method of the request token and access token legs (the service POSTs; some providers document GET). */
    legMethod: z.enum(['POST', 'GET']).default('POST'),
  })
  .refine((o) => !(o.legMethod === 'GET' && o.placement === 'body'), {
    path: ['placement'],
    message: 'a GET has no body for the protocol parameters (RFC 5849 §3.5.2); choose the header or the query, or POST',
  });

const oauth2ProfileSchema = z
  .strictObject({
    authorizePath: endpoint('The authorize path', '/oauth/v2/authorize').default(SEED.endpoints.oauth2Authorize.path),
    tokenPath: endpoint('The token path', '/oauth/v2/token').default(SEED.endpoints.oauth2Token.path),
    apiPath: endpoint('The API path', '/api/v2/me').default('/api/v2/me'),
    clientId: z.string().default(''),
    clientSecret: z.string().default(''),
    scope: z.string().default(''),
    pkce: z.enum(['S256', 'plain', 'off']).default('S256'),
    clientAuthentication: z.enum(CLIENT_AUTHENTICATIONS).default('body'),
    /** private_key_jwt: the client's private key, PKCS#8 PEM or JWK text (OIDC Core §9). A secret. */
    assertionKey: z.string().default(''),
    /** The assertion's kid header; empty: the JWK's own, if any. */
    assertionKeyId: z.string().trim().default(''),
    /** The assertion's alg; empty: HS256 for client_secret_jwt, the key's own (RS256 for RSA) for private_key_jwt. */
    assertionAlg: z.union([z.literal(''), z.enum(ASSERTION_ALGS)]).default(''),
    /** The assertion's aud (RFC 7523 §3 item 3): the token endpoint's URL, or the issuer, as the provider documents. */
    assertionAudience: z.enum(ASSERTION_AUDIENCES).default('token_endpoint'),
    /** Mutual TLS (RFC 8705 §2): the client certificate (PEM) presented on every TLS connection of this profile. */
    clientCertificate: z.string().default(''),
    /** Its private key (PEM). A secret. */
    clientKey: z.string().default(''),
    /** DPoP (RFC 9449): the token, refresh and API legs carry a proof signed with dpopKey, for a token bound to it. */
    dpop: z.boolean().default(false),
    /** The DPoP key, a private JWK or PKCS#8 PEM, made by the host or loaded from a file. A secret. */
    dpopKey: z.string().default(''),
    /** Extra parameters of the token request (and the refresh), after the grant's own (RFC 6749 §3.2 (https://www.rfc-editor.org/rfc/rfc6749#section-3.2)). */
    tokenParams: z.array(paramSchema).default([]),
    tokenBody: z.enum(['form', 'json']).default('form'),
    /** The token response's field holding the access token, a dotted path (`AccessToken`, `data.access_token`); empty: access_token. */
    accessTokenField: z
      .string()
      .trim()
      .default('')
      .superRefine((f, ctx) => {
        const problem = tokenFieldProblem(f);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    /** grant_type=authorization_code on the authorization URL; unset: on for the built-in mock, off elsewhere. */
    grantTypeInAuthorization: z.boolean().optional(),
    /** OpenID Connect: the issuer to discover and to expect as the id_token's iss (OIDC Core §3.1.3.7 (2)); empty: the base URL. */
    issuer: issuerUrl.default(''),
    /** The JWK Set that signs id_tokens (RFC 7517 §5 (https://www.rfc-editor.org/rfc/rfc7517#section-5)); empty: the jwks_uri discovery names. */
    jwksUri: optionalEndpoint('The JWKS URL').default(''),
    /** RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009) and RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662) endpoints, optional in RFC 8414 §2 metadata; empty: what discovery names. */
    revocationEndpoint: optionalEndpoint('The revocation endpoint').default(''),
    introspectionEndpoint: optionalEndpoint('The introspection endpoint').default(''),
    /** RFC 8628 §3.1 (https://www.rfc-editor.org/rfc/rfc8628#section-3.1); empty: discovery's, a preset's, the service's default. */
    deviceAuthorizationEndpoint: optionalEndpoint('The device authorization endpoint').default(''),
    /**
     * The provider's metadata advertises authorization_response_iss_parameter_supported (RFC 9207 §3
     * (https://www.rfc-editor.org/rfc/rfc9207#section-3)): a redirect back without iss is refused. Kept from the
     * metadata when a profile is made from it.
     */
    issRequired: z.boolean().default(false),
  })
  .superRefine((o, ctx) => {
    // Each parameter may appear once (RFC 6749 §3.2): a name given twice is named when saved, not at the token leg.
    const names = o.tokenParams.map(([name]) => name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['tokenParams'],
        message: `the token parameter ${JSON.stringify(twice)} is given twice; each parameter may appear only once (RFC 6749 §3.2)`,
      });
    // private_key_jwt's key read and fitted to the algorithm when saved, so a bad file is named before a flow runs.
    if (o.clientAuthentication !== 'private_key_jwt' || !o.assertionKey.trim()) return;
    try {
      assertionAlgFor(parseClientPrivateKey(o.assertionKey), o.assertionAlg || null);
    } catch (e) {
      const alg = e instanceof ProtocolError && e.code === PROTOCOL_ERROR.ALG_KEY_MISMATCH;
      ctx.addIssue({ code: 'custom', path: [alg ? 'assertionAlg' : 'assertionKey'], message: (e as Error).message });
    }
  });

export const profileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'the id must be 1 to 64 letters, digits, "-" or "_"'),
  name: z.string().trim().min(1, 'the name is empty').max(80, 'the name is longer than 80 characters'),
  /** The embedded mock: base URL and credentials come from the running mock. */
  builtIn: z.boolean().default(false),
  /**
   * This server implements the service's authorization interface: the flows then check what the interface requires
   * beyond the RFCs (oauth_expires_in, token_type bearer, …) as failures; for any other server those are notes.
   * The built-in mock always is the service.
   */
  service: z.boolean().default(false),
  /**
   * Made from the built-in profile: it targets the embedded mock, whose port changes on every start, so its base URL
   * is the running mock's, taken when it is used (profileBaseUrl), and `baseUrl` stays empty.
   */
  followsMock: z.boolean().default(false),
  baseUrl: z.union([z.literal(''), httpUrl]).default(''),
  /** The loopback catcher's port and path; the redirect URI is http://127.0.0.1:<port><path> (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)). */
  callbackPort: port.default(8765),
  callbackPath: path('The callback path').default('/callback'),
  /** Sent as redirect_uri / oauth_callback instead of the catcher's URL; the user then pastes the URL landed on. */
  redirectUri: redirectOverride.default(''),
  /** Extra headers on every request the flows send; without a User-Agent among them, OAuth-Lab/<version> is sent. */
  headers: z.array(headerSchema).default([]),
  oauth1: oauth1ProfileSchema.default(() => oauth1ProfileSchema.parse({})),
  oauth2: oauth2ProfileSchema.default(() => oauth2ProfileSchema.parse({})),
  /** Extra trusted certificate authorities (PEM), for servers a private or self-signed authority vouches for. */
  caCertificates: z.string().default(''),
  /** Accept a self-signed certificate (the transport still checks the host name and dates). */
  allowSelfSigned: z.boolean().default(false),
  timeoutMs: z
    .number()
    .int()
    .min(1000, 'the timeout must be at least 1000 ms')
    .max(600_000, 'the timeout must be at most 600000 ms')
    .default(30_000),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

/** The paths inside a profile that hold secrets: masked in the UI, encrypted at rest, left out of exports. */
export const PROFILE_SECRET_FIELDS = [
  ['oauth1', 'consumerSecret'],
  ['oauth1', 'rsaPrivateKey'],
  ['oauth2', 'clientSecret'],
  ['oauth2', 'assertionKey'],
  ['oauth2', 'clientKey'],
  ['oauth2', 'dpopKey'],
] as const;

/** A real server's profile must name its base URL; the mock's, and those that follow it, take the running mock's. */
export const savableProfileSchema = profileSchema.refine((p) => p.builtIn || p.followsMock || p.baseUrl !== '', {
  path: ['baseUrl'],
  message: 'the base URL is empty; expected an absolute http:// or https:// URL',
});

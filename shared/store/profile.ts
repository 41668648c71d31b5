import { z } from 'zod';
import { SEED } from '../seed';
import { parseHttpUrl } from '../url';

/**
 * A profile: everything needed to run both flows against one server. The built-in "Mock provider" profile targets
 * the embedded mock (its base URL is known only once the mock runs); user profiles target a real base URL.
 * Secrets (consumer secret, RSA private key, client secret) are plain here: the store encrypts them at rest and
 * the UI masks them.
 */
export const MOCK_PROFILE_ID = 'mock';

const SIGNATURE_METHODS = ['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512', 'PLAINTEXT'] as const;

const path = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is empty; expected a path such as /oauth/v1/request_token`)
    .refine((p) => p.startsWith('/'), `${what} must start with "/" (a path relative to the base URL)`);

const httpUrl = z.string().trim().superRefine((s, ctx) => {
  try {
    parseHttpUrl(s, 'profile.baseUrl');
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message });
  }
});

const port = z.number().int('the port must be a whole number').min(0, 'the port must be 0 (any free port) to 65535').max(65535, 'the port must be 0 (any free port) to 65535');

export const oauth1ProfileSchema = z.strictObject({
  requestTokenPath: path('The request token path').default(SEED.endpoints.oauth1RequestToken.path),
  authorizePath: path('The authorize path').default(SEED.endpoints.oauth1Authorize.path),
  accessTokenPath: path('The access token path').default(SEED.endpoints.oauth1AccessToken.path),
  apiPath: path('The API path').default('/api/v1/me'),
  consumerKey: z.string().default(''),
  consumerSecret: z.string().default(''),
  /** PEM (PKCS#8) for the RSA methods. */
  rsaPrivateKey: z.string().default(''),
  /** `oob` asks the provider to show the verifier instead of redirecting (RFC 5849 §2.1). */
  useOob: z.boolean().default(false),
  signatureMethod: z.enum(SIGNATURE_METHODS).default('HMAC-SHA1'),
  realm: z.string().default(''),
  placement: z.enum(['header', 'query', 'body']).default('header'),
  includeVersion: z.boolean().default(true),
});

export const oauth2ProfileSchema = z.strictObject({
  authorizePath: path('The authorize path').default(SEED.endpoints.oauth2Authorize.path),
  tokenPath: path('The token path').default(SEED.endpoints.oauth2Token.path),
  apiPath: path('The API path').default('/api/v2/me'),
  clientId: z.string().default(''),
  clientSecret: z.string().default(''),
  scope: z.string().default(''),
  pkce: z.enum(['S256', 'plain', 'off']).default('S256'),
  clientAuthentication: z.enum(['body', 'basic']).default('body'),
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
  baseUrl: z.union([z.literal(''), httpUrl]).default(''),
  /** The loopback catcher's port and path; the redirect URI is http://127.0.0.1:<port><path> (RFC 8252 §7.3). */
  callbackPort: port.default(8765),
  callbackPath: path('The callback path').default('/callback'),
  oauth1: oauth1ProfileSchema.default(() => oauth1ProfileSchema.parse({})),
  oauth2: oauth2ProfileSchema.default(() => oauth2ProfileSchema.parse({})),
  /** Accept a self-signed certificate (the transport still checks the host name and dates). */
  allowSelfSigned: z.boolean().default(false),
  timeoutMs: z.number().int().min(1000, 'the timeout must be at least 1000 ms').max(600_000, 'the timeout must be at most 600000 ms').default(30_000),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

/** The paths inside a profile that hold secrets: masked in the UI, encrypted at rest, left out of exports. */
export const PROFILE_SECRET_FIELDS = [
  ['oauth1', 'consumerSecret'],
  ['oauth1', 'rsaPrivateKey'],
  ['oauth2', 'clientSecret'],
] as const;

/** A real server's profile must name its base URL; the mock's takes it from the running mock. */
export const savableProfileSchema = profileSchema.refine((p) => p.builtIn || p.baseUrl !== '', { path: ['baseUrl'], message: 'the base URL is empty; expected an absolute http:// or https:// URL' });

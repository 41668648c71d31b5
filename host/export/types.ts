import type { Exchange, RawRequest } from '../../shared/http';
import type { SecretParameter } from '../../shared/secrets';
import type { SignatureInput } from '../../shared/oauth1';
import { CodedError } from '../../shared/errors';

/**
 * What an export starts from. Plain data (no functions), so the UI can send it over the bridge as it is.
 *
 * - `oauth1`: a request signed with OAuth 1.0a. `signing` is what the signer took (credentials, nonce, timestamp,
 *   method, URL, body); `request` is the exact request it produced, when there is one already (a flow leg, the
 *   request signer); without it the request is signed here, so the CLI and the UI give the same bytes.
 * - `oauth2`: a bearer request (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)) plus what a client needs to refresh the token (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)).
 * - `request`: any other request (a token request from the history, say): snapshots, collections and HAR only.
 */
export type ExportSource = OAuth1Source | OAuth2Source | RequestSource;

export interface OAuth1Source {
  readonly kind: 'oauth1';
  readonly signing: SignatureInput;
  readonly request?: RawRequest;
}

export interface OAuth2Source {
  readonly kind: 'oauth2';
  /** The request as sent, with `Authorization: Bearer <token>`. */
  readonly request: RawRequest;
  /** Taken from the request's Authorization header when absent. */
  readonly accessToken?: string | null;
  readonly refreshToken?: string | null;
  readonly tokenUrl?: string | null;
  readonly authorizeUrl?: string | null;
  readonly redirectUri?: string | null;
  readonly clientId?: string | null;
  readonly clientSecret?: string | null;
  /**
   * How the client authenticates at the token endpoint: form fields or HTTP Basic (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)), or a JWT
   * it signs with its private key, fresh for each request (`private_key_jwt`, RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)); that needs `clientKey`.
   */
  readonly clientAuthentication?: 'none' | 'body' | 'basic' | 'private_key_jwt';
  /** For `private_key_jwt`: the key the assertion is signed with. */
  readonly clientKey?: ClientKey | null;
  readonly scope?: string | null;
  readonly pkce?: 'S256' | 'plain' | 'off';
  /**
   * The grant the token came from: the code grant (the default), renewed with the refresh token, or client
   * credentials (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)), renewed by asking again, as it gets no refresh token (§4.4.3).
   */
  readonly grant?: 'authorization_code' | 'client_credentials';
  /** Client credentials: the resource indicators asked for (RFC 8707 §2.1 (https://www.rfc-editor.org/rfc/rfc8707#section-2.1)), one parameter each. */
  readonly resources?: readonly string[];
  /** Client credentials: the API the token is for, as Auth0 and Okta name it (`audience`, no RFC). */
  readonly audience?: string | null;
}

/** A client's signing key for `private_key_jwt` (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)). */
export interface ClientKey {
  /** PKCS#8 or PKCS#1 (RSA) or SEC1 (EC) PEM. */
  readonly privateKeyPem: string;
  /** The JWS alg (RFC 7518 §3.1 (https://www.rfc-editor.org/rfc/rfc7518#section-3.1)) matching the key: RS256, PS256, ES256, …. */
  readonly alg: string;
  /** The `kid` the server finds the public key under in the client's registered JWK Set (RFC 7515 §4.1.4 (https://www.rfc-editor.org/rfc/rfc7515#section-4.1.4)). */
  readonly keyId?: string | null;
  /**
   * The SHA-256 thumbprint of the certificate registered for the key (`x5t#S256`, RFC 7515 §4.1.8 (https://www.rfc-editor.org/rfc/rfc7515#section-4.1.8)), for
   * providers that find the key by its certificate (Microsoft Entra).
   */
  readonly certificateThumbprint?: string | null;
  /** The assertion's `aud`: the token endpoint URL by default (RFC 7523 §3); some providers want the issuer. */
  readonly audience?: string | null;
}

export interface RequestSource {
  readonly kind: 'request';
  readonly request: RawRequest;
}

/** An exchange as the transport or the history records it (the transport's extra fields are optional). */
export type RecordedExchange = Exchange & {
  readonly request: Exchange['request'] & {
    readonly requestLine?: string;
    readonly httpVersion?: string;
    readonly bodySize?: number;
  };
  readonly response: Exchange['response'] & { readonly httpVersion?: string; readonly bodyBase64?: string };
  readonly timings: Exchange['timings'] & { readonly dns?: number | null; readonly proxy?: number | null };
  readonly remoteAddress?: string | null;
};

/** A secret value the caller knows about (a profile's secrets), with the name its placeholder takes. */
export interface KnownSecret {
  readonly name: SecretName;
  readonly value: string;
}

/**
 * The secrets (consumer, client and token secrets, private keys), and every credential that lets the holder act on the user's behalf: a bearer
 * access token (RFC 6750 §5.3 (https://www.rfc-editor.org/rfc/rfc6750#section-5.3): whoever holds it uses it), an authorization code (redeemable until it expires,
 * RFC 6749 §10.5 (https://www.rfc-editor.org/rfc/rfc6749#section-10.5)) and cookies. An OAuth 1.0a access token is not among them: it is useless without its secret.
 */
export type SecretName =
  | Exclude<SecretParameter, 'code'>
  | 'dpop_proof'
  | 'credential'
  | 'consumer_secret'
  | 'token_secret'
  | 'private_key'
  | 'client_secret'
  | 'refresh_token'
  | 'basic_credentials'
  | 'password'
  | 'oauth_token_secret'
  | 'access_token'
  | 'id_token'
  | 'authorization_code'
  | 'cookie';

export interface ExportInput {
  readonly target: string;
  readonly source: ExportSource;
  /** Put the secrets into the export; by default they are replaced by named placeholders. */
  readonly includeSecrets?: boolean;
  /** For `har`: the response and timings of this request, when it was sent. */
  readonly exchange?: RecordedExchange;
  /** More secret values to keep out (for a `request` source, e.g. the profile's client secret). */
  readonly secrets?: readonly KnownSecret[];
  /** For `har`: the creator version (the app's). */
  readonly appVersion?: string;
}

export interface ExportResult {
  readonly target: string;
  readonly filename: string;
  readonly mediaType: string;
  readonly text: string;
  readonly secretsIncluded: boolean;
  /** The placeholders left in `text` for the user to fill, e.g. `YOUR_CONSUMER_SECRET` or `{{client_secret}}`. */
  readonly placeholders: readonly string[];
  /** What the user should know before using it, one sentence each (single use, what is left out, limits). */
  readonly notes: readonly string[];
}

/** Why an export failed, for programs. */
type ExportErrorCode = 'unknown_target' | 'wrong_source' | 'unsupported' | 'snippet_failed' | 'invalid_request';

/** A request the chosen target cannot express; the message says why and what to pick instead. */
export class ExportError extends CodedError<ExportErrorCode> {
  override readonly name = 'ExportError';
  constructor(code: ExportErrorCode, message: string) {
    super(code, undefined, message);
  }
}

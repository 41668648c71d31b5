import { base64Encode } from '../encoding/base64';
import { utf8Encode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { RawRequest } from '../http';
import { type Param, formEncode } from '../url-encoded';
import { percentEncode } from '../percent-encoding';
import { parseHttpUrl } from '../url';
import { CLIENT_ASSERTION_TYPE } from './client-assertion';
import { validateCodeVerifier } from './pkce';

/**
 * How the client authenticates (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)): the service documents the body; Basic is the RFC's preferred
 * form; `none` sends only client_id, as a public client does (RFC 6749 §2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.1), §3.2.1);
 * `client_secret_jwt` and `private_key_jwt` send a signed assertion (RFC 7523 §2.2, OIDC Core §9), made as the
 * request is sent (client-assertion-request.ts) so that each one has a fresh jti; `tls_client_auth` and
 * `self_signed_tls_client_auth` present the client's certificate in the TLS handshake and send only client_id
 * (RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)).
 */
export const CLIENT_AUTHENTICATIONS = [
  'none',
  'body',
  'basic',
  'client_secret_jwt',
  'private_key_jwt',
  'tls_client_auth',
  'self_signed_tls_client_auth',
] as const;
export type ClientAuthentication = (typeof CLIENT_AUTHENTICATIONS)[number];

/** The client authenticates by its TLS certificate (RFC 8705 §2): its requests go where the server asks for one. */
export const authenticatesByCertificate = (method: ClientAuthentication): boolean =>
  method === 'tls_client_auth' || method === 'self_signed_tls_client_auth';

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
}

/** The token request body: a form (RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3)), or a JSON object for providers that document one. */
export type TokenBodyFormat = 'form' | 'json';

export type TokenGrant =
  | {
      readonly type: 'authorization_code';
      readonly code: string;
      readonly redirectUri: string;
      readonly codeVerifier?: string | null;
    }
  | { readonly type: 'refresh_token'; readonly refreshToken: string; readonly scope?: string | null }
  | {
      readonly type: 'client_credentials';
      readonly scope: string | null;
      /** RFC 8707 §2: one `resource` per target service, repeated. */
      readonly resources: readonly string[];
      /** Auth0's and Okta's name for the API the token is for (not in an RFC). */
      readonly audience: string | null;
    }
  | { readonly type: 'device_code'; readonly deviceCode: string }
  /** RFC 6749 §4.5: an extension grant, named by an absolute URI, with its own parameters (RFC 7523 §2.1's assertion). */
  | {
      readonly type: 'extension';
      readonly grantType: string;
      readonly params: readonly Param[];
      readonly scope: string | null;
    };

/** RFC 8628 §3.4: the grant_type of the device access token request. */
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface TokenRequestInput extends ClientCredentials {
  readonly tokenUrl: string;
  readonly grant: TokenGrant;
  readonly extraParams?: readonly Param[];
  readonly bodyFormat?: TokenBodyFormat;
}

const STEP = 'token-request';

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${base64Encode(utf8Encode(`${percentEncode(clientId)}:${percentEncode(clientSecret)}`))}`;
}

/**
 * The client's authentication on a request to the token, revocation or introspection endpoint: the form parameters
 * and the Authorization header it adds. An assertion method adds client_assertion_type; the assertion itself is
 * signed as the request is sent (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)).
 */
export function clientAuthentication(c: ClientCredentials): { params: Param[]; headers: [string, string][] } {
  switch (c.authentication) {
    case 'basic':
      return { params: [], headers: [['Authorization', basicAuthorization(c.clientId, c.clientSecret)]] };
    case 'body':
      return {
        params: [
          ['client_id', c.clientId],
          ['client_secret', c.clientSecret],
        ],
        headers: [],
      };
    case 'none':
    case 'tls_client_auth':
    case 'self_signed_tls_client_auth':
      return { params: [['client_id', c.clientId]], headers: [] };
    case 'client_secret_jwt':
    case 'private_key_jwt':
      return {
        params: [
          ['client_id', c.clientId],
          ['client_assertion_type', CLIENT_ASSERTION_TYPE],
        ],
        headers: [],
      };
  }
}

/** RFC 6749 §4.1.3 (authorization_code) and §6 (refresh_token) as a POST: a form, or JSON where a provider wants it. */
export function buildTokenRequest(input: TokenRequestInput): { request: RawRequest; params: readonly Param[] } {
  parseHttpUrl(input.tokenUrl, STEP);
  if (!input.clientId)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CLIENT_ID,
      STEP,
      'client_id is empty; the token request needs the client identifier (interface §4.2 step two).'
    );
  const grantParams = grantParamsOf(input.grant);
  // RFC 6749 §3.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.2.1): a client that does not authenticate with a secret still names itself with client_id.
  const client = clientAuthentication(input);
  const params = [...client.params, ...grantParams];
  for (const [name, value] of input.extraParams ?? []) {
    if (params.some(([n]) => n === name))
      throw new ProtocolError(
        PROTOCOL_ERROR.DUPLICATE_PARAMETER,
        STEP,
        `Extra token parameter "${name}" is already set by the grant or the client authentication; each parameter may appear only once (RFC 6749 §3.2).`
      );
    params.push([name, value]);
  }
  const json = input.bodyFormat === 'json';
  const headers: [string, string][] = [
    ['Content-Type', json ? 'application/json' : 'application/x-www-form-urlencoded'],
    ['Accept', 'application/json'],
    ...client.headers,
  ];
  const body = json ? JSON.stringify(Object.fromEntries(params)) : formEncode(params);
  return { request: { method: 'POST', url: input.tokenUrl, headers, body }, params };
}

/** The grant's own parameters, refused when what the grant needs is empty. */
function grantParamsOf(g: TokenGrant): Param[] {
  switch (g.type) {
    case 'authorization_code': {
      if (!g.code)
        throw new ProtocolError(
          PROTOCOL_ERROR.MISSING_CODE,
          STEP,
          'The authorization code is empty; finish the authorization step first.'
        );
      const params: Param[] = [
        ['grant_type', 'authorization_code'],
        ['code', g.code],
        ['redirect_uri', g.redirectUri],
      ];
      if (g.codeVerifier) {
        validateCodeVerifier(g.codeVerifier, STEP);
        params.push(['code_verifier', g.codeVerifier]);
      }
      return params;
    }
    case 'refresh_token':
      if (!g.refreshToken)
        throw new ProtocolError(
          PROTOCOL_ERROR.MISSING_REFRESH_TOKEN,
          STEP,
          'The refresh token is empty; the token response did not include one.'
        );
      return [
        ['grant_type', 'refresh_token'],
        ['refresh_token', g.refreshToken],
        ...(g.scope ? [['scope', g.scope] as const] : []),
      ];
    // RFC 6749 §4.4.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4.2); resource: RFC 8707 §2.
    case 'client_credentials':
      return [
        ['grant_type', 'client_credentials'],
        ...(g.scope ? [['scope', g.scope] as const] : []),
        ...g.resources.map((r) => ['resource', r] as const),
        ...(g.audience ? [['audience', g.audience] as const] : []),
      ];
    // RFC 8628 §3.4 (https://www.rfc-editor.org/rfc/rfc8628#section-3.4).
    case 'device_code':
      if (!g.deviceCode)
        throw new ProtocolError(
          PROTOCOL_ERROR.MISSING_CODE,
          STEP,
          'The device code is empty; the device authorization request must succeed first (RFC 8628 §3.2).'
        );
      return [
        ['grant_type', DEVICE_CODE_GRANT],
        ['device_code', g.deviceCode],
      ];
    // RFC 6749 §4.5 (https://www.rfc-editor.org/rfc/rfc6749#section-4.5).
    case 'extension':
      return [['grant_type', g.grantType], ...(g.scope ? [['scope', g.scope] as const] : []), ...g.params];
  }
}

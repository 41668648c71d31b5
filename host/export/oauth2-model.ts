import { headerValue } from '../../shared/http';
import { authorityOf, parseHttpUrl, requestTarget } from '../../shared/url';
import type { Secrets } from './secrets';
import { ExportError, type OAuth2Source } from './types';

/** How the client authenticates at the token endpoint in the generated code. */
type CodeClientAuthentication = NonNullable<OAuth2Source['clientAuthentication']>;

/**
 * How the code gets a new access token: with the refresh token (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)), or by asking again with the
 * client's own credentials (RFC 6749 §4.4.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4.2)), whose token comes without a refresh token (§4.4.3).
 */
type Renewal =
  | { readonly grant: 'refresh_token'; readonly refreshToken: string }
  | {
      readonly grant: 'client_credentials';
      /** The token request's other parameters in order: scope, each resource (RFC 8707 §2.1), audience. */
      readonly params: readonly (readonly [string, string])[];
    };

/** What the OAuth 2 generators write out: the call, the token, and how to renew it (when the client can). */
export interface OAuth2Code {
  readonly method: string;
  readonly url: string;
  /** The request's other headers (not Authorization, not the ones the HTTP client sets itself). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | null;
  /** The token, or its placeholder when secrets are left out. */
  readonly accessToken: string;
  /** Null when there is nothing to renew with (no refresh token or no token endpoint): the code just calls. */
  readonly refresh:
    | (Renewal & {
        readonly tokenUrl: string;
        readonly clientId: string;
        /** The secret or its placeholder; empty for a public client (`none`) and for `private_key_jwt`. */
        readonly clientSecret: string;
        /**
         * `none`: a public client, which identifies itself with client_id alone and sends no secret at all (RFC 6749
         * §2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.1), §3.2.1, §6): the profile says so, or there is no
         * secret, which HTTP Basic would otherwise send as an empty password.
         */
        readonly authentication: CodeClientAuthentication;
        /** For `private_key_jwt`: the PEM (or its placeholder), the alg, the header fields naming the key, the assertion's aud. */
        readonly key: {
          readonly pem: string;
          readonly alg: string;
          readonly keyHeader: Readonly<Record<string, string>>;
          readonly audience: string;
        } | null;
      })
    | null;
  readonly secretsIncluded: boolean;
}

const SKIP = new Set(['authorization', 'host', 'content-length', 'connection']);

/** The source's access token, or the one in its `Authorization: Bearer` header (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)). */
export function accessTokenOf(source: OAuth2Source): string {
  const bearer = /^\s*bearer\s+(\S+)\s*$/i.exec(headerValue(source.request.headers, 'authorization') ?? '')?.[1];
  const accessToken = source.accessToken || bearer;
  if (!accessToken)
    throw new ExportError(
      'unsupported',
      'This request carries no bearer token (Authorization: Bearer …) and none was given; obtain an access token first.'
    );
  return accessToken;
}

export const NO_REFRESH_NOTE =
  'No refresh token or token endpoint was given, so the code cannot refresh the access token.';

/** The client credentials token request's parameters besides grant_type (RFC 6749 §4.4.2, RFC 8707 §2.1). */
export function clientCredentialsParams(source: OAuth2Source): [string, string][] {
  return [
    ...(source.scope ? [['scope', source.scope] as [string, string]] : []),
    ...(source.resources ?? []).map((r): [string, string] => ['resource', r]),
    ...(source.audience ? [['audience', source.audience] as [string, string]] : []),
  ];
}

/** The renewal the source allows, or null; a client credentials source must be one that can authenticate. */
function renewalOf(source: OAuth2Source, secrets: Secrets, publicClient: boolean): Renewal | null {
  if (source.grant !== 'client_credentials') {
    const refreshToken = source.refreshToken ?? '';
    return refreshToken ? { grant: 'refresh_token', refreshToken: secrets.value('refresh_token', refreshToken) } : null;
  }
  if (publicClient)
    throw new ExportError(
      'unsupported',
      'The client credentials grant needs a client that authenticates (RFC 6749 §4.4): give its client secret, or a private key with private_key_jwt.'
    );
  return { grant: 'client_credentials', params: clientCredentialsParams(source) };
}

function keyOf(source: OAuth2Source, secrets: Secrets): NonNullable<OAuth2Code['refresh']>['key'] {
  if (source.clientAuthentication !== 'private_key_jwt') return null;
  const key = source.clientKey;
  if (!key?.privateKeyPem || !key.alg)
    throw new ExportError(
      'invalid_request',
      'private_key_jwt needs the client key: its private key PEM and its JWS alg (RS256, PS256, ES256, …) (RFC 7523 §2.2).'
    );
  return {
    pem: secrets.value('private_key', key.privateKeyPem),
    alg: key.alg,
    keyHeader: {
      ...(key.keyId ? { kid: key.keyId } : {}),
      ...(key.certificateThumbprint ? { 'x5t#S256': key.certificateThumbprint } : {}),
    },
    audience: key.audience || source.tokenUrl!,
  };
}

export function oauth2Code(source: OAuth2Source, secrets: Secrets): OAuth2Code {
  const r = source.request;
  // Placeholders are listed in the order they are asked for: the access token first.
  const accessToken = secrets.value('access_token', accessTokenOf(source));
  const u = parseHttpUrl(r.url, 'export');
  const withKey = source.clientAuthentication === 'private_key_jwt';
  const publicClient = !withKey && (source.clientAuthentication === 'none' || !source.clientSecret);
  const renewal = source.tokenUrl ? renewalOf(source, secrets, publicClient) : null;
  return {
    method: r.method.toUpperCase(),
    url: `${u.scheme}://${authorityOf(u)}${requestTarget(u)}`,
    headers: r.headers.filter(([n]) => !SKIP.has(n.toLowerCase())),
    body: r.body ?? null,
    accessToken,
    refresh: renewal
      ? {
          ...renewal,
          tokenUrl: source.tokenUrl!,
          clientId: source.clientId ?? '',
          clientSecret: publicClient || withKey ? '' : secrets.value('client_secret', source.clientSecret),
          authentication: publicClient ? 'none' : (source.clientAuthentication ?? 'body'),
          key: keyOf(source, secrets),
        }
      : null,
    secretsIncluded: secrets.include,
  };
}

/**
 * Collections hold fixed requests, and a private_key_jwt assertion must be signed afresh for each token request
 * (RFC 7523 §3 (https://www.rfc-editor.org/rfc/rfc7523#section-3): a new jti, a short exp), so they cannot renew that client's token; the signing code targets can.
 */
export function refuseClientAssertion(source: OAuth2Source, tool: string): void {
  if (source.clientAuthentication === 'private_key_jwt')
    throw new ExportError(
      'unsupported',
      `${tool} cannot sign a fresh client assertion for each token request (private_key_jwt, RFC 7523 §2.2); export python-oauth2 or node-oauth2 instead.`
    );
}

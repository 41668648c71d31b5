import { headerValue } from '../../../shared/http';
import { authorityOf, parseHttpUrl, requestTarget } from '../../../shared/url';
import type { Secrets } from './secrets';
import { ExportError, type OAuth2Source } from './types';

/** What the OAuth 2 generators write out: the call, the token, and how to refresh it (when the client can). */
export interface OAuth2Code {
  readonly method: string;
  readonly url: string;
  /** The request's other headers (not Authorization, not the ones the HTTP client sets itself). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | null;
  /** The token, or its placeholder when secrets are left out. */
  readonly accessToken: string;
  /** Null when there is nothing to refresh with (no refresh token or no token endpoint): the code just calls. */
  readonly refresh: {
    readonly tokenUrl: string;
    readonly refreshToken: string;
    readonly clientId: string;
    /** The secret or its placeholder; empty for a public client (`none`). */
    readonly clientSecret: string;
    /**
     * `none`: a public client, which identifies itself with client_id alone and sends no secret at all (RFC 6749
     * §2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.1), §3.2.1, §6): the profile says so, or there is no
     * secret, which HTTP Basic would otherwise send as an empty password.
     */
    readonly authentication: 'none' | 'body' | 'basic';
  } | null;
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

export function oauth2Code(source: OAuth2Source, secrets: Secrets): OAuth2Code {
  const r = source.request;
  const accessToken = accessTokenOf(source);
  const u = parseHttpUrl(r.url, 'export');
  const refreshToken = source.refreshToken ?? '';
  const canRefresh = refreshToken !== '' && !!source.tokenUrl;
  const publicClient = source.clientAuthentication === 'none' || !source.clientSecret;
  return {
    method: r.method.toUpperCase(),
    url: `${u.scheme}://${authorityOf(u)}${requestTarget(u)}`,
    headers: r.headers.filter(([n]) => !SKIP.has(n.toLowerCase())),
    body: r.body ?? null,
    accessToken: secrets.value('access_token', accessToken),
    refresh: canRefresh
      ? {
          tokenUrl: source.tokenUrl!,
          refreshToken: secrets.value('refresh_token', refreshToken),
          clientId: source.clientId ?? '',
          clientSecret: publicClient ? '' : secrets.value('client_secret', source.clientSecret),
          authentication: publicClient ? 'none' : (source.clientAuthentication ?? 'body'),
        }
      : null,
    secretsIncluded: secrets.include,
  };
}

import { base64Encode } from '../encoding/base64';
import { utf8Encode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { RawRequest } from '../http';
import type { Param } from '../oauth1/parameters';
import { percentEncode } from '../oauth1/percent-encoding';
import { parseHttpUrl } from '../url';
import { formEncode } from './form';
import { validateCodeVerifier } from './pkce';

/**
 * How the client authenticates (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)): the service documents the body; Basic is the RFC's preferred
 * form; `none` sends only client_id, as a public client does (RFC 6749 §2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.1), §3.2.1).
 */
export type ClientAuthentication = 'none' | 'body' | 'basic';

/** The token request body: a form (RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3)), or a JSON object for providers that document one. */
export type TokenBodyFormat = 'form' | 'json';

export type TokenGrant =
  | {
      readonly type: 'authorization_code';
      readonly code: string;
      readonly redirectUri: string;
      readonly codeVerifier?: string | null;
    }
  | { readonly type: 'refresh_token'; readonly refreshToken: string; readonly scope?: string | null };

export interface TokenRequestInput {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
  readonly grant: TokenGrant;
  readonly extraParams?: readonly Param[];
  readonly bodyFormat?: TokenBodyFormat;
}

const STEP = 'token-request';

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${base64Encode(utf8Encode(`${percentEncode(clientId)}:${percentEncode(clientSecret)}`))}`;
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
  const g = input.grant;
  const grantParams: Param[] =
    g.type === 'authorization_code'
      ? [
          ['grant_type', 'authorization_code'],
          ['code', g.code],
          ['redirect_uri', g.redirectUri],
        ]
      : [
          ['grant_type', 'refresh_token'],
          ['refresh_token', g.refreshToken],
          ...(g.scope ? [['scope', g.scope] as const] : []),
        ];
  if (g.type === 'authorization_code' && !g.code)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CODE,
      STEP,
      'The authorization code is empty; finish the authorization step first.'
    );
  if (g.type === 'refresh_token' && !g.refreshToken)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_REFRESH_TOKEN,
      STEP,
      'The refresh token is empty; the token response did not include one.'
    );
  if (g.type === 'authorization_code' && g.codeVerifier) {
    validateCodeVerifier(g.codeVerifier, STEP);
    grantParams.push(['code_verifier', g.codeVerifier]);
  }
  // RFC 6749 §3.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.2.1): a client that does not authenticate with a secret still names itself with client_id.
  const clientParams: Param[] =
    input.authentication === 'body'
      ? [
          ['client_id', input.clientId],
          ['client_secret', input.clientSecret],
        ]
      : input.authentication === 'none'
        ? [['client_id', input.clientId]]
        : [];
  const params = [...clientParams, ...grantParams];
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
  ];
  if (input.authentication === 'basic')
    headers.push(['Authorization', basicAuthorization(input.clientId, input.clientSecret)]);
  const body = json ? JSON.stringify(Object.fromEntries(params)) : formEncode(params);
  return { request: { method: 'POST', url: input.tokenUrl, headers, body }, params };
}

import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import { type Param, formEncode } from '../url-encoded';
import { parseHttpUrl } from '../url';
import type { PkceMethod } from './pkce';

export interface AuthorizationRequestInput {
  /** The authorization endpoint, e.g. `{base_url}/oauth/v2/authorize`. */
  readonly authorizeUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly scope?: string | null;
  readonly pkce?: { readonly challenge: string; readonly method: PkceMethod } | null;
  /** The service sends `grant_type=authorization_code` here too (interface §4.2 step one); RFC 6749 §4.1.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1) does not. */
  readonly includeGrantType?: boolean;
  readonly extraParams?: readonly Param[];
}

export interface AuthorizationRequest {
  readonly url: string;
  /** The query parameters in the order sent, for display. */
  readonly params: readonly Param[];
}

const STEP = 'authorization-request';

/** RFC 6749 §4.1.1 (+ RFC 7636 §4.3 (https://www.rfc-editor.org/rfc/rfc7636#section-4.3)): the URL the user's browser is sent to. */
export function buildAuthorizationUrl(input: AuthorizationRequestInput): AuthorizationRequest {
  parseHttpUrl(input.authorizeUrl, STEP);
  if (!input.clientId)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CLIENT_ID,
      STEP,
      'client_id is empty; the authorization request needs the client identifier (RFC 6749 §4.1.1).'
    );
  // A URL is checked as one; some providers register a name instead (eBay's RuName), which is sent as it is.
  if (/^[a-z][a-z0-9+.-]*:/i.test(input.redirectUri)) parseHttpUrl(input.redirectUri, STEP);
  else if (!/^[^\s]+$/.test(input.redirectUri))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_REDIRECT_URI,
      STEP,
      'redirect_uri is empty or contains a space; expected an absolute URL or a registered name such as an eBay RuName.'
    );
  if (/#/.test(input.redirectUri))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_REDIRECT_URI,
      STEP,
      'redirect_uri must not contain a fragment (RFC 6749 §3.1.2).'
    );
  if (!input.state)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_STATE,
      STEP,
      'state is empty; the service requires a unique state to detect forged callbacks (interface §4.2, RFC 6749 §10.12).'
    );
  const params: Param[] = [
    ['client_id', input.clientId],
    ...(input.includeGrantType === false ? [] : [['grant_type', 'authorization_code'] as const]),
    ['redirect_uri', input.redirectUri],
    ['response_type', 'code'],
    ['state', input.state],
    ...(input.scope ? [['scope', input.scope] as const] : []),
    ...(input.pkce
      ? [['code_challenge', input.pkce.challenge] as const, ['code_challenge_method', input.pkce.method] as const]
      : []),
  ];
  for (const [name, value] of input.extraParams ?? []) {
    if (params.some(([n]) => n === name))
      throw new ProtocolError(
        PROTOCOL_ERROR.DUPLICATE_PARAMETER,
        STEP,
        `Extra parameter "${name}" is already set; each authorization parameter may appear only once (RFC 6749 §3.1).`
      );
    params.push([name, value]);
  }
  return { url: withAuthorizationQuery(input.authorizeUrl, params), params };
}

/** The authorize URL with the parameters added; RFC 6749 §3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1): an existing query component of the endpoint is retained. */
export function withAuthorizationQuery(authorizeUrl: string, params: readonly Param[]): string {
  const endpoint = parseHttpUrl(authorizeUrl, STEP);
  const base = authorizeUrl.replace(/#.*$/s, '');
  const sep = endpoint.query === null ? '?' : endpoint.query === '' ? '' : '&';
  return base + sep + formEncode(params);
}

import { check, type Check } from '../check';
import type { Exchange, RawRequest } from '../http';
import { type Param, formEncode } from '../url-encoded';
import { readBody } from '../response-body';
import { parseHttpUrl } from '../url';
import { clientAuthentication, type ClientAuthentication } from './token-request';
import { oauth2ErrorOf } from './error-response';
import { withAuthorizationQuery } from './authorization-request';

/**
 * Pushed authorization requests (RFC 9126 (https://www.rfc-editor.org/rfc/rfc9126)), the client's side: the authorization request's parameters POSTed to
 * the pushed authorization request endpoint with the client's authentication (§2.1), its answer read (§2.2), and the
 * browser's authorize URL carrying only client_id and request_uri (§4).
 */
export interface PushedAuthorizationInput {
  /** The endpoint, from the provider metadata's pushed_authorization_request_endpoint (§5). */
  readonly parUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
  /** The authorization request's parameters, client_id among them, as the browser would have carried them. */
  readonly authorizationParams: readonly Param[];
}

/** RFC 9126 §2.1: a form POST; client_id is sent once, by the client authentication or by the request itself. */
export function buildPushedAuthorizationRequest(input: PushedAuthorizationInput): RawRequest {
  parseHttpUrl(input.parUrl, 'authorization-request');
  const credentials = clientAuthentication(input);
  const named = new Set(credentials.params.map(([n]) => n));
  const params = [...credentials.params, ...input.authorizationParams.filter(([n]) => !named.has(n))];
  return {
    method: 'POST',
    url: input.parUrl,
    headers: [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Accept', 'application/json'],
      ...credentials.headers,
    ],
    body: formEncode(params),
  };
}

export interface PushedAuthorization {
  readonly ok: boolean;
  readonly requestUri: string | null;
  readonly expiresIn: number | null;
  readonly checks: readonly Check[];
  readonly summary: string;
}

/** RFC 9126 §2.2, §2.3: 201 with a JSON request_uri and a positive expires_in, or an error as the token endpoint's. */
export function interpretPushedAuthorization(exchange: Exchange): PushedAuthorization {
  const { status } = exchange.response;
  const body = readBody(exchange.response);
  const fields = body.format === 'json' ? (body.fields ?? {}) : {};
  const error = oauth2ErrorOf(fields);
  const requestUri = typeof fields.request_uri === 'string' && fields.request_uri !== '' ? fields.request_uri : null;
  const expiresIn =
    typeof fields.expires_in === 'number' && Number.isInteger(fields.expires_in) && fields.expires_in > 0
      ? fields.expires_in
      : null;
  const checks: Check[] = [
    check(
      'status',
      status === 201,
      `HTTP ${status}`,
      `HTTP ${status}; a pushed request is answered 201 Created (RFC 9126 §2.2).`
    ),
  ];
  if (error)
    checks.push(
      check(
        'no error',
        false,
        '',
        `The provider refused the pushed request: ${error.error}${error.description ? ` (${error.description})` : ''} (RFC 9126 §2.3).`
      )
    );
  else {
    checks.push(
      check(
        'JSON',
        body.format === 'json',
        'The answer is JSON (RFC 9126 §2.2).',
        `The answer is ${body.format}, not JSON (RFC 9126 §2.2).`
      ),
      check(
        'request_uri',
        requestUri !== null,
        `request_uri ${requestUri ?? ''}`,
        'request_uri is missing or not a string (RFC 9126 §2.2).'
      ),
      check(
        'expires_in',
        expiresIn !== null,
        `expires_in ${expiresIn ?? ''} s`,
        `expires_in is ${JSON.stringify(fields.expires_in)}; a positive whole number of seconds is required (RFC 9126 §2.2).`
      )
    );
  }
  const ok = checks.every((c) => c.ok);
  return {
    ok,
    requestUri,
    expiresIn,
    checks,
    summary: ok
      ? `Pushed: request_uri ${requestUri}, valid ${expiresIn} s, single use.`
      : (checks.find((c) => !c.ok)?.message ?? 'The pushed request failed.'),
  };
}

/** RFC 9126 §4: the authorize URL with only client_id and request_uri. */
export const pushedAuthorizationUrl = (authorizeUrl: string, clientId: string, requestUri: string): string =>
  withAuthorizationQuery(authorizeUrl, [
    ['client_id', clientId],
    ['request_uri', requestUri],
  ]);

/** The client authentications made by the TLS connection's certificate (RFC 8705 §2). */
const MUTUAL_TLS: ReadonlySet<ClientAuthentication> = new Set(['tls_client_auth', 'self_signed_tls_client_auth']);

/**
 * RFC 9126 §5: the provider metadata's pushed_authorization_request_endpoint, or why there is none to use. A client
 * that authenticates with its TLS certificate takes the endpoint's alias on the mutual-TLS port when the metadata
 * names one (mtls_endpoint_aliases, RFC 8705 §5).
 */
export function parEndpointOf(
  document: unknown,
  authentication: ClientAuthentication = 'body'
): { ok: true; url: string } | { ok: false; reason: string } {
  const d = document as Record<string, unknown> | null;
  const aliases = d?.mtls_endpoint_aliases as Record<string, unknown> | undefined;
  const alias = MUTUAL_TLS.has(authentication) ? aliases?.pushed_authorization_request_endpoint : undefined;
  const value = typeof alias === 'string' && alias !== '' ? alias : d?.pushed_authorization_request_endpoint;
  if (typeof value !== 'string' || value === '')
    return {
      ok: false,
      reason:
        "The provider's metadata names no pushed_authorization_request_endpoint (RFC 9126 §5); it does not take pushed requests.",
    };
  try {
    parseHttpUrl(value);
  } catch (e) {
    return {
      ok: false,
      reason: `pushed_authorization_request_endpoint ${JSON.stringify(value)}: ${(e as Error).message}`,
    };
  }
  return { ok: true, url: value };
}

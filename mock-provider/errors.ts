import { problemFormBody, problemStatus, problemWwwAuthenticate, type ProblemReport } from '../shared/oauth1/problems';
import { DPOP_ALGS } from '../shared/dpop/dpop-key';
import { jsonReply, reply, type Reply } from './http';

/**
 * Error responses. OAuth 1.0a: OAuth Problem Reporting form bodies, status per RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2), and a
 * `WWW-Authenticate: OAuth` challenge on 401 carrying the same parameters (assumption: the interface shows only "401").
 * OAuth 2: RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) JSON with `error_description`, `Cache-Control: no-store`, `Pragma: no-cache`.
 */
export function oauth1Problem(
  realm: string,
  report: ProblemReport,
  status: number = problemStatus(report.problem),
  extra: [string, string][] = []
): Reply {
  const headers: [string, string][] = [...extra];
  if (status === 401) headers.push(['WWW-Authenticate', problemWwwAuthenticate(realm, report)]);
  return reply(status, 'application/x-www-form-urlencoded', problemFormBody(report), headers);
}

/** RFC 6749 §5.2: error_description is limited to %x20-21 / %x23-5B / %x5D-7E, so anything else is replaced. */
function asciiDescription(text: string): string {
  const ascii = text.replace(/§/g, 'section ').replace(/[–—]/g, '-').replace(/[‘’]/g, "'").replace(/[“”]/g, "'");
  return ascii
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

export type OAuth2ErrorCode =
  | 'invalid_request'
  | 'unsupported_response_type'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  /** RFC 8707 §2: a resource the server does not know or the grant does not cover. */
  | 'invalid_target'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'server_error'
  // RFC 8628 §3.5 (https://www.rfc-editor.org/rfc/rfc8628#section-3.5): the device's token polling.
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  // RFC 7591 §3.2.2 (https://www.rfc-editor.org/rfc/rfc7591#section-3.2.2): a refused registration.
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  // RFC 9101 §6.2, §7 (https://www.rfc-editor.org/rfc/rfc9101#section-6.2), OIDC Core §3.1.2.6: a refused request object or request_uri.
  | 'invalid_request_object'
  | 'invalid_request_uri';

export function oauth2Error(
  status: number,
  error: OAuth2ErrorCode,
  description: string,
  headers: [string, string][] = []
): Reply {
  return jsonReply(status, { error, error_description: asciiDescription(description) }, headers);
}

/** RFC 7235 (https://www.rfc-editor.org/rfc/rfc7235) quoted-string with `"` and `\` escaped (RFC 6750 §3 (https://www.rfc-editor.org/rfc/rfc6750#section-3), node-oidc-provider append_www_authenticate). */
export const quoted = (value: string): string => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/**
 * RFC 6750 §3: `Bearer realm="…"[, error="…", error_description="…"]`; no error code when no credentials were sent.
 * `resourceMetadata`: where the protected resource's metadata is (RFC 9728 §5.1
 * (https://www.rfc-editor.org/rfc/rfc9728#section-5.1)).
 */
export function bearerChallenge(
  realm: string,
  error?: string,
  description?: string,
  resourceMetadata?: string
): string {
  let out = `Bearer realm=${quoted(realm)}`;
  if (error) out += `, error=${quoted(error)}`;
  if (description) out += `, error_description=${quoted(asciiDescription(description))}`;
  if (resourceMetadata) out += `, resource_metadata=${quoted(resourceMetadata)}`;
  return out;
}

/** RFC 9449 §7.1 (https://www.rfc-editor.org/rfc/rfc9449#section-7.1): `DPoP algs="…"` with the error as Bearer's; the algorithms a proof may use. */
export function dpopChallenge(realm: string, error?: string, description?: string, resourceMetadata?: string): string {
  return `DPoP algs=${quoted(DPOP_ALGS.join(' '))}, ${bearerChallenge(realm, error, description, resourceMetadata).replace(/^Bearer /, '')}`;
}

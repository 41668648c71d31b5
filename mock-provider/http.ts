import { ProtocolError } from '../shared/errors';
import { parseUrlEncoded, type Param, formEncode } from '../shared/url-encoded';

/** The certificate a client presented on the mock's mutual-TLS port (RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)). */
export interface PeerCertificate {
  /** The certificate as DER. */
  readonly der: Buffer;
  /** Whether it chains to the mock's local CA (tls_client_auth); a self-signed one does not. */
  readonly issuedByCa: boolean;
  /** Its subject, RFC 4514 (e.g. `CN=app,O=OAuth Lab mock`). */
  readonly subjectDn: string;
  /** x5t#S256: base64url SHA-256 of the DER (RFC 8705 §3.1). */
  readonly thumbprint: string;
}

/** A request as the provider received it: raw target, headers in wire order, body bytes and text. */
export interface ProviderRequest {
  readonly method: string;
  /** The request target as sent (RFC 9112 §3.2 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2)), e.g. `/oauth/v1/request_token?x=1`. */
  readonly target: string;
  /** The target up to `?`, not decoded. */
  readonly path: string;
  /** The raw query without `?`, or null when the target has none. */
  readonly query: string | null;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** The body decoded as UTF-8 (invalid bytes replaced); `bodyIsUtf8` says whether that was needed. */
  readonly bodyText: string;
  readonly bodyIsUtf8: boolean;
  /** True when it arrived on the mutual-TLS port; `peerCertificate` is what the client presented there, if anything. */
  readonly mtls?: boolean;
  readonly peerCertificate?: PeerCertificate | null;
}

export interface Reply {
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function makeRequest(
  method: string,
  target: string,
  rawHeaders: readonly string[],
  body: Buffer,
  tls: { readonly peerCertificate: PeerCertificate | null } | null = null
): ProviderRequest {
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  const q = target.indexOf('?');
  let bodyText = '';
  let bodyIsUtf8 = true;
  if (body.length > 0) {
    try {
      bodyText = strictUtf8.decode(body);
    } catch {
      bodyText = body.toString('utf8');
      bodyIsUtf8 = false;
    }
  }
  return {
    method,
    target,
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? null : target.slice(q + 1),
    headers,
    body,
    bodyText,
    bodyIsUtf8,
    ...(tls ? { mtls: true, peerCertificate: tls.peerCertificate } : {}),
  };
}

/** Every value of a header (names are case-insensitive, RFC 9110 §5.1 (https://www.rfc-editor.org/rfc/rfc9110#section-5.1)). */
export function headerValues(req: Pick<ProviderRequest, 'headers'>, name: string): string[] {
  const lower = name.toLowerCase();
  const out: string[] = [];
  for (const [n, v] of req.headers) if (n.length === lower.length && n.toLowerCase() === lower) out.push(v);
  return out;
}

export function header(req: Pick<ProviderRequest, 'headers'>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [n, v] of req.headers) if (n.length === lower.length && n.toLowerCase() === lower) return v;
  return undefined;
}

/** The media type of the body, lower case, without parameters; '' when there is no Content-Type. */
export function mediaType(req: ProviderRequest): string {
  const value = header(req, 'content-type');
  if (value === undefined) return '';
  const semicolon = value.indexOf(';');
  return (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
}

export type ParsedParams =
  { readonly ok: true; readonly params: Param[] } | { readonly ok: false; readonly message: string };

/** Decodes a query or form body, reporting malformed percent-escapes or UTF-8 as a message instead of throwing. */
export function decodeParams(text: string, plusIsSpace: boolean, where: string): ParsedParams {
  try {
    return {
      ok: true,
      params: parseUrlEncoded(text, plusIsSpace, where === 'form body' ? 'body-parameters' : 'query-parameters'),
    };
  } catch (e) {
    if (e instanceof ProtocolError) return { ok: false, message: `The ${where} cannot be decoded: ${e.message}` };
    throw e;
  }
}

/** The form body's parameters; bodies that are not UTF-8 are refused rather than guessed at. */
export function decodeFormBody(req: ProviderRequest): ParsedParams {
  if (!req.bodyIsUtf8)
    return { ok: false, message: 'The form body is not valid UTF-8 (RFC 5849 §3.6, RFC 6749 Appendix B).' };
  return decodeParams(req.bodyText, true, 'form body');
}

const BASE_HEADERS: [string, string][] = [
  ['Cache-Control', 'no-store'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
];

export function reply(
  status: number,
  contentType: string | null,
  body: string,
  headers: [string, string][] = []
): Reply {
  const all: [string, string][] = contentType ? [['Content-Type', contentType]] : [];
  for (const h of BASE_HEADERS) all.push(h);
  for (const h of headers) all.push(h);
  return { status, headers: all, body };
}

export function formReply(
  status: number,
  pairs: readonly (readonly [string, string])[],
  headers: [string, string][] = []
): Reply {
  return reply(status, 'application/x-www-form-urlencoded', formEncode(pairs), headers);
}

export const jsonReply = (status: number, value: unknown, headers: [string, string][] = []): Reply =>
  reply(status, 'application/json; charset=utf-8', JSON.stringify(value), [['Pragma', 'no-cache'], ...headers]);

export const redirectReply = (status: 302 | 303, location: string): Reply =>
  reply(status, null, '', [['Location', location]]);

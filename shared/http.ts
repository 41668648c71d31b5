/** RFC 9110 §5.6.2 (https://www.rfc-editor.org/rfc/rfc9110#section-5.6.2) token: what a method (§9.1) and a header field name (§5.1) are made of. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

// RFC 9110 §5.5: a field value is visible octets, spaces and tabs. Other controls, and characters above U+00FF
// (more than one octet), cannot be written as a header; Node refuses them too.
const NOT_AN_OCTET = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]|[^\x00-\xff]/u;

/**
 * What is wrong with a header field value, with its remedy, or null. CR, LF and NUL would split the request and
 * inject header lines (RFC 9112 §5); the transport, every export and the profile form refuse them in these words.
 */
export function headerValueProblem(value: string): string | null {
  if (/[\r\n\0]/.test(value))
    return 'contains a line break or NUL, which would split the request (header injection); remove it';
  const odd = NOT_AN_OCTET.exec(value)?.[0];
  if (odd === undefined) return null;
  const code = `U+${odd.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `contains ${code}, which a header cannot carry (RFC 9110 §5.5: visible octets, spaces and tabs); percent-encode it or remove it`;
}

/** A request as it goes on the wire (close to HAR 1.2's request object). Headers keep their order and case. */
export interface RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly (readonly [name: string, value: string])[];
  readonly body?: string;
}

export interface RawResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [name: string, value: string])[];
  /** The body decoded as UTF-8 (invalid bytes replaced), for display and parsing. */
  readonly bodyText: string;
  /** The exact size of the body in bytes. */
  readonly bodySize: number;
}

/** Milliseconds from the start of the exchange; null where the phase did not happen (TLS on plain HTTP). */
export interface Timings {
  readonly connect: number | null;
  readonly tls: number | null;
  readonly firstByte: number | null;
  readonly total: number;
}

/** One end of a TCP connection, as the socket reports it. */
export interface SocketEnd {
  readonly address: string;
  readonly port: number;
}

export interface Exchange {
  readonly request: RawRequest;
  readonly response: RawResponse;
  readonly timings: Timings;
  readonly startedAt: number;
  /**
   * The client's end of the connection that carried the request, when the transport sent it (absent in exchanges
   * recorded before it was kept). The mock records the same end as its event's `client`: the join key of the two.
   */
  readonly local?: SocketEnd | null;
}

/* What the HTTP transport records beyond the exchange itself (TLS, proxy, exact bytes), shown by the UI. */

/** The request exactly as written to the socket. */
export interface SentRequest extends RawRequest {
  /** `METHOD target HTTP/1.1`; the target is absolute-form when sent to an HTTP proxy (RFC 9112 §3.2.2 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.2)). */
  readonly requestLine: string;
  readonly httpVersion: '1.1';
  /** Size of the body in bytes (UTF-8). */
  readonly bodySize: number;
}

export interface TransportResponse extends RawResponse {
  /** As the server wrote it in the status line, e.g. `1.1`. */
  readonly httpVersion: string;
  /** The exact body bytes, base64 (text is in `bodyText`). Content-Encoding is not undone. */
  readonly bodyBase64: string;
}

/** Offsets in milliseconds from the start, like `Timings`; `dns` and `proxy` are null where they did not happen. */
export interface TransportTimings extends Timings {
  readonly dns: number | null;
  /** When the proxy answered the CONNECT request. */
  readonly proxy: number | null;
}

export interface PeerCertificate {
  readonly subject: string;
  readonly issuer: string;
  readonly subjectAltName: string | null;
  readonly validFrom: string;
  readonly validTo: string;
  readonly fingerprint256: string;
}

export interface TlsInfo {
  readonly protocol: string | null;
  readonly cipher: string | null;
  /** True when the chain verified against the trusted roots and the host name matched. */
  readonly authorized: boolean;
  /** Why it did not verify (a Node / OpenSSL code), when accepted anyway with `allowSelfSigned`. */
  readonly authorizationError: string | null;
  /** Set when an untrusted certificate was accepted: show it to the user. */
  readonly warning: string | null;
  readonly peerCertificate: PeerCertificate | null;
  /** The client certificate this side presented (mutual TLS, RFC 8705 §2): its subject and SHA-256 thumbprint. */
  readonly clientCertificate?: ClientCertificateInfo | null;
}

export interface ClientCertificateInfo {
  readonly subject: string;
  /** SHA-256 of the DER certificate as hex pairs; its base64url is RFC 8705 §3.1's x5t#S256. */
  readonly fingerprint256: string;
}

export interface ProxyInfo {
  /** The proxy URL with any password replaced by `***`. */
  readonly url: string;
  /** The environment variable it came from. */
  readonly source: string;
  /** `connect`: a CONNECT tunnel (https); `absolute-form`: the request itself goes to the proxy (http). */
  readonly mode: 'connect' | 'absolute-form';
}

export interface TransportExchange extends Exchange {
  readonly request: SentRequest;
  readonly response: TransportResponse;
  readonly timings: TransportTimings;
  readonly tls: TlsInfo | null;
  readonly proxy: ProxyInfo | null;
  /** The address the socket connected to (the proxy's when one is used). */
  readonly remoteAddress: string | null;
  /** This side's address and port of that connection; null when the socket did not report them. */
  readonly local: SocketEnd | null;
}

/** Case-insensitive header lookup (RFC 9110 §5.1 (https://www.rfc-editor.org/rfc/rfc9110#section-5.1)); the first value when a header repeats. */
export function headerValue(headers: RawRequest['headers'], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

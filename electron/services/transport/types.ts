import type { LookupFunction } from 'node:net';
import type { Exchange, RawRequest, RawResponse, Timings } from '../../../shared/http';

export interface SendOptions {
  /** Where HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Accept a certificate that no trusted authority vouches for (self-signed, or an unknown issuer). The host name
   * and validity dates are still checked, and the exchange carries `tls.warning` for the caller to show.
   */
  readonly allowSelfSigned?: boolean;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots (e.g. a company or mkcert CA). */
  readonly ca?: string | readonly string[];
  /** Time allowed for DNS, TCP connect, proxy tunnel and TLS handshake together; default 10 s. */
  readonly connectTimeoutMs?: number;
  /** Time allowed for the whole exchange; default 30 s. */
  readonly timeoutMs?: number;
  /** Largest response body accepted, in bytes; default 10 MiB. */
  readonly maxResponseBytes?: number;
  readonly signal?: AbortSignal;
  /** Host name resolution, as `net.connect` takes it; default the system resolver. Tests inject one. */
  readonly lookup?: LookupFunction;
  /** Wall clock for `startedAt`; default `Date.now`. */
  readonly now?: () => number;
}

/** The request exactly as written to the socket. */
export interface SentRequest extends RawRequest {
  /** `METHOD target HTTP/1.1`; the target is absolute-form when sent to an HTTP proxy (RFC 9112 §3.2.2). */
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
}

import type { LookupFunction } from 'node:net';
export type {
  PeerCertificate,
  ProxyInfo,
  SentRequest,
  SocketEnd,
  TlsInfo,
  TransportExchange,
  TransportResponse,
} from '../../../shared/http';

export interface SendOptions {
  /** Where HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Accept a certificate that no trusted authority vouches for (self-signed, or an unknown issuer). The host name
   * and validity dates are still checked, and the exchange carries `tls.warning` for the caller to show.
   */
  readonly allowSelfSigned?: boolean;
  /**
   * The client's certificate and private key (PEM), presented in the TLS handshake when the server asks for one
   * (mutual TLS, RFC 8705 §2 (https://www.rfc-editor.org/rfc/rfc8705#section-2)).
   */
  readonly clientCertificate?: { readonly cert: string; readonly key: string } | null;
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

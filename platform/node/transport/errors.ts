import type { RawRequest } from '../../../shared/http';
import { CodedError } from '../../../shared/errors';

export type TransportErrorCode =
  | 'invalid_request'
  | 'invalid_proxy'
  | 'proxy_unsupported'
  | 'proxy_connect_failed'
  | 'proxy_refused'
  | 'dns_not_found'
  | 'dns_temporary'
  | 'connection_refused'
  | 'connection_reset'
  | 'host_unreachable'
  | 'network_unreachable'
  | 'connect_timeout'
  | 'timeout'
  | 'aborted'
  | 'response_too_large'
  | 'invalid_response'
  | 'tls_self_signed'
  | 'tls_unknown_ca'
  | 'tls_hostname_mismatch'
  | 'tls_expired'
  | 'tls_not_yet_valid'
  | 'tls_revoked'
  | 'tls_untrusted'
  | 'tls_handshake_failed'
  | 'network_error';

/** Where the exchange was when it failed. */
export type TransportPhase = 'prepare' | 'dns' | 'connect' | 'proxy' | 'tls' | 'request' | 'response';

/**
 * A failed exchange: a code for programs, a message in words for people (what went wrong and what to do), and the
 * request as it was, or would have been, sent.
 */
export class TransportError extends CodedError<TransportErrorCode> {
  override readonly name = 'TransportError';
  constructor(
    code: TransportErrorCode,
    message: string,
    readonly request: RawRequest,
    readonly phase: TransportPhase,
    /** The underlying Node / OpenSSL error code, when there is one. */
    readonly causeCode: string | null = null
  ) {
    super(code, undefined, message);
  }
}

/** A failure before the request is known to send(); it adds the request and makes a TransportError. */
export class Failure extends CodedError<TransportErrorCode> {
  constructor(
    code: TransportErrorCode,
    message: string,
    readonly phase: TransportPhase,
    readonly causeCode: string | null = null
  ) {
    super(code, undefined, message);
  }
}

export interface Where {
  /** `host:port` of what was being reached. */
  readonly target: string;
  /** Set when the failing hop is the proxy: the variable it came from. */
  readonly proxySource: string | null;
  readonly host: string;
}

/** Socket and DNS errors in words (TLS errors are in tls-errors.ts). */
export function explainNetworkError(
  code: string | undefined,
  message: string,
  where: Where
): { code: TransportErrorCode; message: string } {
  const at = where.proxySource ? `the proxy ${where.target} (from ${where.proxySource})` : where.target;
  const proxyHint = where.proxySource
    ? ` Check ${where.proxySource}, or list the host in NO_PROXY to connect directly.`
    : '';
  switch (code) {
    case 'ENOTFOUND':
      return {
        code: where.proxySource ? 'proxy_connect_failed' : 'dns_not_found',
        message: `The host name "${where.proxySource ? where.target.replace(/:\d+$/, '') : where.host}" could not be resolved (DNS: no such host). Check the spelling of the URL, and your network or VPN.${proxyHint}`,
      };
    case 'EAI_AGAIN':
      return {
        code: where.proxySource ? 'proxy_connect_failed' : 'dns_temporary',
        message: `Looking up "${where.host}" failed for now (the DNS server did not answer). Check the network connection and try again.${proxyHint}`,
      };
    case 'ECONNREFUSED':
      return {
        code: where.proxySource ? 'proxy_connect_failed' : 'connection_refused',
        message: `Nothing accepts connections at ${at} (connection refused). Check the port in the URL and that the server is running.${proxyHint}`,
      };
    case 'ECONNRESET':
    case 'EPIPE':
      return {
        code: 'connection_reset',
        message: `The connection to ${at} was closed abruptly (${code}) before a complete answer arrived. The server may have crashed or rejected the request, or a firewall or proxy cut the connection; if the server speaks TLS, use https:// (and http:// if it does not).`,
      };
    case 'EHOSTUNREACH':
      return {
        code: 'host_unreachable',
        message: `There is no route to ${at} (host unreachable). Check the address, the network and any VPN.${proxyHint}`,
      };
    case 'ENETUNREACH':
      return {
        code: 'network_unreachable',
        message: `The network of ${at} cannot be reached (network unreachable). Check the network connection.${proxyHint}`,
      };
    case 'ETIMEDOUT':
      return {
        code: 'connect_timeout',
        message: `Connecting to ${at} timed out at the operating-system level. A firewall may drop the packets, or the host is down.${proxyHint}`,
      };
    default:
      if (code?.startsWith('HPE_')) {
        return {
          code: 'invalid_response',
          message: `The answer from ${at} is not valid HTTP/1.1 (${code}: ${message}). If the server speaks TLS, use https://; otherwise the server is broken.`,
        };
      }
      return {
        code: 'network_error',
        message: `The exchange with ${at} failed: ${message}${code ? ` (${code})` : ''}.${proxyHint}`,
      };
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpServerOptions } from '../platform/node/http-server';
import type { PemPair } from './mtls/local-ca';
import { answerClientError } from './socket-replies';

/** How long the mock waits for a slow client, in milliseconds (tests shorten them). */
export interface ProviderTimeouts {
  readonly headersMs?: number;
  readonly requestMs?: number;
  readonly keepAliveMs?: number;
  readonly checkIntervalMs?: number;
}

/** The listening options of the mock's HTTP port, and of its mutual-TLS port with `tls`. */
export function listenOptions(
  host: string,
  port: number,
  t: ProviderTimeouts,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
  onConnect: (req: IncomingMessage, socket: Socket) => void,
  tls?: { readonly ca: PemPair; readonly server: PemPair }
): HttpServerOptions {
  return {
    name: tls ? 'the mock provider (mutual TLS)' : 'the mock provider',
    host,
    port,
    http: {
      headersTimeout: t.headersMs ?? 10_000,
      requestTimeout: t.requestMs ?? 30_000,
      keepAliveTimeout: t.keepAliveMs ?? 5_000,
      connectionsCheckingInterval: t.checkIntervalMs ?? 1_000,
      maxHeaderSize: 16 * 1024,
    },
    // RFC 8705 §2: ask for a client certificate without refusing any at the handshake, so each refusal is an OAuth
    // error naming its cause; the CA is there to tell (socket.authorized) which ones it issued.
    ...(tls
      ? {
          tls: {
            cert: tls.server.certificate,
            key: tls.server.privateKey,
            ca: [tls.ca.certificate],
            requestCert: true,
            rejectUnauthorized: false,
          },
        }
      : {}),
    onRequest,
    configure: (s) => {
      s.on('clientError', answerClientError);
      // Without a 'connect' listener node drops a CONNECT request's connection with no answer at all.
      s.on('connect', onConnect);
    },
  };
}

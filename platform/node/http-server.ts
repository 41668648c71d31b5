import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsServerOptions } from 'node:https';
import type { Socket } from 'node:net';

/**
 * The one way OAuth Lab runs an HTTP server (the mock provider, the callback catcher, the web host): it listens on
 * 127.0.0.1 unless told otherwise (RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3): a loopback listener is reachable from this machine only), on a
 * given port or 0 for any free one, turns bind failures into errors that say what to do, and tracks every connection
 * so close() ends at once, idle keep-alive connections and open streams included.
 */
export const LOOPBACK = '127.0.0.1';

export type ListenFailure = 'port_in_use' | 'port_not_permitted' | 'listen_failed';

/** A bind failure in words; `code` keeps the system's (EADDRINUSE, EACCES, …) for callers that branch on it. */
export class ListenError extends Error {
  override readonly name = 'ListenError';
  constructor(
    readonly reason: ListenFailure,
    readonly code: string | undefined,
    message: string
  ) {
    super(message);
  }
}

export interface HttpServerOptions {
  /** What listens, as it reads inside a sentence: "the callback catcher", "the web host". */
  readonly name: string;
  readonly host?: string;
  /** 0 (the default): any free port. */
  readonly port?: number;
  /** What to do instead when the port is taken, as a sentence; a generic one when left out. */
  readonly portAdvice?: string;
  /** node:http's own limits (header size, timeouts). */
  readonly http?: ServerOptions;
  /** Serve HTTPS with this certificate, key and client certificate policy (the mock's mutual-TLS port). */
  readonly tls?: HttpsServerOptions;
  readonly onRequest: (req: IncomingMessage, res: ServerResponse) => void;
  /** Adds listeners beyond 'request' ('clientError', 'connect') before the server accepts a connection. */
  readonly configure?: (server: Server) => void;
}

export interface HttpServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** Stops listening and destroys every connection (idle, busy, streaming or taken over by 'connect'). */
  close(): Promise<void>;
}

function listenError(e: NodeJS.ErrnoException, options: HttpServerOptions, host: string, port: number): ListenError {
  const what = options.name;
  if (e.code === 'EADDRINUSE') {
    const advice =
      options.portAdvice ?? `Choose another port, or 0 for any free one, or stop the program that uses port ${port}.`;
    return new ListenError(
      'port_in_use',
      e.code,
      `Port ${port} on ${host} is already in use by another program, so ${what} cannot listen there. ${advice}`
    );
  }
  if (e.code === 'EACCES') {
    return new ListenError(
      'port_not_permitted',
      e.code,
      `This user may not listen on port ${port} of ${host} (ports below 1024 need privileges), so ${what} cannot listen there. Choose a port from 1024 to 65535, or 0 for any free one.`
    );
  }
  return new ListenError(
    'listen_failed',
    e.code,
    `${what[0]!.toUpperCase()}${what.slice(1)} could not listen on ${host}:${port}: ${e.message}.`
  );
}

export function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const host = options.host ?? LOOPBACK;
  const wanted = options.port ?? 0;
  const server: Server = options.tls
    ? createHttpsServer({ ...options.http, ...options.tls })
    : createServer(options.http ?? {});
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', options.onRequest);
  options.configure?.(server);
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => reject(listenError(e, options, host, wanted));
    server.once('error', onError);
    server.listen({ host, port: wanted, exclusive: true }, () => {
      server.off('error', onError);
      // Later errors belong to single connections; they must not crash the process.
      server.on('error', () => {});
      const address = server.address();
      if (address && typeof address === 'object') resolve({ server, host, port: address.port, close });
      else {
        server.close();
        reject(new ListenError('listen_failed', undefined, `${options.name} did not get a TCP address.`));
      }
    });
  });
}

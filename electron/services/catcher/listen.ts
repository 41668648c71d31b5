import type { Server } from 'node:http';
import { CatcherError } from './errors';

export const LOOPBACK = '127.0.0.1';

/** Listens on 127.0.0.1 only (RFC 8252 §8.3), turning bind failures into errors that say what to do. */
export function listenOnLoopback(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (e.code === 'EADDRINUSE') {
        reject(
          new CatcherError(
            'port_in_use',
            `Port ${port} on ${LOOPBACK} is already in use by another program, so the callback catcher cannot listen there. Choose another callback port (and register the matching redirect URI http://${LOOPBACK}:<port>/... with the provider), or stop the program that uses port ${port}.`,
          ),
        );
      } else if (e.code === 'EACCES') {
        reject(new CatcherError('port_not_permitted', `This user may not listen on port ${port} of ${LOOPBACK} (ports below 1024 need privileges). Choose a port from 1024 to 65535, or 0 for an ephemeral one.`));
      } else {
        reject(new CatcherError('listen_failed', `The callback catcher could not listen on ${LOOPBACK}:${port}: ${e.message}.`));
      }
    };
    const onListening = () => {
      server.off('error', onError);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host: LOOPBACK, port, exclusive: true });
  });
}

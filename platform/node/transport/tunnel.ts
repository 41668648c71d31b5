import type { Socket } from 'node:net';
import { explainNetworkError, Failure } from './errors';
import type { ProxyChoice } from './proxy';

const MAX_HEAD = 16 * 1024;

/** The CONNECT request's head (RFC 9110 §9.3.6), with the proxy's credentials when its URL carries them. */
function connectHead(authority: string, proxy: ProxyChoice): string {
  return [
    `CONNECT ${authority} HTTP/1.1`,
    `Host: ${authority}`,
    ...(proxy.authorization ? [`Proxy-Authorization: ${proxy.authorization}`] : []),
    '',
    '',
  ].join('\r\n');
}

/** Why the proxy's complete answer head (`buffered` holds its end) opens no tunnel; null for a 2xx. */
function refusal(buffered: Buffer, via: string, authority: string): Failure | null {
  const statusLine = buffered.subarray(0, buffered.indexOf('\r\n')).toString('latin1');
  const m = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(statusLine);
  if (!m)
    return new Failure(
      'proxy_refused',
      `${via} answered CONNECT with ${JSON.stringify(statusLine.slice(0, 100))}, which is not an HTTP status line; check that it is an HTTP proxy.`,
      'proxy'
    );
  const status = Number(m[1]);
  if (status >= 200 && status <= 299) return null;
  const auth =
    status === 407
      ? ' It requires authentication: put the user and password in the proxy URL (http://user:password@host:port).'
      : '';
  return new Failure(
    'proxy_refused',
    `${via} refused to open a tunnel to ${authority}: ${status}${m[2] ? ` ${m[2]}` : ''}.${auth}`,
    'proxy'
  );
}

/** A socket error while talking to the proxy, in words that name it. */
function proxySocketFailure(e: NodeJS.ErrnoException, proxy: ProxyChoice, via: string): Failure {
  const x = explainNetworkError(e.code, e.message, {
    target: `${proxy.host}:${proxy.port}`,
    proxySource: proxy.source,
    host: proxy.host,
  });
  return new Failure(
    x.code === 'connection_reset' ? 'proxy_refused' : x.code,
    `While asking ${via} for a tunnel: ${x.message}`,
    'proxy',
    e.code ?? null
  );
}

/**
 * Asks an HTTP proxy for a tunnel (RFC 9110 §9.3.6 (https://www.rfc-editor.org/rfc/rfc9110#section-9.3.6)): `CONNECT host:port`, then waits for a 2xx. Any bytes after the
 * proxy's answer belong to the tunnel and are put back on the socket.
 */
export function tunnel(socket: Socket, authority: string, proxy: ProxyChoice): Promise<void> {
  const via = `the proxy ${proxy.url} (from ${proxy.source})`;
  return new Promise<void>((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const done = (err?: Failure) => {
      socket.off('data', onData).off('error', onError).off('end', onEnd);
      if (err) {
        socket.destroy();
        reject(err);
      } else resolve();
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > MAX_HEAD)
          done(
            new Failure(
              'proxy_refused',
              `${via} sent an answer to CONNECT longer than ${MAX_HEAD} bytes without ending its headers; it is not a working HTTP proxy.`,
              'proxy'
            )
          );
        return;
      }
      const refused = refusal(buffered, via, authority);
      if (refused) return done(refused);
      const rest = buffered.subarray(end + 4);
      socket.pause();
      done();
      if (rest.length > 0) socket.unshift(rest);
    };
    const onError = (e: NodeJS.ErrnoException) => done(proxySocketFailure(e, proxy, via));
    const onEnd = () =>
      done(
        new Failure('proxy_refused', `${via} closed the connection instead of answering CONNECT ${authority}.`, 'proxy')
      );
    socket.on('data', onData).on('error', onError).on('end', onEnd);
    socket.write(connectHead(authority, proxy));
  });
}

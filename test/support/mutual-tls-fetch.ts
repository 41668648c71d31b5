import { request } from 'node:https';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch for openid-client's customFetch that presents a client certificate on the TLS connection (RFC 8705 §2) and
 * trusts `ca` for the server, written on node:https so the test needs nothing of the code under test. Redirects are
 * not followed (openid-client asks for `redirect: 'manual'`).
 */
export function mutualTlsFetch(tls: { cert: string; key: string; ca: string }): CustomFetch {
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const req = request(
        url,
        { method: options.method, headers: options.headers, ...tls, agent: false, signal: options.signal },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of [value ?? []].flat()) headers.append(name, v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
          });
        }
      );
      req.on('error', reject);
      req.end(options.body === undefined || options.body === null ? undefined : String(options.body));
    });
}

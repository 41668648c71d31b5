import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../../../platform/node/http-server';

/**
 * A loopback HTTP server that emulates a real provider's documented behaviour, for tests of what OAuth Lab's client
 * accepts and shows. Each emulation (one file per provider beside this one) is a table of routes written from the
 * provider's documentation, cited there. The server records every request it saw.
 */
export interface SeenRequest {
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface EmulatedResponse {
  readonly status?: number;
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string | Uint8Array;
}

/** Answers one request; routes are keyed `"METHOD /path"` or `"/path"` (any method), the path without its query. */
export type Route = (request: SeenRequest, emulation: Emulation) => EmulatedResponse | Promise<EmulatedResponse>;

export interface Emulation {
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startEmulation(routes: Record<string, Route>): Promise<Emulation> {
  const seen: SeenRequest[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const path = request.url.split('?')[0] ?? '/';
      const route = routes[`${request.method} ${path}`] ?? routes[path];
      Promise.resolve(
        route
          ? route(request, emulation)
          : { status: 404, headers: { 'Content-Type': 'text/plain' }, body: `no route for ${request.method} ${path}` }
      )
        .then((answer) => {
          res.writeHead(answer.status ?? 200, answer.headers ?? {});
          res.end(answer.body ?? '');
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(`emulation route failed: ${String(error)}`);
        });
    });
  };
  const http = await startHttpServer({ name: 'the provider emulation', onRequest });
  http.server.unref();
  const emulation: Emulation = { base: `http://127.0.0.1:${http.port}`, seen, close: http.close };
  return emulation;
}

/** The query of a seen request as a URLSearchParams. */
export const queryOf = (request: SeenRequest): URLSearchParams => new URLSearchParams(request.url.split('?')[1] ?? '');

/** A JSON answer with the given status. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): EmulatedResponse => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

/** An `application/x-www-form-urlencoded` answer (or another form-like content type, e.g. `text/plain`). */
export const form = (
  fields: Record<string, string>,
  status = 200,
  contentType = 'application/x-www-form-urlencoded'
): EmulatedResponse => ({
  status,
  headers: { 'Content-Type': contentType },
  body: new URLSearchParams(fields).toString(),
});

/**
 * An OAuth 2 authorization endpoint that approves at once: 302 to the request's `redirect_uri` with a code and the
 * `state` echoed (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2)). `extra` adds provider-specific parameters to the redirect.
 */
export const approvingAuthorize =
  (code: string, extra: Record<string, string> = {}): Route =>
  (request) => {
    const query = queryOf(request);
    const target = new URL(query.get('redirect_uri') ?? 'http://127.0.0.1/');
    target.searchParams.set('code', code);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    for (const [name, value] of Object.entries(extra)) target.searchParams.set(name, value);
    return { status: 302, headers: { Location: target.toString() } };
  };

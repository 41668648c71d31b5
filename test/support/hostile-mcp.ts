import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One answer of a HostileMcp route: a status, headers and a JSON body. */
export interface Answer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface Received {
  readonly method: string;
  /** The request target as sent: a path, or an absolute URL when the server was used as an HTTP proxy. */
  readonly target: string;
  readonly body: string;
}

/**
 * A server on 127.0.0.1 (port 0) that answers each request target with what the test wrote for it (knowing the
 * server's own base URL), and records every request. A target may be a path or, when the server is given to the
 * client as its HTTP_PROXY, an absolute URL of another (non-loopback) host. Any other target answers 404.
 */
export class HostileMcp {
  private server: Server | null = null;
  readonly received: Received[] = [];
  base = '';

  constructor(private readonly routes: (base: string) => Readonly<Record<string, Answer>> = () => ({})) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void bodyOf(req).then((body) => {
        const target = req.url ?? '/';
        this.received.push({ method: req.method ?? 'GET', target, body });
        const answer = this.routes(this.base)[target];
        res.writeHead(answer?.status ?? (answer ? 200 : 404), {
          'Content-Type': 'application/json',
          ...answer?.headers,
        });
        res.end(JSON.stringify(answer?.body ?? { error: 'not_found' }));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}

/** An MCP endpoint's 401 with a Bearer challenge naming this resource_metadata (RFC 9728 §5.1). */
export const unauthorized = (resourceMetadata: string): Answer => ({
  status: 401,
  headers: { 'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadata}", scope="read"` },
  body: { error: 'unauthorized' },
});

/** Authorization server metadata (RFC 8414 §2) with PKCE S256, at `issuer`, its endpoints given. */
export const authorizationServer = (
  issuer: string,
  endpoints: { authorization?: string; token?: string; registration?: string } = {}
): Answer => ({
  body: {
    issuer,
    authorization_endpoint: endpoints.authorization ?? `${issuer}/authorize`,
    token_endpoint: endpoints.token ?? `${issuer}/token`,
    ...(endpoints.registration ? { registration_endpoint: endpoints.registration } : {}),
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  },
});

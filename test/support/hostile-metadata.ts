import { createServer, type Server } from 'node:http';

/**
 * A metadata server on 127.0.0.1 (port 0) that answers the OpenID Connect discovery path with a document the test
 * writes (knowing the server's own base URL), serves a JWKS at /jwks copied from another provider, and counts every
 * JWKS request, so a test can prove a refused document's keys were never fetched. Any other path answers 404.
 */
export class HostileMetadata {
  private server: Server | null = null;
  jwksRequests = 0;
  base = '';

  constructor(
    /** The discovery document; null for none (404). */
    private readonly document: ((base: string) => Record<string, unknown>) | null,
    private readonly jwksFrom: string | null = null
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.answer(req.url ?? '/').then(({ status, body }) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(body);
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private async answer(path: string): Promise<{ status: number; body: string }> {
    if (path === '/.well-known/openid-configuration' && this.document)
      return { status: 200, body: JSON.stringify(this.document(this.base)) };
    if (path === '/jwks' && this.jwksFrom) {
      this.jwksRequests += 1;
      return { status: 200, body: await (await fetch(this.jwksFrom)).text() };
    }
    return { status: 404, body: '{"error":"not_found"}' };
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

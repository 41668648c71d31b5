import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type HttpServer } from '../../platform/node/http-server';
import type { Observed } from '../../shared/grade/observed';
import type { Scenario } from '../../shared/grade/scenarios';
import { makeRequest, reply, type ProviderRequest, type Reply } from '../http';
import { wireHeaders } from '../wire';
import { GraderKeys } from './grader-keys';
import type { GradedClient } from './issuer-types';
import { ScenarioIssuer } from './scenario-issuer';
import { secret } from './scenario-token';

/**
 * A request the scenario's issuer saw: the judge's reading, the request itself (for the report, fingerprinted
 * there) and the answer (for the app's History), with when it came.
 */
export interface SeenRequest {
  readonly observed: Observed;
  readonly request: ProviderRequest;
  readonly reply: Reply;
  readonly at: number;
}

/** A request body larger than this is refused: no grader endpoint takes more than a short form. */
const MAX_BODY = 64 * 1024;

/**
 * The grader's HTTP server on 127.0.0.1: one listener for a run, one fresh issuer per scenario under its
 * own path (`/grade/RUN/SCENARIO`), only the scenario being run answering; every request it answers is observed.
 */
export class GraderServer {
  readonly run = randomBytes(6).toString('hex');
  readonly client: GradedClient = {
    clientId: `grade-client-${randomBytes(4).toString('hex')}`,
    clientSecret: secret('gs-', 24),
    redirectUri: 'http://127.0.0.1/grade-callback',
  };
  private readonly keys = new GraderKeys();
  private current: { issuer: ScenarioIssuer; seen: SeenRequest[]; onSeen: (seen: SeenRequest) => void } | null = null;

  private constructor(
    private readonly http: HttpServer,
    private readonly now: () => number
  ) {}

  /**
   * `now` is the issuers' clock in milliseconds (tests move it), the system clock by default; `port` 0 (the default)
   * is any free one, and a taken one fails with a ListenError saying so.
   */
  static async start(options: { readonly now?: () => number; readonly port?: number } = {}): Promise<GraderServer> {
    let server: GraderServer | null = null;
    const http = await startHttpServer({
      name: 'the grader',
      port: options.port ?? 0,
      onRequest: (req, res) => server!.receive(req, res),
    });
    server = new GraderServer(http, options.now ?? Date.now);
    return server;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.http.port}`;
  }

  /** Starts a scenario's fresh issuer; the previous one stops answering. `onSeen` is told of each request. */
  begin(scenario: Scenario, onSeen: (seen: SeenRequest) => void = () => {}): ScenarioIssuer {
    const issuer = new ScenarioIssuer(
      scenario,
      `${this.origin}/grade/${this.run}/${scenario.id}`,
      this.client,
      this.keys,
      this.now
    );
    this.current = { issuer, seen: [], onSeen };
    return issuer;
  }

  /** What the current scenario's issuer has seen so far, and stops it. */
  end(): SeenRequest[] {
    const seen = this.current?.seen ?? [];
    this.current = null;
    return seen;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const request = makeRequest(req.method ?? 'GET', req.url ?? '/', req.rawHeaders, Buffer.concat(chunks));
      const r = size > MAX_BODY ? reply(413, 'text/plain; charset=utf-8', 'Body too large.\n') : this.answer(request);
      res.writeHead(r.status, wireHeaders(r));
      res.end(r.body);
    });
  }

  private answer(request: ProviderRequest): Reply {
    const c = this.current;
    const prefix = c ? new URL(c.issuer.issuer).pathname : null;
    if (!c || prefix === null || (request.path !== prefix && !request.path.startsWith(`${prefix}/`)))
      return reply(404, 'text/plain; charset=utf-8', 'No scenario is served here now.\n');
    const path = request.path.slice(prefix.length);
    const { reply: r, observed } = c.issuer.handle(request, path);
    const seen: SeenRequest = {
      observed: { ...observed, method: request.method, path },
      request,
      reply: r,
      at: this.now(),
    };
    c.seen.push(seen);
    c.onSeen(seen);
    return r;
  }
}

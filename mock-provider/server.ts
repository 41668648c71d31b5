import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { SocketEnd } from '../shared/http';
import type { ClockPort, CryptoPort, RandomPort } from '../shared/ports';
import { startHttpServer, type HttpServer, type HttpServerOptions } from '../platform/node/http-server';
import { nodeCrypto, nodeRandom } from '../platform/node/node-crypto';
import type { SseStream } from '../platform/node/sse';
import { MockClock } from './clock';
import type { ProviderConfig } from './config';
import { defaultConfig } from './load-config';
import type { Handled, ProviderContext } from './context';
import { setAutoLoginUser } from './control';
import { oauth2Error } from './errors';
import { eventRecord } from './event-record';
import { EventHub, openEventStream, type EventListener } from './events';
import { makeRequest, type ProviderRequest, type Reply } from './http';
import { clientOf, declaredLength, NO_BODY, wireHeaders } from './wire';
import { pooledRandom } from './random-pool';
import { misdirected, routeSafely } from './router';
import { refuseConnect } from './socket-replies';
import { listenOptions, type ProviderTimeouts } from './listen-options';
import { ProviderState } from './state';
import { issueServerCertificate, type PemPair } from './mtls/local-ca';
import { peerCertificateOf } from './mtls/peer-certificate';

/**
 * The mock provider as a restartable node:http server on 127.0.0.1. Request bodies are capped at
 * 1 MiB (413), slow clients are cut off by header and request timeouts, malformed HTTP gets a 4xx, and every
 * request is published as a ProviderEvent.
 */
export interface MockProviderOptions {
  readonly config?: ProviderConfig;
  readonly autoLoginUser?: string | null;
  /** The real clock under the mock clock (tests pass a fixed one). */
  readonly clock?: ClockPort;
  readonly crypto?: CryptoPort;
  readonly random?: RandomPort;
  readonly bodyLimit?: number;
  /**
   * Open a mutual-TLS port beside the HTTP one (RFC 8705), with this server certificate (one kept in the store:
   * ca-store.ts) or, without one, a certificate issued by this CA on the first start.
   */
  readonly tls?: { readonly ca: PemPair; readonly server?: PemPair };
  readonly timeouts?: ProviderTimeouts;
}

export interface StartOptions {
  readonly port?: number;
  readonly host?: string;
  /** The mutual-TLS port, when the provider has a CA (0, the default: any free port). */
  readonly tlsPort?: number;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

export class MockProvider {
  readonly clock: MockClock;
  readonly state: ProviderState;
  readonly events = new EventHub();
  readonly context: ProviderContext;
  private server: HttpServer | null = null;
  private tlsServer: HttpServer | null = null;
  private address: { host: string; port: number } | null = null;
  /** host:port of the listening socket (read on every request, so built once per start). */
  private authority = '127.0.0.1';
  private readonly streams = new Set<SseStream>();
  private readonly bodyLimit: number;
  /** Given with the CA, or issued on the first start with one; kept across restarts. */
  private serverCertificate: PemPair | null;

  constructor(private readonly options: MockProviderOptions = {}) {
    this.serverCertificate = options.tls?.server ?? null;
    const config = options.config ?? defaultConfig();
    this.clock = new MockClock(options.clock);
    this.state = new ProviderState(this.clock, pooledRandom(options.random ?? nodeRandom), config.switches.nonceMemory);
    this.bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.context = {
      config,
      settings: { lifetimes: { ...config.lifetimes }, switches: { ...config.switches } },
      state: this.state,
      clock: this.clock,
      crypto: options.crypto ?? nodeCrypto,
      events: this.events,
      baseUrl: () => this.baseUrl,
      listenAuthority: () => this.authority,
      mtlsBaseUrl: () => this.mtlsBaseUrl,
      autoLoginUser: null,
    };
    this.setAutoLoginUser(options.autoLoginUser || null); // '' means none
  }

  /** Approve every authorization as `user` without the login page, or show the page again (null). */
  setAutoLoginUser(user: string | null): void {
    setAutoLoginUser(this.context, user);
  }

  get running(): boolean {
    return this.server !== null;
  }

  get port(): number {
    if (!this.address) throw new Error('The mock provider is not running; call start() first.');
    return this.address.port;
  }

  /** The address the server listens on, which a Host header may name besides the loopback names. */
  private get boundHost(): string {
    return this.address?.host ?? '127.0.0.1';
  }

  private get displayHost(): string {
    const h = this.address?.host ?? '127.0.0.1';
    return h.includes(':') ? `[${h}]` : h;
  }

  /** `http://127.0.0.1:PORT`. */
  get baseUrl(): string {
    if (!this.address) throw new Error('The mock provider is not running; call start() first.');
    return `http://${this.displayHost}:${this.address.port}`;
  }

  /** `https://127.0.0.1:PORT`, the mutual-TLS port, or null when the provider has no CA or is not running. */
  get mtlsBaseUrl(): string | null {
    return this.tlsServer ? `https://${this.displayHost}:${this.tlsServer.port}` : null;
  }

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  async start(opts: StartOptions = {}): Promise<string> {
    if (this.server) return this.baseUrl;
    const host = opts.host ?? '127.0.0.1';
    const server = await startHttpServer(this.listenOptions(host, opts.port ?? 0));
    this.server = server;
    this.address = { host, port: server.port };
    this.authority = `${this.displayHost}:${server.port}`;
    if (this.options.tls) {
      this.serverCertificate ??= issueServerCertificate(this.options.tls.ca);
      try {
        const tls = { ca: this.options.tls.ca, server: this.serverCertificate };
        this.tlsServer = await startHttpServer(this.listenOptions(host, opts.tlsPort ?? 0, tls));
      } catch (e) {
        await this.stop();
        throw e;
      }
    }
    return this.baseUrl;
  }

  private listenOptions(host: string, port: number, tls?: { ca: PemPair; server: PemPair }): HttpServerOptions {
    return listenOptions(
      host,
      port,
      this.options.timeouts ?? {},
      (req, res) => this.onRequest(req, res),
      (req, socket) => this.onConnect(req, socket),
      tls
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    const tlsServer = this.tlsServer;
    if (!server) return;
    this.server = null;
    this.tlsServer = null;
    for (const s of [...this.streams]) s.end();
    await Promise.all([server.close(), tlsServer?.close()]);
  }

  /** CONNECT is refused on the socket (socket-replies.ts) and published like any other request. */
  private onConnect(req: IncomingMessage, socket: Socket): void {
    const started = performance.now();
    const startedAt = Date.now();
    const client = clientOf(socket);
    const handled = refuseConnect(socket);
    this.publish(makeRequest('CONNECT', req.url ?? '', req.rawHeaders, NO_BODY), handled, started, startedAt, client);
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const startedAt = Date.now();
    const client = clientOf(req.socket);
    req.on('error', () => {});
    res.on('error', () => {});
    const target = req.url ?? '/';
    if (req.method === 'GET' && (target === '/_mock/events' || target.startsWith('/_mock/events?'))) {
      const request = makeRequest('GET', target, req.rawHeaders, NO_BODY);
      const refusal = misdirected(request, this.context, this.boundHost);
      if (refusal) {
        this.send(res, refusal.reply);
        this.publish(request, refusal, started, startedAt, client);
      } else openEventStream(req, res, this.events, this.streams);
      return;
    }
    const declared = declaredLength(req.rawHeaders);
    if (declared > this.bodyLimit) {
      this.tooLarge(req, res, started, startedAt, client);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > this.bodyLimit) {
        over = true;
        this.tooLarge(req, res, started, startedAt, client);
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) return;
      const request = makeRequest(
        req.method ?? 'GET',
        target,
        req.rawHeaders,
        chunks.length === 0 ? NO_BODY : Buffer.concat(chunks),
        peerCertificateOf(req.socket)
      );
      const handled = routeSafely(request, this.context, this.boundHost);
      // Handlers that fetch a document or keys answer later; the rest (every OAuth 1.0a leg among them) at once.
      if (handled instanceof Promise)
        void handled.then((h) => this.answer(res, request, h, started, startedAt, client));
      else this.answer(res, request, handled, started, startedAt, client);
    });
  }

  private tooLarge(
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    startedAt: number,
    client: SocketEnd | null
  ): void {
    const reply = oauth2Error(
      413,
      'invalid_request',
      `The request body exceeds the limit of ${this.bodyLimit} bytes.`,
      [['Connection', 'close']]
    );
    this.send(res, reply);
    // Keep reading (and dropping) what the client still sends so it can read the 413 before the connection closes.
    req.resume();
    const request = makeRequest(req.method ?? 'GET', req.url ?? '/', req.rawHeaders, Buffer.alloc(0));
    this.publish(
      request,
      {
        endpoint: 'mock.body_limit',
        reply,
        verdict: { ok: false, reason: 'payload_too_large', message: 'Request body over the limit.' },
      },
      started,
      startedAt,
      client
    );
  }

  private answer(
    res: ServerResponse,
    request: ProviderRequest,
    handled: Handled,
    started: number,
    startedAt: number,
    client: SocketEnd | null
  ): void {
    this.send(res, handled.reply);
    this.publish(request, handled, started, startedAt, client);
  }

  private send(res: ServerResponse, reply: Reply): void {
    if (res.headersSent) return;
    res.writeHead(reply.status, wireHeaders(reply));
    res.end(reply.body);
  }

  private publish(
    request: ProviderRequest,
    handled: Handled,
    started: number,
    startedAt: number,
    client: SocketEnd | null
  ): void {
    this.events.publish(
      eventRecord(
        request,
        handled,
        this.clock.now(),
        this.context.listenAuthority,
        performance.now() - started,
        startedAt,
        client
      )
    );
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeHandlers } from '../../shared/bridge/api';
import { startHttpServer } from '../../platform/node/http-server';
import { handleCall } from './api-call';
import { HEARTBEAT_MS } from '../../platform/node/sse';
import { EventStreams, type EventFeed } from './event-stream';
import { checkHost, checkOrigin } from './guards';
import { newLaunchHostName } from './host-name';
import { BODY_LIMIT } from './request-body';
import { BASE_HEADERS, CONTENT_SECURITY_POLICY, forbid, sendError, WEB_ERROR } from './respond';
import { openStaticRoot, serveStatic, type StaticRoot } from './static-files';
import { LAUNCH_PARAM, LaunchCodes } from './launch-codes';
import { writeLaunchPage, type LaunchPage } from './launch-page';
import { checkToken, hasToken, newToken, tokenCookie, tokensEqual } from './token';
import { CONTRACT_ERROR } from '../../shared/bridge/result';

/**
 * The web host: the built renderer and the bridge contract over HTTP (calls) and Server-Sent Events
 * (events), on 127.0.0.1 only, for browser mode, under a per-launch name (host-name.ts). It holds the same secrets
 * as the app, so every request passes, in order: the Host check (that name: DNS rebinding, the cookie's scope), the
 * Origin checks (other pages), and the per-launch token.
 */
export interface WebHostOptions {
  readonly handlers: BridgeHandlers;
  readonly events: EventFeed;
  /** The renderer build (out/renderer). */
  readonly staticDir: string;
  /** 0 (the default): any free port. */
  readonly port?: number;
  /** Leave out for a fresh random token (the normal case); tests and restarts may fix one. */
  readonly token?: string;
  readonly heartbeatMs?: number;
  readonly bodyLimit?: number;
  /** How long a launch address lets a browser in (default 60 s); tests pass their clock. */
  readonly launchCodeTtlMs?: number;
  /** Where launch pages are written: leave out for the user's runtime directory (launch-page.ts). */
  readonly runtimeDir?: string;
  readonly now?: () => number;
}

export interface WebHost {
  /** `http://NAME:PORT/?token=TOKEN`: the one URL that lets a browser in. Print it; never log it elsewhere. */
  readonly url: string;
  /** `http://NAME:PORT`, NAME being `oauth-lab-<random>.localhost`, new for each launch. */
  readonly origin: string;
  /** NAME: the only Host (with the port) the host answers; it resolves to 127.0.0.1, where it listens. */
  readonly hostName: string;
  readonly port: number;
  readonly token: string;
  /**
   * `http://NAME:PORT/?launch=CODE`: the code lets one browser in, once, within a minute. What a launch page
   * carries; never on a command line.
   */
  launchUrl(): string;
  /**
   * Writes a launch page (a 0600 file that sends the browser to a fresh launch address) and returns its path, the
   * one thing to hand the browser opener. The file is removed once its code is presented, or by close().
   */
  writeLaunchPage(): Promise<string>;
  /** Ends open event streams and every connection, removes unused launch pages, then stops listening. */
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token === undefined ? newToken() : checkToken(options.token);
  const root = await openStaticRoot(options.staticDir);
  const streams = new EventStreams(options.events, options.heartbeatMs ?? HEARTBEAT_MS);
  const launchCodes = new LaunchCodes(options.launchCodeTtlMs, options.now);
  const hostName = newLaunchHostName();
  // Assigned once the port is known; onRequest reads it, and no request arrives before listening.
  // eslint-disable-next-line prefer-const
  let context: RequestContext | undefined;
  const http = await startHttpServer({
    name: 'the web host',
    port: options.port ?? 0,
    portAdvice: 'Choose another with --port, or 0 for any free one.',
    // requireHostHeader off: a request without Host gets our own 403 with the reason, like any other wrong Host.
    http: { headersTimeout: 10_000, requestTimeout: 120_000, maxHeaderSize: 16 * 1024, requireHostHeader: false },
    onRequest: (req: IncomingMessage, res: ServerResponse) => {
      req.on('error', () => {});
      res.on('error', () => {});
      route(context!, req, res).catch((e: unknown) => {
        // A bug in the host, not bad input: answer it as data rather than leave the request hanging.
        if (!res.headersSent)
          sendError(
            res,
            500,
            CONTRACT_ERROR.INTERNAL,
            `The web host failed: ${e instanceof Error ? e.message : String(e)}`
          );
        else res.destroy();
      });
    },
  });
  const port = http.port;
  context = {
    handlers: options.handlers,
    root,
    streams,
    token,
    hostName,
    port,
    bodyLimit: options.bodyLimit ?? BODY_LIMIT,
    launchCodes,
  };

  const origin = `http://${hostName}:${port}`;
  const launchUrl = (onSpent?: () => void) => `${origin}/?${LAUNCH_PARAM}=${launchCodes.issue(onSpent)}`;
  const pages = new Set<LaunchPage>();
  const removePage = (page: LaunchPage) => {
    pages.delete(page);
    page.remove();
  };
  return {
    url: `${origin}/?token=${token}`,
    origin,
    hostName,
    port,
    token,
    launchUrl: () => launchUrl(),
    async writeLaunchPage() {
      const page: LaunchPage = await writeLaunchPage(
        launchUrl(() => removePage(page)),
        options.runtimeDir
      );
      pages.add(page);
      return page.path;
    },
    async close() {
      streams.closeAll();
      for (const page of pages) removePage(page);
      return http.close();
    },
  };
}

interface RequestContext {
  readonly handlers: BridgeHandlers;
  readonly root: StaticRoot;
  readonly streams: EventStreams;
  readonly token: string;
  readonly hostName: string;
  readonly port: number;
  readonly bodyLimit: number;
  readonly launchCodes: LaunchCodes;
}

/** Refused requests leave no trace: the body is drained unread and no handler runs. */
function refuse(req: IncomingMessage, res: ServerResponse, why: string): void {
  req.resume();
  forbid(res, why);
}

async function route(ctx: RequestContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  const isApi = path === '/api' || path.startsWith('/api/');

  const host = checkHost(req, ctx.hostName, ctx.port);
  if ('refusal' in host) return refuse(req, res, host.refusal);
  const originRefusal = checkOrigin(req, host.host, isApi);
  if (originRefusal) return refuse(req, res, originRefusal);

  // The printed URL (token) or the opened one (launch code): trade it for the cookie and get it out of the address bar.
  const method = req.method ?? 'GET';
  const params = new URLSearchParams(query);
  if (path === '/' && method === 'GET' && params.has(LAUNCH_PARAM)) {
    const result = ctx.launchCodes.redeem(params.get(LAUNCH_PARAM)!);
    return result === 'ok'
      ? enter(res, ctx, 'launch page')
      : refuse(req, res, `${ctx.launchCodes.refusal(result)} ${HOW_TO_GET_IN(ctx)}`);
  }
  if (path === '/' && (method === 'GET' || method === 'HEAD') && params.has('token')) {
    if (!params.getAll('token').some((t) => tokensEqual(t, ctx.token))) {
      return refuse(
        req,
        res,
        `The token in this address is not the one of the running OAuth Lab (each launch makes a new one). ${HOW_TO_GET_IN(ctx)}`
      );
    }
    return enter(res, ctx, 'printed URL');
  }
  if (!hasToken(req, ctx.token))
    return refuse(req, res, `This OAuth Lab host needs the access token of this launch. ${HOW_TO_GET_IN(ctx)}`);

  if (isApi) {
    if (path.startsWith('/api/call/'))
      return handleCall(ctx.handlers, req, res, path.slice('/api/call/'.length), ctx.bodyLimit);
    if (path === '/api/events') {
      if (method !== 'GET') {
        req.resume();
        return sendError(res, 405, WEB_ERROR.METHOD_NOT_ALLOWED, 'The event stream is read with GET.', {
          Allow: 'GET',
        });
      }
      ctx.streams.serve(req, res);
      return;
    }
    req.resume();
    return sendError(
      res,
      404,
      CONTRACT_ERROR.NOT_FOUND,
      `There is no API at ${path}: methods are POST /api/call/<method>, events GET /api/events.`
    );
  }
  if (method !== 'GET' && method !== 'HEAD') {
    req.resume();
    return sendError(res, 405, WEB_ERROR.METHOD_NOT_ALLOWED, "OAuth Lab's page is read with GET.", {
      Allow: 'GET, HEAD',
    });
  }
  return serveStatic(ctx.root, req, res, path);
}

/**
 * The cookie, and on to / so the token or code leaves the address bar. The printed URL is typed or pasted (the
 * browser starts that navigation itself): a 303 to / carries the new cookie. A launch address comes from the launch
 * page, a file:// page, and Chromium sends no SameSite=Strict cookie anywhere in a redirect chain another site
 * started; so there the answer is a page of ours whose refresh to / is a navigation this origin starts.
 */
function enter(res: ServerResponse, ctx: RequestContext, from: 'printed URL' | 'launch page'): void {
  const headers = { ...BASE_HEADERS, 'Set-Cookie': tokenCookie(ctx.token), 'Cache-Control': 'no-store' };
  if (from === 'printed URL') {
    res.writeHead(303, { ...headers, Location: '/', 'Content-Length': '0' });
    res.end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Content-Length': String(Buffer.byteLength(ENTER_PAGE)),
  });
  res.end(ENTER_PAGE);
}
const ENTER_PAGE =
  '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>OAuth Lab</title><p>Opening OAuth Lab… <a href="/">Continue</a></p>\n';

const HOW_TO_GET_IN = (ctx: RequestContext) =>
  `Open the URL that \`oauth-lab web\` printed (http://${ctx.hostName}:${ctx.port}/?token=…) in this browser; programs send the token in the X-OAuth-Lab-Token header.`;

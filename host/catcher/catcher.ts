import type { IncomingMessage, ServerResponse } from 'node:http';
import { ListenError, LOOPBACK, startHttpServer, type HttpServer } from '../../platform/node/http-server';
import { CatcherError } from './errors';
import { WaitRegistry } from './registry';
import { handleCatcherRequest } from './request-handler';
import type { Catcher, CatcherEvent, CatcherOptions, CaughtCallback, WaitOptions, WaitTarget } from './types';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

function positive(name: string, v: number | undefined, allowZero = false): void {
  if (v !== undefined && !(Number.isFinite(v) && (allowZero ? v >= 0 : v > 0)))
    throw new CatcherError(
      'invalid_option',
      `${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of milliseconds; got ${String(v)}.`
    );
}

function validate(o: CatcherOptions): { port: number; path: string } {
  const port = o.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CatcherError(
      'invalid_option',
      `The callback port must be a whole number from 1 to 65535, or 0 for an ephemeral port; got ${String(o.port)}.`
    );
  const path = o.path ?? '/callback';
  if (!PATH.test(path))
    throw new CatcherError(
      'invalid_option',
      `The callback path ${JSON.stringify(path)} must start with "/" and contain only URL path characters (no query, fragment or spaces).`
    );
  positive('timeoutMs', o.timeoutMs);
  positive('idleCloseMs', o.idleCloseMs, true);
  return { port, path };
}

/** Listens on 127.0.0.1 only (RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3)); a bind failure becomes the catcher's own coded error. */
async function listen(
  port: number,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void
): Promise<HttpServer> {
  try {
    return await startHttpServer({
      name: 'the callback catcher',
      port,
      portAdvice: `Choose another callback port (and register the matching redirect URI http://${LOOPBACK}:<port>/... with the provider), or stop the program that uses port ${port}.`,
      http: { maxHeaderSize: 16 * 1024, headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 1_000 },
      onRequest,
    });
  } catch (e) {
    throw e instanceof ListenError ? new CatcherError(e.reason, e.message) : e;
  }
}

function validateTarget(t: WaitTarget): void {
  if (t.kind === 'oauth1' && t.requestToken === '')
    throw new CatcherError(
      'invalid_option',
      'The request token to wait for is empty; run step one (temporary credentials) first.'
    );
  if (t.kind === 'oauth2' && t.state === '')
    throw new CatcherError(
      'invalid_option',
      'The state to wait for is empty; use a random state (RFC 6749 §10.12) or null when the flow sends none.'
    );
}

/**
 * Starts the RFC 8252 loopback callback catcher on 127.0.0.1. Several flows may wait at once. How a request is answered:
 * - Host not `127.0.0.1:<port>` / `localhost:<port>` / `[::1]:<port>` → 421 (DNS rebinding); other path → 404;
 *   not GET → 405. None of these consumes a wait.
 * - No authorization-response parameter at all (code, state, error, iss, oauth_token, oauth_verifier, denied,
 *   oauth_problem) → 400; nothing consumed.
 * - `state` (OAuth 2) or `oauth_token` / `denied` (OAuth 1.0a), appearing once, equal to a pending wait's → delivered
 *   to that wait with its checks; 200 when the flow may continue, 400 otherwise.
 * - The key of a wait that already finished → 409 "already handled" (or 410 when it timed out / was cancelled).
 * - Anything else (no state or oauth_token, or one no flow is waiting for) → 400 and an `unmatched` event (a rejected
 *   attempt, with what it carried); no wait is consumed, so the flows keep waiting for their own callbacks. Any web
 *   page can make the browser request this URL (an `<img>`), but only the provider knows a flow's state or request
 *   token (RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12), RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2)), so only the genuine callback ends a flow.
 */
export async function startCatcher(options: CatcherOptions = {}): Promise<Catcher> {
  const { port: wantedPort, path } = validate(options);
  const now = options.now ?? Date.now;
  const emit = (e: CatcherEvent) => options.onEvent?.(e);
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;

  // Small limits: a callback is one short GET (provider-cases.md (b), "Cap request-line and header sizes").
  const http = await listen(wantedPort, onRequest);
  const port = http.port;
  const redirectUri = `http://${LOOPBACK}:${port}${path}`;
  const allowedHosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`, `[::1]:${port}`]);

  const close = (): Promise<void> => {
    if (closing) return closing;
    closed = true;
    clearTimeout(idleTimer);
    registry.rejectAll(
      new CatcherError(
        'catcher_closed',
        `The callback catcher on ${redirectUri} was closed before the callback arrived.`
      )
    );
    closing = http.close();
    return closing;
  };

  const registry = new WaitRegistry(redirectUri, () => {
    if (closed || options.idleCloseMs === undefined) return;
    idleTimer = setTimeout(() => void close(), options.idleCloseMs);
  });

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    handleCatcherRequest(req, res, { path, allowedHosts, registry, emit, now });
  }

  return {
    host: LOOPBACK,
    port,
    path,
    redirectUri,
    get pending() {
      return registry.size;
    },
    get closed() {
      return closed;
    },
    wait(target: WaitTarget, waitOptions: WaitOptions = {}): Promise<CaughtCallback> {
      try {
        validateTarget(target);
        positive('timeoutMs', waitOptions.timeoutMs);
      } catch (e) {
        return Promise.reject(e);
      }
      if (closed)
        return Promise.reject(
          new CatcherError(
            'catcher_closed',
            `The callback catcher on ${redirectUri} is closed; start a new one for this flow.`
          )
        );
      clearTimeout(idleTimer);
      return registry.add(target, waitOptions.timeoutMs ?? defaultTimeout, waitOptions.signal);
    },
    close,
  };
}

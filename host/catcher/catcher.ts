import type { IncomingMessage, ServerResponse } from 'node:http';
import { ListenError, LOOPBACK, startHttpServer, type HttpServer } from '../http-server';
import { CatcherError } from './errors';
import { evaluate, type Hit } from './evaluate';
import { sendPage } from './page';
import { resultPage, PAGES } from './pages';
import { parseCallbackQuery } from '../../shared/flows/callback-query';
import { looksLikeAuthorizationResponse } from './query';
import { WaitRegistry } from './registry';
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

  const reject = (
    res: ServerResponse,
    req: IncomingMessage,
    p: string,
    reason: 'not_found' | 'method_not_allowed' | 'bad_host'
  ) => {
    const page = PAGES[reason];
    sendPage(res, page.status, page.content, reason === 'method_not_allowed' ? { Allow: 'GET' } : {});
    emit({ type: 'rejected', at: now(), reason, status: page.status, method: req.method ?? '', path: p });
  };

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const target = req.url ?? '';
    const q = target.indexOf('?');
    const p = q < 0 ? target : target.slice(0, q);
    // C-11: a Host other than our loopback address means DNS rebinding or a misdirected request.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return reject(res, req, p, 'bad_host');
    if (p !== path) return reject(res, req, p, 'not_found');
    if (req.method !== 'GET') return reject(res, req, p, 'method_not_allowed');

    const query = q < 0 ? '' : target.slice(q + 1);
    const hit: Hit = {
      url: `http://${req.headers.host}${target}`,
      path: p,
      query,
      parsed: parseCallbackQuery(query),
      receivedAt: now(),
    };
    const params = hit.parsed.params;
    const report = (outcome: Extract<CatcherEvent, { type: 'callback' }>['outcome'], status: number) =>
      emit({ type: 'callback', at: hit.receivedAt, outcome, status, url: hit.url, params });
    const answer = (page: { status: number; content: Parameters<typeof sendPage>[2] }) =>
      sendPage(res, page.status, page.content);

    if (!looksLikeAuthorizationResponse(params)) {
      answer(PAGES.not_authorization_response);
      return report('not_authorization_response', PAGES.not_authorization_response.status);
    }
    const found = registry.lookup(params);
    if (found.type === 'finished') {
      const page = found.outcome === 'handled' ? PAGES.already_handled : PAGES.expired;
      answer(page);
      return report(found.outcome === 'handled' ? 'already_handled' : 'expired', page.status);
    }
    if (found.type === 'none') {
      answer(PAGES.unmatched);
      return report('unmatched', PAGES.unmatched.status);
    }
    const result = evaluate(hit, found.target, found.matchedBy);
    const page = resultPage(result);
    answer(page);
    report('matched', page.status);
    registry.deliver(found.key, result);
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

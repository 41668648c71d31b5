import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCallbackQuery } from '../../shared/flows/callback-query';
import { evaluate, type Hit } from './evaluate';
import { sendPage } from './page';
import { resultPage, PAGES } from './pages';
import { looksLikeAuthorizationResponse } from './query';
import type { WaitRegistry } from './registry';
import type { CatcherEvent } from './types';

/** What the catcher's request handler reads: where it listens and the flows waiting. */
export interface CatcherRoutes {
  readonly path: string;
  /** `127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`. */
  readonly allowedHosts: ReadonlySet<string>;
  readonly registry: WaitRegistry;
  readonly emit: (e: CatcherEvent) => void;
  readonly now: () => number;
}

/** Answers a request that is not a callback (wrong Host, path or method) and reports it; no wait is consumed. */
function rejectRequest(
  res: ServerResponse,
  req: IncomingMessage,
  p: string,
  reason: 'not_found' | 'method_not_allowed' | 'bad_host',
  { emit, now }: CatcherRoutes
): void {
  const page = PAGES[reason];
  sendPage(res, page.status, page.content, reason === 'method_not_allowed' ? { Allow: 'GET' } : {});
  emit({ type: 'rejected', at: now(), reason, status: page.status, method: req.method ?? '', path: p });
}

/** Answers a GET on the callback path: delivered to the wait its state or request token names, or refused. */
function answerCallback(hit: Hit, res: ServerResponse, { registry, emit }: CatcherRoutes): void {
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

/** Every request the catcher receives: see startCatcher (catcher.ts) for how each is answered. */
export function handleCatcherRequest(req: IncomingMessage, res: ServerResponse, routes: CatcherRoutes): void {
  const target = req.url ?? '';
  const q = target.indexOf('?');
  const p = q < 0 ? target : target.slice(0, q);
  // C-11: a Host other than our loopback address means DNS rebinding or a misdirected request.
  if (!routes.allowedHosts.has((req.headers.host ?? '').toLowerCase()))
    return rejectRequest(res, req, p, 'bad_host', routes);
  if (p !== routes.path) return rejectRequest(res, req, p, 'not_found', routes);
  if (req.method !== 'GET') return rejectRequest(res, req, p, 'method_not_allowed', routes);

  const query = q < 0 ? '' : target.slice(q + 1);
  answerCallback(
    {
      url: `http://${req.headers.host}${target}`,
      path: p,
      query,
      parsed: parseCallbackQuery(query),
      receivedAt: routes.now(),
    },
    res,
    routes
  );
}

import { SEED } from '../shared/seed';
import { documentRefusal } from './client-metadata-document';
import { findClient } from './clients';
import type { ClientConfig } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { decodeParams, redirectReply, type ProviderRequest } from './http';
import { checkUser, errorPage, LOGIN_PAGE_TTL_MS, loginHint, loginPage } from './login-page';
import { readLoginSubmission } from './login-form';
import { appendQuery } from './redirect-uri';
import { isLax } from './lax';
import {
  checkAuthorizationRequest,
  type AuthorizationCheck,
  type AuthorizationParams,
  type PendingAuthorization,
} from './authorization-request-check';
import { PAR_PATH, REQUEST_URI_PREFIX, takePushedRequest } from './pushed-authorization';
import { readRequestObject } from './request-object';

/**
 * OAuth 2 step one (interface §4.2, RFC 6749 §4.1.1–§4.1.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1)). Client and redirect URI problems get an error page and
 * never a redirect; every later problem is redirected to the validated redirect URI with `error` and `state`.
 */
const endpoint = SEED.endpoints.oauth2Authorize.id;
type Pending2 = PendingAuthorization;

const page = (
  status: number,
  message: string,
  headers: [string, string][] = [],
  reason = 'invalid_request'
): Handled => ({
  endpoint,
  reply: errorPage(status, status === 405 ? 'Method not allowed' : 'Bad authorization request', message, headers),
  verdict: refused(reason, message),
});

function redirectWith(
  ctx: ProviderContext,
  redirectUri: string,
  state: string | null,
  params: [string, string][]
): string {
  const all: [string, string][] = [...params];
  const sw = ctx.settings.switches;
  // Lax state-not-echoed and iss-missing-in-response: the response RFC 6749 §4.1.2 and RFC 9207 §2 require, cut short.
  if (state !== null && !isLax(sw, 'state-not-echoed')) all.push(['state', state]);
  if (sw.issParameter && !isLax(sw, 'iss-missing-in-response')) all.push(['iss', ctx.baseUrl()]);
  return appendQuery(redirectUri, all);
}

function errorRedirect(
  ctx: ProviderContext,
  redirectUri: string,
  state: string | null,
  error: string,
  description: string,
  status: 302 | 303 = 302
): Handled {
  return {
    endpoint,
    reply: redirectReply(
      status,
      redirectWith(ctx, redirectUri, state, [
        ['error', error],
        ['error_description', description],
      ])
    ),
    verdict: refused(error, description),
  };
}

function issueCode(ctx: ProviderContext, p: Pending2, username: string, status: 302 | 303): Handled {
  const now = ctx.clock.now();
  const code = {
    code: ctx.state.newSecret(32, 'c-'),
    grantId: ctx.state.newSecret(9, 'g-'),
    clientId: p.clientId,
    redirectUri: p.redirectUri,
    scope: p.scope,
    username,
    pkce: p.pkce,
    nonce: p.nonce,
    resource: p.resource ?? null,
    dpopJkt: p.dpopJkt ?? null,
    issuedAt: now,
    expiresAt: now + ctx.settings.lifetimes.codeTtl * 1000,
    status: 'issued' as const,
  };
  ctx.state.addCode(code);
  return {
    endpoint,
    reply: redirectReply(status, redirectWith(ctx, p.redirectUri, p.state, [['code', code.code]])),
    verdict: ok(
      `User ${username} approved client ${p.clientId}; code issued (valid ${ctx.settings.lifetimes.codeTtl} s, single use)${p.dpopJkt ? `, bound to DPoP key ${p.dpopJkt} (RFC 9449 §10)` : ''}.`
    ),
  };
}

const details = (p: Pending2): [string, string][] => [
  ['Client', p.clientId],
  ['Scope', p.scope || '(none)'],
  ['Returns to', p.redirectUri],
];

export async function oauth2Authorize(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  if (req.method === 'POST') return submit(req, ctx);
  if (req.method !== 'GET')
    return page(405, `${req.method} is not accepted here; the user's browser opens this page with GET.`, [
      ['Allow', 'GET, POST'],
    ]);
  // RFC 6749 §4.1.1 / Appendix B: the query is application/x-www-form-urlencoded, so '+' is a space.
  const q = decodeParams(req.query ?? '', true, 'query');
  if (!q.ok) return page(400, q.message);
  // RFC 6749 §3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1): parameters sent without a value are treated as omitted; none may appear twice.
  const value = (n: string) => q.params.find(([k, v]) => k === n && v !== '')?.[1];
  if (q.params.filter(([k]) => k === 'client_id').length > 1)
    return page(400, 'client_id appears more than once (RFC 6749 §3.1).');
  const clientId = value('client_id');
  if (!clientId)
    return page(400, 'client_id is missing; it identifies the application (interface §4.2, RFC 6749 §4.1.1).');
  const client = findClient(ctx, clientId);
  const refusedDocument = client ? null : documentRefusal(ctx, clientId);
  if (refusedDocument)
    return page(400, `client_id ${clientId} names a client ID metadata document, refused: ${refusedDocument}`);
  if (!client) return page(400, `client_id ${JSON.stringify(clientId)} is not a client of this provider.`);
  const pending = await authorizationOf(ctx, client, q.params, value);
  if ('page' in pending) return page(400, pending.page, [], pending.reason);
  if (!pending.ok) {
    if (pending.redirectUri === null) return page(400, pending.description);
    return errorRedirect(ctx, pending.redirectUri, pending.state, pending.error, pending.description);
  }
  return showLogin(ctx, pending.pending);
}

/**
 * The request to authorize: pushed earlier and named by request_uri (RFC 9126 §4), in a request object sent by value
 * (RFC 9101 §5: its claims, and only they), or the query itself. A refusal of the first two is an error page: the
 * redirect URI they would name is not trusted.
 */
async function authorizationOf(
  ctx: ProviderContext,
  client: ClientConfig,
  query: AuthorizationParams,
  value: (name: string) => string | undefined
): Promise<AuthorizationCheck | { page: string; reason: string }> {
  const requestUri = value('request_uri');
  const request = value('request');
  if (requestUri !== undefined && request !== undefined)
    return { page: 'request and request_uri must not both be sent (RFC 9101 §5).', reason: 'invalid_request' };
  if (requestUri !== undefined) {
    if (!requestUri.startsWith(REQUEST_URI_PREFIX))
      return {
        page: `request_uri ${JSON.stringify(requestUri)} is not one this provider pushed; it takes only ${REQUEST_URI_PREFIX}… from ${ctx.baseUrl() + PAR_PATH} and fetches no request object (RFC 9126 §4).`,
        reason: 'invalid_request_uri',
      };
    const taken = takePushedRequest(ctx, client, requestUri);
    if (!taken.ok) return { page: taken.message, reason: 'invalid_request_uri' };
    return { ok: true, pending: { ...taken.pending, expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS } };
  }
  // RFC 9126 §6 (https://www.rfc-editor.org/rfc/rfc9126#section-6): a client (or provider) that requires PAR starts only with a pushed request.
  // Lax par-required-not-enforced: the provider-wide requirement advertised (RFC 9126 §5) but not kept.
  const sw = ctx.settings.switches;
  const providerRequires = sw.requirePushedAuthorizationRequests && !isLax(sw, 'par-required-not-enforced');
  if (client.requirePushedAuthorizationRequests || providerRequires)
    return {
      page: `${client.requirePushedAuthorizationRequests ? `Client ${client.id}` : 'This provider (switch requirePushedAuthorizationRequests)'} requires pushed authorization requests: push the request to ${ctx.baseUrl() + PAR_PATH} and send only client_id and request_uri here (RFC 9126 §6, §5).`,
      reason: 'invalid_request',
    };
  if (request === undefined) {
    if (client.requireSignedRequestObject)
      return {
        page: `Client ${client.id} requires a signed request object (require_signed_request_object, RFC 9101 §10.5); send it as request, or push it.`,
        reason: 'invalid_request',
      };
    return checkAuthorizationRequest(ctx, client, query);
  }
  const read = await readRequestObject(ctx, client, request);
  if (!read.ok) return { page: read.message, reason: 'invalid_request_object' };
  return checkAuthorizationRequest(ctx, client, read.params);
}

function showLogin(ctx: ProviderContext, pending: Pending2): Handled {
  if (ctx.autoLoginUser) return issueCode(ctx, pending, ctx.autoLoginUser, 302);
  const csrf = ctx.state.newSecret(16);
  ctx.state.addPendingLogin(csrf, pending);
  return {
    endpoint,
    reply: loginPage(200, {
      hint: loginHint(ctx),
      action: SEED.endpoints.oauth2Authorize.path,
      csrf,
      heading: `The application ${pending.clientId} asks to act on your behalf (OAuth 2).`,
      details: details(pending),
    }),
    verdict: ok(`Login page shown for client ${pending.clientId}.`),
  };
}

function submit(req: ProviderRequest, ctx: ProviderContext): Handled {
  const s = readLoginSubmission(req, ctx, 'oauth2');
  if (!s.ok) return page(s.status, s.message);
  const pending = s.pending as Pending2;
  // RFC 9700 §4.12 (https://www.rfc-editor.org/rfc/rfc9700#section-4.12): answer a credential POST with 303, never 307.
  if (s.decision === 'deny')
    return errorRedirect(ctx, pending.redirectUri, pending.state, 'access_denied', 'The user denied the request.', 303);
  if (!checkUser(ctx, s.username, s.password)) {
    const csrf = ctx.state.newSecret(16);
    ctx.state.addPendingLogin(csrf, { ...pending, expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS });
    const message = 'Unknown username or wrong password.';
    return {
      endpoint,
      reply: loginPage(401, {
        hint: loginHint(ctx),
        action: SEED.endpoints.oauth2Authorize.path,
        csrf,
        heading: `The application ${pending.clientId} asks to act on your behalf (OAuth 2).`,
        details: details(pending),
        error: message,
        username: s.username,
      }),
      verdict: refused('login_failed', message),
    };
  }
  return issueCode(ctx, pending, s.username, 303);
}

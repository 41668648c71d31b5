import { PKCE_VALUE_SYNTAX } from '../../../shared/oauth2/pkce';
import { SEED } from '../../../shared/seed';
import { findClient } from './clients';
import type { ClientConfig } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { decodeParams, redirectReply, type ProviderRequest } from './http';
import { checkUser, errorPage, LOGIN_PAGE_TTL_MS, loginHint, loginPage } from './login-page';
import { readLoginSubmission } from './login-form';
import { appendQuery, matchRegisteredUri } from './redirect-uri';
import type { PendingLogin, PkceBinding } from './state';

/**
 * OAuth 2 step one (interface §4.2, RFC 6749 §4.1.1–§4.1.2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1)). Client and redirect URI problems get an error page and
 * never a redirect; every later problem is redirected to the validated redirect URI with `error` and `state`.
 */
const endpoint = SEED.endpoints.oauth2Authorize.id;
type Pending2 = Extract<PendingLogin, { kind: 'oauth2' }>;

const page = (status: number, message: string, headers: [string, string][] = []): Handled => ({
  endpoint,
  reply: errorPage(status, status === 405 ? 'Method not allowed' : 'Bad authorization request', message, headers),
  verdict: refused('invalid_request', message),
});

function redirectWith(
  ctx: ProviderContext,
  redirectUri: string,
  state: string | null,
  params: [string, string][]
): string {
  const all: [string, string][] = [...params];
  if (state !== null) all.push(['state', state]);
  if (ctx.settings.switches.issParameter) all.push(['iss', ctx.baseUrl()]);
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
    issuedAt: now,
    expiresAt: now + ctx.settings.lifetimes.codeTtl * 1000,
    status: 'issued' as const,
  };
  ctx.state.addCode(code);
  return {
    endpoint,
    reply: redirectReply(status, redirectWith(ctx, p.redirectUri, p.state, [['code', code.code]])),
    verdict: ok(
      `User ${username} approved client ${p.clientId}; code issued (valid ${ctx.settings.lifetimes.codeTtl} s, single use).`
    ),
  };
}

const details = (p: Pending2): [string, string][] => [
  ['Client', p.clientId],
  ['Scope', p.scope || '(none)'],
  ['Returns to', p.redirectUri],
];

export function oauth2Authorize(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method === 'POST') return submit(req, ctx);
  if (req.method !== 'GET')
    return page(405, `${req.method} is not accepted here; the user's browser opens this page with GET.`, [
      ['Allow', 'GET, POST'],
    ]);
  // RFC 6749 §4.1.1 / Appendix B: the query is application/x-www-form-urlencoded, so '+' is a space.
  const q = decodeParams(req.query ?? '', true, 'query');
  if (!q.ok) return page(400, q.message);
  // RFC 6749 §3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-3.1): parameters sent without a value are treated as omitted; none may appear twice.
  const values = (n: string) => q.params.filter(([k, v]) => k === n && v !== '').map(([, v]) => v);
  const dup = (n: string) => q.params.filter(([k]) => k === n).length > 1;
  for (const n of ['client_id', 'redirect_uri'])
    if (dup(n)) return page(400, `${n} appears more than once (RFC 6749 §3.1).`);
  const clientId = values('client_id')[0];
  if (!clientId)
    return page(400, 'client_id is missing; it identifies the application (interface §4.2, RFC 6749 §4.1.1).');
  const client = findClient(ctx, clientId);
  if (!client) return page(400, `client_id ${JSON.stringify(clientId)} is not a client of this provider.`);
  const redirectUri = values('redirect_uri')[0];
  if (!redirectUri) return page(400, 'redirect_uri is missing; the service requires it (interface §4.2).');
  const match = matchRegisteredUri(client.redirectUris, redirectUri, `client ${JSON.stringify(client.id)}`);
  if (!match.ok) return page(400, `redirect_uri ${match.reason}.`);

  const repeated = [...new Set(q.params.map(([k]) => k))].filter(dup);
  const state = dup('state') ? null : (values('state')[0] ?? null);
  const fail = (error: string, description: string) => errorRedirect(ctx, redirectUri, state, error, description);
  if (repeated.length)
    return fail(
      'invalid_request',
      `${repeated.join(', ')} appear${repeated.length > 1 ? '' : 's'} more than once (RFC 6749 §3.1).`
    );
  const responseType = values('response_type')[0];
  if (!responseType)
    return fail(
      'invalid_request',
      'response_type is missing; the service expects response_type=code (interface §4.2).'
    );
  if (responseType !== 'code')
    return fail(
      'unsupported_response_type',
      `response_type ${JSON.stringify(responseType)} is not supported; only code (the authorization code grant) is.`
    );
  const grantType = values('grant_type')[0];
  if (grantType !== undefined && grantType !== 'authorization_code')
    return fail(
      'invalid_request',
      `grant_type, when sent, must be authorization_code (interface §4.2); got ${JSON.stringify(grantType)}.`
    );
  if (!client.grantTypes.includes('authorization_code'))
    return fail('unauthorized_client', `Client ${client.id} may not use the authorization code grant.`);
  if (state === null && ctx.settings.switches.requireState)
    return fail(
      'invalid_request',
      'state is missing; the service requires a unique state per request (interface §4.2, RFC 6749 §10.12).'
    );
  const scope = (values('scope')[0] ?? '').split(' ').filter((s) => s !== '');
  const unknown = scope.filter((s) => !ctx.config.oauth2.scopes.includes(s));
  if (unknown.length)
    return fail(
      'invalid_scope',
      `Unknown scope ${unknown.join(' ')}; this provider knows ${ctx.config.oauth2.scopes.join(' ')}.`
    );
  const pkce = checkPkce(ctx, client, values('code_challenge')[0], values('code_challenge_method')[0]);
  if (typeof pkce === 'string') return fail('invalid_request', pkce);

  // OpenID Connect (OIDC Core §3.1.2.1): a nonce is kept with the code and echoed in the id_token.
  const pending: Pending2 = {
    kind: 'oauth2',
    clientId: client.id,
    redirectUri,
    state,
    scope: [...new Set(scope)].join(' '),
    pkce,
    nonce: values('nonce')[0] ?? null,
    expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS,
  };
  if (ctx.autoLoginUser) return issueCode(ctx, pending, ctx.autoLoginUser, 302);
  const csrf = ctx.state.newSecret(16);
  ctx.state.addPendingLogin(csrf, pending);
  return {
    endpoint,
    reply: loginPage(200, {
      hint: loginHint(ctx),
      action: SEED.endpoints.oauth2Authorize.path,
      csrf,
      heading: `The application ${client.id} asks to act on your behalf (OAuth 2).`,
      details: details(pending),
    }),
    verdict: ok(`Login page shown for client ${client.id}.`),
  };
}

/** RFC 7636 §4.3 (https://www.rfc-editor.org/rfc/rfc7636#section-4.3) / §4.4.1, RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1). Returns the binding to store, or why the request is refused. */
function checkPkce(
  ctx: ProviderContext,
  client: ClientConfig,
  challenge: string | undefined,
  method: string | undefined
): PkceBinding | null | string {
  if (challenge === undefined) {
    if (method !== undefined) return 'code_challenge_method was sent without code_challenge (RFC 7636 §4.3).';
    if (!client.secret)
      return 'code_challenge is required: this client has no secret, so it must use PKCE (RFC 7636, RFC 9700 §2.1.1).';
    if (ctx.settings.switches.requirePkce)
      return 'code_challenge is required by this provider (switch requirePkce, RFC 9700 §2.1.1).';
    return null;
  }
  const m = method ?? 'plain';
  if (m !== 'S256' && m !== 'plain')
    return `code_challenge_method ${JSON.stringify(m)}: transform algorithm not supported; use S256 (RFC 7636 §4.3).`;
  if (m === 'plain' && !ctx.settings.switches.allowPlainPkce)
    return 'code_challenge_method plain is not accepted by this provider (switch allowPlainPkce); use S256 (RFC 7636 §4.2).';
  if (!PKCE_VALUE_SYNTAX.test(challenge))
    return `code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.2); got ${challenge.length} characters.`;
  return { challenge, method: m };
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

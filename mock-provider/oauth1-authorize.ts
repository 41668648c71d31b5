import { SEED } from '../shared/seed';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { decodeParams, redirectReply, type ProviderRequest } from './http';
import { checkUser, errorPage, htmlPage, LOGIN_PAGE_TTL_MS, loginHint, loginPage, verifierPage } from './login-page';
import { readLoginSubmission } from './login-form';
import { checkOAuth1Callback } from './oauth1-callback';
import { appendQuery } from './redirect-uri';
import type { RequestToken } from './state';

/** OAuth 1.0a step two (interface §4.1, RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2)): login, approve or deny, then redirect or show the verifier. */
const endpoint = SEED.endpoints.oauth1Authorize.id;
const DENIED =
  'On denial the mock redirects with denied=<request token> (RFC 5849 defines no denial response; a common provider convention).';

const page = (status: number, title: string, message: string, headers: [string, string][] = []): Handled => ({
  endpoint,
  reply: errorPage(status, title, message, headers),
  verdict: refused('invalid_request', message),
});

function usableToken(ctx: ProviderContext, token: string | undefined): RequestToken | string {
  if (!token)
    return 'The oauth_token parameter is missing; the application must send the request token from step one (RFC 5849 §2.2).';
  const rt = ctx.state.requestTokens.get(token);
  if (!rt) return 'This oauth_token is not a request token issued by this provider.';
  if (rt.status === 'exchanged' || rt.status === 'authorized')
    return 'This request token was already authorized; a request token is authorized only once.';
  if (rt.status === 'denied') return 'Access was already denied for this request token.';
  if (ctx.state.isExpired(rt))
    return `This request token expired at ${new Date(rt.expiresAt).toISOString()}; the application must start again.`;
  return rt;
}

/** Approves as `username`: a verifier is issued and the user goes back to the callback (or sees the verifier for oob). */
function approve(
  ctx: ProviderContext,
  rt: RequestToken,
  username: string,
  callback: string,
  status: 302 | 303
): Handled {
  rt.status = 'authorized';
  rt.username = username;
  rt.verifier = ctx.state.newSecret(16);
  if (callback === 'oob')
    return {
      endpoint,
      reply: verifierPage(rt.verifier, rt.token),
      verdict: ok(`User ${username} approved request token ${rt.token}; out-of-band verifier shown.`),
    };
  const location = appendQuery(callback, [
    ['oauth_token', rt.token],
    ['oauth_verifier', rt.verifier],
  ]);
  return {
    endpoint,
    reply: redirectReply(status, location),
    verdict: ok(`User ${username} approved request token ${rt.token}; redirecting to the callback.`),
  };
}

export function oauth1Authorize(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method === 'POST') return submit(req, ctx);
  if (req.method !== 'GET')
    return page(
      405,
      'Method not allowed',
      `${req.method} is not accepted here; the user's browser opens this page with GET.`,
      [['Allow', 'GET, POST']]
    );
  const q = decodeParams(req.query ?? '', true, 'query');
  if (!q.ok) return page(400, 'Bad request', q.message);
  const all = (n: string) => q.params.filter(([k]) => k === n).map(([, v]) => v);
  for (const n of ['oauth_token', 'oauth_callback'])
    if (all(n).length > 1) return page(400, 'Bad request', `${n} appears more than once.`);
  const rt = usableToken(ctx, all('oauth_token')[0] || undefined);
  if (typeof rt === 'string') return page(400, 'Cannot authorize', rt);
  const consumer = ctx.config.oauth1.consumers.find((c) => c.key === rt.consumerKey);
  const queryCallback = all('oauth_callback')[0] || undefined;
  if (queryCallback !== undefined) {
    const why = checkOAuth1Callback(queryCallback, consumer, ctx.settings.switches.oauth1Callback);
    if (why) return page(400, 'Bad callback', why);
  }
  // Interface §4.1: the callback of the query when given, else the one from step one (the consumer's configured one).
  const callback = queryCallback ?? rt.callback;
  if (ctx.autoLoginUser) return approve(ctx, rt, ctx.autoLoginUser, callback, 302);
  const csrf = ctx.state.newSecret(16);
  ctx.state.addPendingLogin(csrf, {
    kind: 'oauth1',
    requestToken: rt.token,
    callback,
    expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS,
  });
  return {
    endpoint,
    reply: loginPage(200, {
      hint: loginHint(ctx),
      action: SEED.endpoints.oauth1Authorize.path,
      csrf,
      heading: `The application ${rt.consumerKey} asks to act on your behalf (OAuth 1.0a).`,
      details: [
        ['Consumer', rt.consumerKey],
        ['Request token', rt.token],
        ['Returns to', callback === 'oob' ? 'out of band (the verifier is shown here)' : callback],
      ],
    }),
    verdict: ok(`Login page shown for request token ${rt.token}.`),
  };
}

function submit(req: ProviderRequest, ctx: ProviderContext): Handled {
  const s = readLoginSubmission(req, ctx, 'oauth1');
  if (!s.ok) return page(s.status, s.status === 403 ? 'Forbidden' : 'Bad request', s.message);
  const pending = s.pending as Extract<typeof s.pending, { kind: 'oauth1' }>;
  const rt = usableToken(ctx, pending.requestToken);
  if (typeof rt === 'string') return page(400, 'Cannot authorize', rt);
  if (s.decision === 'deny') {
    rt.status = 'denied';
    const verdict = refused('user_refused', `The user denied request token ${rt.token}.`);
    if (pending.callback === 'oob')
      return {
        endpoint,
        reply: htmlPage(200, 'Access denied', '<p>You denied access. You can close this window.</p>'),
        verdict,
      };
    return {
      endpoint,
      reply: redirectReply(303, appendQuery(pending.callback, [['denied', rt.token]])),
      verdict,
      assumptions: [DENIED],
    };
  }
  if (!checkUser(ctx, s.username, s.password)) {
    const csrf = ctx.state.newSecret(16);
    ctx.state.addPendingLogin(csrf, { ...pending, expiresAt: ctx.clock.now() + LOGIN_PAGE_TTL_MS });
    const message = 'Unknown username or wrong password.';
    return {
      endpoint,
      reply: loginPage(401, {
        hint: loginHint(ctx),
        action: SEED.endpoints.oauth1Authorize.path,
        csrf,
        heading: `The application ${rt.consumerKey} asks to act on your behalf (OAuth 1.0a).`,
        details: [['Consumer', rt.consumerKey]],
        error: message,
        username: s.username,
      }),
      verdict: refused('login_failed', message),
    };
  }
  return approve(ctx, rt, s.username, pending.callback, 303);
}

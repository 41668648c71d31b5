import { ConfigError, mergeSettings } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { jsonReply, mediaType, type ProviderRequest } from './http';

/**
 * The mock's own control surface under /_mock/ (JSON; not part of the service). POSTs must be
 * `application/json`, which a cross-site HTML form cannot send without a CORS preflight this server never grants.
 */
export const ADMIN_PREFIX = '/_mock/';
const endpoint = 'mock.admin';

const fail = (status: number, error: string, description: string, headers: [string, string][] = []): Handled => ({
  endpoint,
  reply: jsonReply(status, { error, error_description: description }, headers),
  verdict: refused(error, description),
});
const done = (value: unknown, message: string): Handled => ({ endpoint, reply: jsonReply(200, value), verdict: ok(message) });

function jsonBody(req: ProviderRequest): { ok: true; value: Record<string, unknown> } | { ok: false; handled: Handled } {
  if (mediaType(req) !== 'application/json') return { ok: false, handled: fail(415, 'unsupported_media_type', 'Admin requests that change something must be sent as Content-Type: application/json (a body of {} is fine).') };
  if (req.body.length === 0) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(req.bodyText);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
    return { ok: true, value: value as Record<string, unknown> };
  } catch (e) {
    return { ok: false, handled: fail(400, 'invalid_request', `The body is not a JSON object: ${(e as Error).message}`) };
  }
}

function publicConfig(ctx: ProviderContext) {
  return {
    baseUrl: ctx.baseUrl(),
    realm: ctx.config.realm,
    consumers: ctx.config.oauth1.consumers.map((c) => ({ key: c.key, callback: c.callback })),
    clients: ctx.config.oauth2.clients.map((c) => ({ id: c.id, public: c.secret === undefined, redirectUris: c.redirectUris, grantTypes: c.grantTypes })),
    scopes: ctx.config.oauth2.scopes,
    users: ctx.config.users.map((u) => u.username),
    autoLoginUser: ctx.autoLoginUser,
  };
}

export function admin(req: ProviderRequest, ctx: ProviderContext): Handled {
  const route = req.path.slice(ADMIN_PREFIX.length);
  const method = req.method;
  const allow = (m: string) => fail(405, 'method_not_allowed', `${method} is not accepted on ${req.path}; use ${m}.`, [['Allow', m]]);
  if (route === 'state') return method === 'GET' ? done({ config: publicConfig(ctx), settings: ctx.settings, state: ctx.state.snapshot() }, 'State read.') : allow('GET');
  if (route === 'events.json') return method === 'GET' ? done({ events: ctx.events.recent() }, 'Events read.') : allow('GET');
  if (route === 'settings') {
    if (method === 'GET') return done(ctx.settings, 'Settings read.');
    if (method !== 'POST' && method !== 'PATCH') return allow('GET, POST, PATCH');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    try {
      ctx.settings = mergeSettings(ctx.settings, body.value);
    } catch (e) {
      if (e instanceof ConfigError) return fail(400, 'invalid_request', e.message);
      throw e;
    }
    ctx.state.nonces.resize(ctx.settings.switches.nonceMemory);
    return done(ctx.settings, 'Settings changed.');
  }
  if (route === 'clock/advance') {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    const seconds = body.value.seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 10 * 365 * 86400) return fail(400, 'invalid_request', `Send {"seconds": N} with N a number from 0 to ${10 * 365 * 86400}; got ${JSON.stringify(seconds) ?? 'nothing'}.`);
    ctx.clock.advance(seconds);
    return done({ now: new Date(ctx.clock.now()).toISOString(), offsetSeconds: ctx.clock.offsetSeconds }, `Clock advanced by ${seconds} s.`);
  }
  if (route === 'reset') {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    ctx.state.clear();
    ctx.events.clear();
    return done({ reset: true }, 'State and event history cleared.');
  }
  const deauth = /^oauth1\/access-tokens\/([^/]+)\/deauthorize$/.exec(route);
  if (deauth) {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    let tokenValue: string;
    try {
      tokenValue = decodeURIComponent(deauth[1]!);
    } catch {
      return fail(400, 'invalid_request', 'The token in the path is not valid percent-encoded UTF-8.');
    }
    const t = ctx.state.accessTokens.get(tokenValue);
    if (!t) return fail(404, 'not_found', `No OAuth 1.0a access token ${JSON.stringify(tokenValue)}.`);
    if (t.status === 'valid') {
      t.status = 'deauthorized';
      t.deauthorizedAt = ctx.clock.now();
    }
    return done({ token: t.token, status: t.status, deauthorizedAt: new Date(t.deauthorizedAt!).toISOString() }, `Access token ${t.token} deauthorized by the user (seed §3); API requests with it now get 401.`);
  }
  return fail(404, 'not_found', `No admin endpoint ${req.path}. Available: GET /_mock/state, GET|POST /_mock/settings, POST /_mock/clock/advance, POST /_mock/oauth1/access-tokens/{token}/deauthorize, POST /_mock/reset, GET /_mock/events (SSE), GET /_mock/events.json.`);
}

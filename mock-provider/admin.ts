import { ConfigError } from './config';
import { ok, refused, type Handled, type ProviderContext } from './context';
import {
  advanceMockClock,
  deauthorizeAccessToken,
  MockControlError,
  readMockState,
  resetMock,
  resetMockClock,
  updateMockSettings,
} from './control';
import { jsonReply, mediaType, type ProviderRequest } from './http';

/**
 * The mock's own control surface under /_mock/ (JSON; not part of the service), over the same control functions as
 * the app's bridge. POSTs must be `application/json`, which a cross-site HTML form cannot send without a CORS
 * preflight this server never grants.
 */
export const ADMIN_PREFIX = '/_mock/';
const endpoint = 'mock.admin';

const fail = (status: number, error: string, description: string, headers: [string, string][] = []): Handled => ({
  endpoint,
  reply: jsonReply(status, { error, error_description: description }, headers),
  verdict: refused(error, description),
});
const done = (value: unknown, message: string): Handled => ({
  endpoint,
  reply: jsonReply(200, value),
  verdict: ok(message),
});

function jsonBody(
  req: ProviderRequest
): { ok: true; value: Record<string, unknown> } | { ok: false; handled: Handled } {
  if (mediaType(req) !== 'application/json')
    return {
      ok: false,
      handled: fail(
        415,
        'unsupported_media_type',
        'Admin requests that change something must be sent as Content-Type: application/json (a body of {} is fine).'
      ),
    };
  if (req.body.length === 0) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(req.bodyText);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
    return { ok: true, value: value as Record<string, unknown> };
  } catch (e) {
    return {
      ok: false,
      handled: fail(400, 'invalid_request', `The body is not a JSON object: ${(e as Error).message}`),
    };
  }
}

/** A control function's refusal as the admin API answers it: bad input is 400, an unknown token 404. */
function refusal(e: unknown): Handled {
  if (e instanceof ConfigError) return fail(400, 'invalid_request', e.message);
  if (e instanceof MockControlError)
    return e.code === 'not_found' ? fail(404, 'not_found', e.message) : fail(400, 'invalid_request', e.message);
  throw e;
}

export function admin(req: ProviderRequest, ctx: ProviderContext): Handled {
  const route = req.path.slice(ADMIN_PREFIX.length);
  const method = req.method;
  const allow = (m: string) =>
    fail(405, 'method_not_allowed', `${method} is not accepted on ${req.path}; use ${m}.`, [['Allow', m]]);
  if (route === 'state') return method === 'GET' ? done(readMockState(ctx), 'State read.') : allow('GET');
  if (route === 'events.json')
    return method === 'GET' ? done({ events: ctx.events.recent() }, 'Events read.') : allow('GET');
  if (route === 'settings') {
    if (method === 'GET') return done(ctx.settings, 'Settings read.');
    if (method !== 'POST' && method !== 'PATCH') return allow('GET, POST, PATCH');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    try {
      return done(updateMockSettings(ctx, body.value), 'Settings changed.');
    } catch (e) {
      return refusal(e);
    }
  }
  if (route === 'clock/advance') {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    try {
      return done(advanceMockClock(ctx, body.value.seconds), `Clock advanced by ${String(body.value.seconds)} s.`);
    } catch (e) {
      return refusal(e);
    }
  }
  if (route === 'clock/reset') {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    return done(resetMockClock(ctx), 'Clock back to real time.');
  }
  if (route === 'reset') {
    if (method !== 'POST') return allow('POST');
    const body = jsonBody(req);
    if (!body.ok) return body.handled;
    resetMock(ctx);
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
    try {
      const t = deauthorizeAccessToken(ctx, tokenValue);
      return done(
        t,
        `Access token ${t.token} deauthorized by the user (interface §3); API requests with it now get 401.`
      );
    } catch (e) {
      return refusal(e);
    }
  }
  return fail(
    404,
    'not_found',
    `No admin endpoint ${req.path}. Available: GET /_mock/state, GET|POST /_mock/settings, POST /_mock/clock/advance, POST /_mock/clock/reset, POST /_mock/oauth1/access-tokens/{token}/deauthorize, POST /_mock/reset, GET /_mock/events (SSE), GET /_mock/events.json.`
  );
}

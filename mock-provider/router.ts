import { SEED } from '../shared/seed';
import { admin, ADMIN_PREFIX } from './admin';
import { refused, type Handled, type ProviderContext } from './context';
import { oauth2Error } from './errors';
import { header, type ProviderRequest } from './http';
import { oauth1Authorize } from './oauth1-authorize';
import { accessToken, requestToken } from './oauth1-endpoints';
import { oauth2Authorize } from './oauth2-authorize';
import { PAR_PATH, pushedAuthorization } from './pushed-authorization';
import { OIDC_ROUTES } from './oidc-routes';
import { token } from './oauth2-token';
import { oauth1Me, oauth2Me } from './resources';
import { isLoopbackName } from './redirect-uri';
import { loadClientDocument } from './client-metadata-document';
import { mcpEndpoint } from './mcp-endpoint';
import { MCP_PATHS, resourceMetadata } from './mcp-protection';
import { API_METADATA_PATH, API_RESOURCE_PATH, apiResourceMetadata } from './resource-metadata';

type Handler = (req: ProviderRequest, ctx: ProviderContext) => Handled | Promise<Handled>;

/** Paths of the service (interface §4, read from shared/seed.ts) plus the mock-only resources and admin API. */
const ROUTES = new Map<string, Handler>([
  [SEED.endpoints.oauth1RequestToken.path, requestToken],
  [SEED.endpoints.oauth1Authorize.path, oauth1Authorize],
  [SEED.endpoints.oauth1AccessToken.path, accessToken],
  [SEED.endpoints.oauth2Authorize.path, oauth2Authorize],
  [SEED.endpoints.oauth2Token.path, token],
  [PAR_PATH, pushedAuthorization],
  ['/api/v1/me', oauth1Me],
  [API_RESOURCE_PATH, oauth2Me],
  ...OIDC_ROUTES,
  [MCP_PATHS.endpoint, mcpEndpoint],
  [MCP_PATHS.endpointMetadata, resourceMetadata],
  [API_METADATA_PATH, apiResourceMetadata],
]);

const ROUTE_PATHS = [...ROUTES.keys()];

/** The host part of a Host header value, lower case (`[::1]:8080` → `[::1]`). */
function hostOf(value: string): string {
  const m = /^(\[[^\]]*\]|[^:]*)/.exec(value.trim());
  return (m?.[1] ?? '').toLowerCase();
}

/**
 * The refusal for a request addressed to a name other than this provider's (DNS rebinding: a page on another origin
 * whose name resolves to 127.0.0.1), or null when the Host is one of ours. Every path goes through it, the event
 * stream included.
 */
export function misdirected(req: ProviderRequest, ctx: ProviderContext, boundHost: string): Handled | null {
  const host = header(req, 'host');
  if (
    !ctx.settings.switches.checkHost ||
    host === undefined ||
    isLoopbackName(hostOf(host)) ||
    hostOf(host) === boundHost.toLowerCase()
  )
    return null;
  const message = `Host ${JSON.stringify(host)} is not this provider's address; it answers only requests addressed to a loopback host (127.0.0.1, [::1], localhost) or ${boundHost}, against DNS rebinding (switch checkHost).`;
  return {
    endpoint: 'mock.host_check',
    reply: oauth2Error(421, 'invalid_request', message),
    verdict: refused('misdirected_request', message),
  };
}

/**
 * The handler's answer; a promise only when the request needs one (a client ID metadata document to fetch first, a
 * handler that answers later), so every other request is answered without a trip through the microtask queue.
 */
function route(req: ProviderRequest, ctx: ProviderContext, boundHost: string): Handled | Promise<Handled> {
  const refusal = misdirected(req, ctx, boundHost);
  if (refusal) return refusal;
  // A client ID metadata document the request names is fetched before the handlers, which look clients up.
  const loading = loadClientDocument(req, ctx);
  return loading ? loading.then(() => dispatch(req, ctx)) : dispatch(req, ctx);
}

function dispatch(req: ProviderRequest, ctx: ProviderContext): Handled | Promise<Handled> {
  const handler = ROUTES.get(req.path);
  if (handler) return handler(req, ctx);
  if (req.path.startsWith(ADMIN_PREFIX)) return admin(req, ctx);
  const message = `No endpoint at ${req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path}. This mock serves ${ROUTE_PATHS.join(', ')} and the admin API under /_mock/.`;
  return {
    endpoint: 'mock.not_found',
    reply: oauth2Error(404, 'not_found', message),
    verdict: refused('not_found', message),
  };
}

/** A thrown error answered 500 and named: a bug, not bad input (the fuzz test asserts it never happens). */
function internalError(e: unknown): Handled {
  const message = `Internal error in the mock provider: ${(e as Error).message}`;
  return {
    endpoint: 'mock.internal_error',
    reply: oauth2Error(500, 'server_error', message),
    verdict: { ok: false, reason: 'server_error', message },
  };
}

/** route(), with an error thrown at once or later answered by internalError. */
export function routeSafely(req: ProviderRequest, ctx: ProviderContext, boundHost: string): Handled | Promise<Handled> {
  try {
    const handled = route(req, ctx, boundHost);
    return handled instanceof Promise ? handled.catch(internalError) : handled;
  } catch (e) {
    return internalError(e);
  }
}

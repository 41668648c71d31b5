import { SEED } from '../shared/seed';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';
import { fetchClientDocument } from './fetch-document';
import { decodeParams, type ProviderRequest } from './http';
import { checkRegistrableUri, isLoopbackName } from './redirect-uri';

/**
 * Mock-only: clients identified by a client ID metadata document's URL (draft-ietf-oauth-client-id-metadata-document,
 * as the MCP specification 2025-11-25 uses it, "Client ID Metadata Documents"): the authorization request's
 * client_id is an https URL (or, for tests, an http URL on loopback), fetched before the request is routed and
 * checked; the client it describes is public (PKCE, no secret) and kept for the token request.
 */

const KEEP_MS = 10 * 60 * 1000;
const LIMITS = { what: 'a client metadata document', maxBytes: 5 * 1024, timeoutMs: 5000 } as const;

const table = (ctx: ProviderContext) => ctx.state.clientDocuments;

/** A client_id that names a metadata document: https with a path, or http on a loopback host (tests). */
function isDocumentClientId(id: string): boolean {
  let u: URL;
  try {
    u = new URL(id);
  } catch {
    return false;
  }
  if (u.hash || u.username || u.password || u.pathname === '/') return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackName(u.hostname));
}

/** The client a metadata document fetched and accepted describes, if any. */
export function documentClient(ctx: ProviderContext, id: string): ClientConfig | undefined {
  const fetched = table(ctx).get(id);
  return fetched && 'client' in fetched ? fetched.client : undefined;
}

/** Why the document of this client_id was refused, if it was. */
export function documentRefusal(ctx: ProviderContext, id: string): string | null {
  const fetched = table(ctx).get(id);
  return fetched && 'refused' in fetched ? fetched.refused : null;
}

/**
 * Before an authorization request is routed: fetch the document its client_id names, unless fetched recently. Null
 * when there is nothing to fetch (every other request), so those are routed at once rather than a tick later.
 */
export function loadClientDocument(req: ProviderRequest, ctx: ProviderContext): Promise<void> | null {
  if (req.path !== SEED.endpoints.oauth2Authorize.path) return null;
  const q = decodeParams(req.query ?? '', true, 'query');
  const id = q.ok ? q.params.find(([n]) => n === 'client_id')?.[1] : undefined;
  if (!id || !isDocumentClientId(id) || ctx.config.oauth2.clients.some((c) => c.id === id)) return null;
  const now = ctx.clock.now();
  const known = table(ctx).get(id);
  if (known && known.until > now) return null;
  return fetchDocument(id).then((fetched) => {
    table(ctx).set(id, { ...fetched, until: now + KEEP_MS });
  });
}

async function fetchDocument(id: string): Promise<{ client: ClientConfig } | { refused: string }> {
  const fetched = await fetchClientDocument(id, LIMITS);
  return fetched.ok ? checkDocument(id, fetched.body) : { refused: fetched.why };
}

/**
 * The document's checks (draft-ietf-oauth-client-id-metadata-document §4.1): its own URL as client_id, redirect URIs,
 * no secret. A refusal names the member at fault, not its value: what a loopback service answered is not echoed.
 */
function checkDocument(id: string, doc: unknown): { client: ClientConfig } | { refused: string } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { refused: 'it is not a JSON object.' };
  const members = doc as Record<string, unknown>;
  if (members.client_id !== id) return { refused: 'its client_id member is not the URL it was fetched from.' };
  const uris = members.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    return { refused: 'redirect_uris must be a non-empty array of URIs.' };
  const bad = (uris as string[]).findIndex((u) => checkRegistrableUri(u) !== null);
  if (bad >= 0)
    return {
      refused: `redirect_uris[${bad}] is not a redirect URI this provider registers: absolute http(s) with a host and a port from 1 to 65535 if any, no user information or fragment (RFC 6749 §3.1.2), https unless on 127.0.0.1, [::1] or localhost (RFC 9700 §2.6).`,
    };
  if ((members.token_endpoint_auth_method ?? 'none') !== 'none')
    return {
      refused: 'its token_endpoint_auth_method is not none: this mock accepts only none (a public client with PKCE).',
    };
  if ('client_secret' in members)
    return { refused: 'it holds a client_secret, which a published document must never do.' };
  return { client: { id, redirectUris: uris as string[], grantTypes: ['authorization_code', 'refresh_token'] } };
}

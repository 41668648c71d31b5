import { SEED } from '../shared/seed';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';
import { decodeParams, type ProviderRequest } from './http';
import { checkRegistrableUri, isLoopbackName } from './redirect-uri';

/**
 * Mock-only: clients identified by a client ID metadata document's URL (draft-ietf-oauth-client-id-metadata-document,
 * as the MCP specification 2025-11-25 uses it, "Client ID Metadata Documents"): the authorization request's
 * client_id is an https URL (or, for tests, an http URL on loopback), fetched before the request is routed and
 * checked; the client it describes is public (PKCE, no secret) and kept for the token request.
 */

const KEEP_MS = 10 * 60 * 1000;
const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5000;

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
  let text: string;
  try {
    const res = await fetch(id, {
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
    if (res.status !== 200) return { refused: `fetching it answered HTTP ${res.status}; expected 200.` };
    text = await res.text();
  } catch (e) {
    return { refused: `it could not be fetched (${(e as Error).message}); redirects are not followed.` };
  }
  if (text.length > MAX_BYTES) return { refused: `it is larger than ${MAX_BYTES} bytes.` };
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { refused: 'it is not JSON.' };
  }
  return checkDocument(id, doc);
}

/** The document's checks (draft-ietf-oauth-client-id-metadata-document §4.1): its own URL as client_id, redirect URIs, no secret. */
function checkDocument(id: string, doc: Record<string, unknown>): { client: ClientConfig } | { refused: string } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { refused: 'it is not a JSON object.' };
  if (doc.client_id !== id)
    return { refused: `its client_id ${JSON.stringify(doc.client_id)} is not the document's URL ${id}.` };
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    return { refused: 'redirect_uris must be a non-empty array of URIs.' };
  const bad = (uris as string[]).map((u) => [u, checkRegistrableUri(u)] as const).find(([, why]) => why);
  if (bad) return { refused: `redirect_uri ${bad[0]} ${bad[1]}.` };
  const method = doc.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    return {
      refused: `token_endpoint_auth_method ${JSON.stringify(method)}: this mock accepts only none (a public client with PKCE).`,
    };
  if ('client_secret' in doc) return { refused: 'it holds a client_secret, which a published document must never do.' };
  return { client: { id, redirectUris: uris as string[], grantTypes: ['authorization_code', 'refresh_token'] } };
}

import { parseJwks, selectKey } from '../shared/oidc/jwks';
import type { Jwk } from '../shared/ports';
import type { ClientConfig } from './config';
import { isLoopbackName } from './redirect-uri';
import { TokenError } from './oauth2-token-error';

/** Longest JWK Set read from a client's jwks_uri, and how long it may take. */
const JWKS_LIMIT = 64 * 1024;
const JWKS_TIMEOUT_MS = 5_000;

/** Why a jwks_uri cannot be fetched by the mock, or null: only http(s) on a loopback host (no request leaves the machine). */
export function jwksUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `jwks_uri ${JSON.stringify(uri)} is not an absolute URL.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `jwks_uri ${JSON.stringify(uri)} must be http or https.`;
  if (!isLoopbackName(url.hostname.toLowerCase()))
    return `jwks_uri ${JSON.stringify(uri)} is not on 127.0.0.1, [::1] or localhost; the mock fetches keys only from this machine.`;
  return null;
}

/** The body as UTF-8, read no further than JWKS_LIMIT bytes (a key set is a few KiB). */
async function limitedText(res: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > JWKS_LIMIT) throw new Error(`its answer is over ${JWKS_LIMIT} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The `keys` of the JWK Set at a client's loopback jwks_uri (RFC 7591 §2); a failure is invalid_client naming it. */
export async function fetchClientJwks(uri: string): Promise<unknown[]> {
  const problem = jwksUriProblem(uri);
  const failed = (why: string) =>
    new TokenError(401, 'invalid_client', `Client authentication failed: the client's ${why}`);
  if (problem) throw failed(problem);
  let body: unknown;
  try {
    const res = await fetch(uri, { redirect: 'error', signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    body = JSON.parse(await limitedText(res));
  } catch (e) {
    throw failed(`jwks_uri ${uri} could not be read: ${(e as Error).message}.`);
  }
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw failed(`jwks_uri ${uri} did not answer a JWK Set with a "keys" array (RFC 7517 §5).`);
  return keys;
}

/**
 * The key a JWS from this client is checked with: its secret's UTF-8 octets for HS* (OIDC Core §9, RFC 9101 §4),
 * else the key of its JWK Set (jwks, or the loopback jwks_uri) that fits alg and kid. Shared by client assertions
 * (RFC 7523) and request objects (RFC 9101); the reason completes "is signed with ALG, …".
 */
export async function clientVerificationKey(
  client: ClientConfig,
  alg: string,
  header: Readonly<Record<string, unknown>>
): Promise<{ ok: true; key: Jwk | Uint8Array } | { ok: false; reason: string }> {
  if (alg.startsWith('HS')) {
    if (client.secret === undefined)
      return { ok: false, reason: `but client ${client.id} has no secret to check it with.` };
    return { ok: true, key: new TextEncoder().encode(client.secret) };
  }
  const keys = client.jwks?.keys ?? (client.jwksUri ? await fetchClientJwks(client.jwksUri) : undefined);
  if (keys === undefined) return { ok: false, reason: `but client ${client.id} registered no jwks or jwks_uri.` };
  const parsed = parseJwks({ keys });
  if (!parsed.ok) return { ok: false, reason: `but it cannot be checked: the client's ${parsed.reason}` };
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const choice = selectKey(parsed.keys, { alg, kid });
  if (!choice.ok) return { ok: false, reason: `with an unknown key: ${choice.reason}` };
  return { ok: true, key: choice.key };
}

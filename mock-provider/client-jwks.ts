import { parseJwks, selectKey } from '../shared/oidc/jwks';
import type { Jwk } from '../shared/ports';
import type { ClientConfig } from './config';
import { fetchClientDocument } from './fetch-document';
import { isLoopbackName } from './redirect-uri';
import { TokenError } from './oauth2-token-error';

/** Longest JWK Set read from a client's jwks_uri (a key set is a few KiB), and how long it may take. */
const LIMITS = { what: 'a JWK Set', maxBytes: 64 * 1024, timeoutMs: 5_000 } as const;

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

/** The `keys` of the JWK Set at a client's loopback jwks_uri (RFC 7591 §2); a failure is invalid_client naming it. */
export async function fetchClientJwks(uri: string): Promise<unknown[]> {
  const problem = jwksUriProblem(uri);
  const failed = (why: string) =>
    new TokenError(401, 'invalid_client', `Client authentication failed: the client's ${why}`);
  if (problem) throw failed(problem);
  const fetched = await fetchClientDocument(uri, LIMITS);
  if (!fetched.ok) throw failed(`jwks_uri ${uri} could not be used: ${fetched.why}`);
  const keys = (fetched.body as { keys?: unknown } | null)?.keys;
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

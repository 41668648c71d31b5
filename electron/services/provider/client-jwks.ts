import { isLoopbackHost } from './redirect-uri';
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
  if (!isLoopbackHost(url.hostname.toLowerCase()))
    return `jwks_uri ${JSON.stringify(uri)} is not on 127.0.0.1, [::1] or localhost; the mock fetches keys only from this machine.`;
  return null;
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
    const text = await res.text();
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    if (text.length > JWKS_LIMIT) throw new Error(`its answer is over ${JWKS_LIMIT} bytes`);
    body = JSON.parse(text);
  } catch (e) {
    throw failed(`jwks_uri ${uri} could not be read: ${(e as Error).message}.`);
  }
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw failed(`jwks_uri ${uri} did not answer a JWK Set with a "keys" array (RFC 7517 §5).`);
  return keys;
}

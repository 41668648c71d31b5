import { headerValue, type Exchange, type RawRequest, type RawResponse } from '../http';
import { parseHttpUrl } from '../url';
import type { DpopKey } from './dpop-key';
import { buildDpopProof, type DpopDeps, type DpopProof, type PlantedDpopMistake } from './proof';

/**
 * A client sending DPoP (RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449)): a fresh proof on each request, the
 * server's nonce kept per origin, and one retry when the server asks for a nonce (§8 at the token endpoint, §9 at a
 * resource). One implementation for every request that carries a proof: token requests, refreshes, resource calls.
 */
export interface DpopClient {
  readonly key: DpopKey;
  readonly deps: DpopDeps;
  /** The latest DPoP-Nonce of each server origin (§8.2: any response may carry a new one). */
  readonly nonces: Map<string, string>;
  /** Planted in the next proof only, then cleared: a mistake is sent once and refused (issue 29 §1). */
  mistake?: PlantedDpopMistake | null;
  /** Each proof as built, with the request it went on, for its trace; `nonceRetry`: the request again with the server's nonce. */
  readonly onProof?: (proof: DpopProof, request: RawRequest, nonceRetry: boolean) => void;
}

export interface DpopSend {
  readonly exchange: Exchange;
  /** The refused first attempt when the server asked for a nonce and the request was sent again with it. */
  readonly challenge: Exchange | null;
}

const originOf = (url: string) => {
  const u = parseHttpUrl(url, 'dpop');
  return `${u.scheme}://${u.host}:${u.port ?? (u.scheme === 'https' ? 443 : 80)}`;
};

/**
 * Whether a response asks for a nonce: `use_dpop_nonce` in a 400 JSON error (§8) or in a 401's
 * `WWW-Authenticate: DPoP` challenge (§9).
 */
function isNonceChallenge(response: RawResponse): boolean {
  if (response.status === 401)
    return /\berror\s*=\s*"?use_dpop_nonce\b/i.test(headerValue(response.headers, 'www-authenticate') ?? '');
  if (response.status !== 400) return false;
  try {
    return (JSON.parse(response.bodyText) as { error?: unknown }).error === 'use_dpop_nonce';
  } catch {
    return false;
  }
}

async function withProof(
  client: DpopClient,
  request: RawRequest,
  accessToken: string | null,
  nonceRetry: boolean
): Promise<RawRequest> {
  const proof = await buildDpopProof(
    {
      key: client.key,
      method: request.method,
      url: request.url,
      accessToken,
      nonce: client.nonces.get(originOf(request.url)) ?? null,
      mistake: client.mistake ?? null,
    },
    client.deps
  );
  client.mistake = null;
  const headers = request.headers.filter(
    ([n]) => n.toLowerCase() !== 'dpop' && !(accessToken !== null && n.toLowerCase() === 'authorization')
  );
  // §7.1: a DPoP-bound token goes in the DPoP scheme, the proof beside it.
  const sent: RawRequest = {
    ...request,
    headers: [
      ...(accessToken === null ? [] : [['Authorization', `DPoP ${accessToken}`] as const]),
      ...headers,
      ['DPoP', proof.jwt],
    ],
  };
  client.onProof?.(proof, sent, nonceRetry);
  return sent;
}

/** Sends the request with a fresh proof (`accessToken`: the token it carries, for ath), and once more on a nonce challenge. */
export async function sendWithDpop(
  client: DpopClient,
  request: RawRequest,
  accessToken: string | null,
  send: (request: RawRequest) => Promise<Exchange>
): Promise<DpopSend> {
  const origin = originOf(request.url);
  const attempt = async (nonceRetry: boolean) => {
    const exchange = await send(await withProof(client, request, accessToken, nonceRetry));
    const nonce = headerValue(exchange.response.headers, 'dpop-nonce');
    if (nonce) client.nonces.set(origin, nonce);
    return { exchange, nonce };
  };
  const first = await attempt(false);
  if (!isNonceChallenge(first.exchange.response) || !first.nonce) return { exchange: first.exchange, challenge: null };
  return { exchange: (await attempt(true)).exchange, challenge: first.exchange };
}

import { headerValue, type Exchange, type RawRequest, type RawResponse } from '../http';
import { parseHttpUrl } from '../url';
import type { DpopKey } from './dpop-key';
import type { PlantedDpopMistake } from './planted-mistakes';
import { buildDpopProof, type DpopDeps, type DpopProof } from './proof';

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
  /**
   * Planted in the next proof only, then cleared: a mistake is sent once and refused. another-key
   * waits for the next proof bound to a token (a resource call): at the token endpoint any key is one to bind to.
   */
  mistake?: PlantedDpopMistake | null;
  /** A fresh key other than `key`, for the another-key mistake (§4.3 check 12: the token is bound to `key`). */
  readonly anotherKey?: () => Promise<DpopKey>;
  /** Each proof as built, with the request it went on, for its trace; `nonceRetry`: the request again with the server's nonce. */
  readonly onProof?: (proof: DpopProof, request: RawRequest, nonceRetry: boolean) => void;
}

export interface DpopSend {
  readonly exchange: Exchange;
  /** The refused first attempt when the server asked for a nonce and the request was sent again with it. */
  readonly challenge: Exchange | null;
  /** With reused-jti: the accepted exchange whose proof `exchange` sent again (§11.1). */
  readonly replayed: Exchange | null;
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

/** The mistake to plant in this proof, taken from the client (another-key only on a proof bound to a token). */
function takeMistake(client: DpopClient, accessToken: string | null): PlantedDpopMistake | null {
  const m = client.mistake ?? null;
  if (m === null || (m === 'another-key' && accessToken === null)) return null;
  client.mistake = null;
  return m;
}

/** The request as sent with its proof (§7.1: a DPoP-bound token in the DPoP scheme, the proof beside it). */
export function requestWithProof(request: RawRequest, accessToken: string | null, jwt: string): RawRequest {
  const headers = request.headers.filter(
    ([n]) => n.toLowerCase() !== 'dpop' && !(accessToken !== null && n.toLowerCase() === 'authorization')
  );
  return {
    ...request,
    headers: [
      ...(accessToken === null ? [] : [['Authorization', `DPoP ${accessToken}`] as const]),
      ...headers,
      ['DPoP', jwt],
    ],
  };
}

async function withProof(
  client: DpopClient,
  request: RawRequest,
  accessToken: string | null,
  mistake: PlantedDpopMistake | null,
  nonceRetry: boolean,
  deps: DpopDeps
): Promise<{ sent: RawRequest; proof: DpopProof }> {
  if (mistake === 'another-key' && !client.anotherKey)
    throw new Error('The another-key mistake needs a way to make a second DPoP key; this client has none.');
  const proof = await buildDpopProof(
    {
      key: mistake === 'another-key' ? await client.anotherKey!() : client.key,
      method: request.method,
      url: request.url,
      accessToken,
      nonce: client.nonces.get(originOf(request.url)) ?? null,
      mistake,
    },
    deps
  );
  const sent = requestWithProof(request, accessToken, proof.jwt);
  client.onProof?.(proof, sent, nonceRetry);
  return { sent, proof };
}

const isNonceMistake = (m: PlantedDpopMistake | null) => m === 'nonce-missing' || m === 'nonce-wrong';

/**
 * Sends the request with a fresh proof (`accessToken`: the token it carries, for ath), and once more on a nonce
 * challenge, unless the nonce is the mistake planted: then the client ignores the server's nonce and the refusal
 * stands. A planted reused-jti sends the accepted request's very proof again, a replay the server must refuse (§11.1).
 * `deps`: the randomness and clock each proof's jti and iat are drawn from (§4.2): the client's own unless the host
 * a flow runs on gives its own (the driver's ports: both hosts then draw them alike).
 */
export async function sendWithDpop(
  client: DpopClient,
  request: RawRequest,
  accessToken: string | null,
  send: (request: RawRequest) => Promise<Exchange>,
  deps: DpopDeps = client.deps
): Promise<DpopSend> {
  const origin = originOf(request.url);
  const mistake = takeMistake(client, accessToken);
  const keepNonce = (exchange: Exchange) => {
    const nonce = headerValue(exchange.response.headers, 'dpop-nonce');
    if (nonce) client.nonces.set(origin, nonce);
    return nonce;
  };
  const attempt = async (nonceRetry: boolean) => {
    const planted = mistake === 'reused-jti' ? null : mistake;
    const { sent, proof } = await withProof(client, request, accessToken, planted, nonceRetry, deps);
    const exchange = await send(sent);
    return { exchange, nonce: keepNonce(exchange), sent, proof };
  };
  let last = await attempt(false);
  let challenge: Exchange | null = null;
  if (isNonceChallenge(last.exchange.response) && last.nonce && !isNonceMistake(mistake)) {
    challenge = last.exchange;
    last = await attempt(true);
  }
  if (mistake !== 'reused-jti' || last.exchange.response.status >= 400)
    return { exchange: last.exchange, challenge, replayed: null };
  const mark = { part: 'mistake', value: mistake, section: 'RFC 9449 §11.1', note: 'this very proof sent again' };
  client.onProof?.({ ...last.proof, trace: [...last.proof.trace, mark] }, last.sent, false);
  const replay = await send(last.sent);
  keepNonce(replay);
  return { exchange: replay, challenge, replayed: last.exchange };
}

import { base64UrlEncode } from '../encoding/base64';
import type { ClockPort, CryptoPort, RandomPort } from '../ports';
import { accessTokenHash } from './ath';
import type { DpopKey } from './dpop-key';
import { htuOf } from './htu';
import type { PlantedDpopMistake } from './planted-mistakes';
import { jwkThumbprint } from './thumbprint';

export interface DpopProofRequest {
  readonly key: DpopKey;
  readonly method: string;
  readonly url: string;
  /** On a resource call, the token the proof is bound to through `ath`; null on the token endpoint. */
  readonly accessToken?: string | null;
  /** The server's latest DPoP-Nonce (§8, §9), or null before it has sent one. */
  readonly nonce?: string | null;
  readonly mistake?: PlantedDpopMistake | null;
}

/** One part of a proof as built, with the section that asks for it. */
export interface DpopProofPart {
  readonly part: string;
  readonly value: string;
  readonly section: string;
  readonly note: string;
}

export interface DpopProof {
  readonly jwt: string;
  readonly header: Readonly<Record<string, unknown>>;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The key's JWK SHA-256 thumbprint (RFC 7638), the `jkt` a token bound to it carries. */
  readonly thumbprint: string;
  readonly trace: readonly DpopProofPart[];
}

export interface DpopDeps {
  readonly crypto: CryptoPort;
  readonly random: RandomPort;
  readonly clock: ClockPort;
}

/** How far a planted stale or future iat is from now: beyond any server's window (RFC 9449 §11.1). */
const PLANTED_SKEW_SECONDS = 3600;
const S = (n: string) => `RFC 9449 §${n}`;

/** The claims of one proof, a planted mistake applied. */
function claims(r: DpopProofRequest, deps: DpopDeps): Record<string, unknown> {
  const m = r.mistake ?? null;
  const now = Math.floor(deps.clock.now() / 1000);
  const htu = htuOf(r.url);
  const query = /\?[^#]*/.exec(r.url)?.[0] ?? '?planted=1';
  const payload: Record<string, unknown> = {
    // §4.2: a unique identifier; 16 random bytes as jose and openid-client make it (their 96 to 128 bits).
    jti: base64UrlEncode(deps.random.bytes(16)),
    htm: m === 'htm-wrong' ? (r.method.toUpperCase() === 'GET' ? 'POST' : 'GET') : r.method.toUpperCase(),
    htu: m === 'htu-query' ? htu + query : htu,
    iat: now + (m === 'iat-stale' ? -PLANTED_SKEW_SECONDS : m === 'iat-future' ? PLANTED_SKEW_SECONDS : 0),
  };
  if (r.accessToken && m !== 'ath-missing')
    payload.ath = accessTokenHash(m === 'ath-wrong' ? `${r.accessToken}x` : r.accessToken, deps.crypto);
  const nonce = m === 'nonce-wrong' ? `${r.nonce ?? ''}planted` : m === 'nonce-missing' ? null : (r.nonce ?? null);
  if (nonce !== null) payload.nonce = nonce;
  return payload;
}

/** Each part of the proof with its section, in the order a reader meets them. */
function traceOf(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  thumbprint: string,
  r: DpopProofRequest
): DpopProofPart[] {
  const part = (name: string, value: unknown, section: string, note: string): DpopProofPart => ({
    part: name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    section,
    note,
  });
  const parts = [
    part('header.typ', header.typ, S('4.2'), 'explicit type dpop+jwt, so the proof is never taken for another JWT'),
    part('header.alg', header.alg, S('4.2'), 'an asymmetric signature algorithm; never none or a MAC'),
    part('header.jwk', header.jwk, S('4.2'), `the public key only; its thumbprint (RFC 7638) is ${thumbprint}`),
    part('jti', payload.jti, S('4.2'), 'unique per proof, so a server can refuse a replay (§11.1)'),
    part('htm', payload.htm, S('4.2'), `the method of the request it goes with (${r.method.toUpperCase()})`),
    part('htu', payload.htu, S('4.2'), 'the target URI without query and fragment'),
    part('iat', payload.iat, S('4.2'), 'when the proof was made, seconds since the epoch (§11.1 window)'),
  ];
  if (payload.ath !== undefined)
    parts.push(part('ath', payload.ath, S('4.2'), 'base64url(SHA-256(access token)): binds the proof to the token'));
  if (payload.nonce !== undefined)
    parts.push(part('nonce', payload.nonce, S('8, §9'), 'the nonce the server sent in its DPoP-Nonce header'));
  if (r.mistake) parts.push(part('mistake', r.mistake, S('4.3'), 'planted on purpose: the server should refuse it'));
  return parts;
}

/** A DPoP proof JWT (RFC 9449 §4.2 (https://www.rfc-editor.org/rfc/rfc9449#section-4.2)) for one request, and its trace. */
export async function buildDpopProof(r: DpopProofRequest, deps: DpopDeps): Promise<DpopProof> {
  const header = { typ: 'dpop+jwt', alg: r.key.alg, jwk: r.key.publicJwk };
  const payload = claims(r, deps);
  const thumbprint = jwkThumbprint(r.key.publicJwk, deps.crypto);
  return {
    jwt: await r.key.sign(header, payload),
    header,
    payload,
    thumbprint,
    trace: traceOf(header, payload, thumbprint, r),
  };
}

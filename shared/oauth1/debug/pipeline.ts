import { base64Encode, hexEncode } from '../../encoding/base64';
import type { CryptoPort } from '../../ports';
import type { ParamSource } from '../parameters';
import type { Param } from '../../url-encoded';
import { sortParameters } from '../normalize';
import { isRsaMethod, signBaseString, signingKey, verifyRsaSignature, type SignatureMethod } from '../signing';
import type { ReceivedRequest } from './received';

/** A parameter on its way into the base string; `encoded` replaces the encoder's output for this one pair. */
export interface SignedPair {
  readonly name: string;
  readonly value: string;
  readonly source: ParamSource | 'signed-only';
  readonly encoded?: Param;
  /** Its position among the parameters received (rfcParams), so an edit finds it after others were added or left out. */
  readonly index?: number;
}

/** One parameter changed (the per-parameter mistakes): the one received at `index` becomes `pair`, or is left out. */
export interface ParamEdit {
  readonly index: number;
  readonly pair: SignedPair | null;
}

/** An encoded pair with its position in collection order (for "sorted in the order sent"). */
export interface EncodedPair {
  readonly pair: Param;
  readonly index: number;
}

/**
 * One way of building the base string (RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)). Every hook left out is the RFC's; a mistake overrides
 * one hook. `params` hooks compose (two parameter mistakes at once); the others are exclusive.
 */
export interface Variant {
  /** §3.4.1.1. */
  readonly method?: (sent: string) => string;
  /** §3.4.1.2: changes to the URI's parts (compose, like `params`). */
  readonly uri?: (parts: UriParts, r: ReceivedRequest) => UriParts;
  /** §3.4.1.3.1: which parameters are signed, with which values. */
  readonly params?: (pairs: readonly SignedPair[], r: ReceivedRequest) => SignedPair[];
  /** §3.6, used for names, values and the three parts of the base string, as a client uses one function for all. */
  readonly encode?: (text: string) => string;
  /** §3.4.1.3.2. */
  readonly sort?: (pairs: readonly EncodedPair[]) => EncodedPair[];
  /** One parameter changed before `params` applies; alone, it is built without re-encoding or re-sorting the rest. */
  readonly edit?: ParamEdit;
}

/** The base string URI's parts; `port` only when it is written into the URI, `query` only when left in by mistake. */
export interface UriParts {
  readonly scheme: string;
  readonly host: string;
  readonly port: string | null;
  readonly path: string;
  readonly query: string | null;
}

/** Splits `host[:port]` (IPv6 literals in brackets). */
export function hostAndPort(authority: string): [host: string, port: string | null] {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority);
  return m ? [m[1]!, m[2] || null] : [authority, null];
}

/** §3.4.1.2 from what the server sees: lower-case scheme and host (the Host header's when sent), no default port. */
export function rfcUriParts(r: ReceivedRequest): UriParts {
  const [host, port] = hostAndPort(r.authority);
  return { scheme: r.url.scheme, host, port, path: r.url.path || '/', query: null };
}

export const uriText = (u: UriParts): string =>
  `${u.scheme}://${u.host}${u.port !== null ? `:${u.port}` : ''}${u.path}${u.query !== null ? `?${u.query}` : ''}`;

/** §3.4.1.3.1: every parameter received except oauth_signature; the realm never reaches this list. */
export const rfcParams = (r: ReceivedRequest): SignedPair[] =>
  r.params
    .filter((p) => p.name !== 'oauth_signature')
    .map((p, index) => ({ name: p.name, value: p.value, source: p.source, index }));

/** §3.4.1.3.2 (2): by encoded name, then encoded value, in byte order (ASCII after encoding, so code units). */
export const rfcSort = (pairs: readonly EncodedPair[]): EncodedPair[] => sortParameters(pairs, (p) => p.pair);

/** How the signature sent is checked: with the secrets (HMAC, PLAINTEXT) or with the consumer's public key (RSA). */
export interface Keys {
  readonly consumerSecret: string | null;
  readonly tokenSecret: string | null;
  readonly rsaPublicKeyPem: string | null;
}

export type SignatureFormat = 'base64' | 'hex';

/** One way of signing: the key text (HMAC, PLAINTEXT), the method, and the encoding of the digest. */
export interface Signer {
  readonly key: string;
  readonly method: SignatureMethod;
  readonly format: SignatureFormat;
}

export const rfcSigner = (keys: Keys, method: SignatureMethod): Signer => ({
  key: signingKey(keys.consumerSecret ?? '', keys.tokenSecret),
  method,
  format: 'base64',
});

/**
 * Does `signature` sign `baseString` this way? HMAC and PLAINTEXT are recomputed (§3.4.2, §3.4.4); RSA is verified
 * with the public key (§3.4.3). A plain comparison is enough: this runs on the user's own request, not on a server.
 */
export function signs(signature: string, baseString: string, signer: Signer, keys: Keys, crypto: CryptoPort): boolean {
  if (isRsaMethod(signer.method))
    return keys.rsaPublicKeyPem
      ? verifyRsaSignature(signer.method, baseString, signature, keys.rsaPublicKeyPem, crypto)
      : false;
  return computeSignature(baseString, signer, crypto) === signature;
}

/** The signature for HMAC and PLAINTEXT, in the signer's encoding; RSA cannot be computed without the private key. */
export function computeSignature(baseString: string, signer: Signer, crypto: CryptoPort): string | null {
  if (isRsaMethod(signer.method)) return null;
  const { signature, digest } = signBaseString(signer.method, baseString, signer.key, crypto);
  return signer.format === 'hex' && digest ? hexEncode(digest) : digest ? base64Encode(digest) : signature;
}

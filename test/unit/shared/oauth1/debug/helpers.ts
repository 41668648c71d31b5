import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { hexEncode } from '../../../../../shared/encoding/base64';
import type { RawRequest } from '../../../../../shared/http';
import {
  normalizedParameterString,
  signBaseString,
  sortParameters,
  traceSignature,
  type SignatureInput,
  type SignatureMethod,
  type SignatureTrace,
} from '../../../../../shared/oauth1';
import { percentEncode } from '../../../../../shared/percent-encoding';
import type { Param } from '../../../../../shared/url-encoded';

export { X_SECRETS as SECRETS, X_EXAMPLE } from '../../../../vectors/examples';

export interface Mistake {
  /** The base string the client signs, from the correct one and the trace's intermediates. */
  readonly baseString?: (t: SignatureTrace) => string;
  /** The key the client signs with, from the correct key. */
  readonly key?: (t: SignatureTrace) => string;
  /** The algorithm the client really uses (the request still declares input.signatureMethod). */
  readonly signWith?: SignatureMethod;
  readonly hex?: boolean;
}

/**
 * The request a client with this mistake sends: everything as a correct client sends it (traceSignature), but
 * oauth_signature computed from the mistaken base string, key or algorithm.
 */
export function withMistake(input: SignatureInput, mistake: Mistake = {}): RawRequest {
  const t = traceSignature(input, nodeCrypto);
  const baseString = mistake.baseString ? mistake.baseString(t) : t.baseString;
  const key = mistake.key ? mistake.key(t) : t.signingKey;
  const signed = signBaseString(
    mistake.signWith ?? input.signatureMethod,
    baseString,
    key,
    nodeCrypto,
    input.privateKeyPem
  );
  return replaceSignature(t.request, t.signature, mistake.hex ? hexEncode(signed.digest!) : signed.signature);
}

export function replaceSignature(request: RawRequest, from: string, to: string): RawRequest {
  const swap = (s: string) =>
    s
      .split(`oauth_signature="${percentEncode(from)}"`)
      .join(`oauth_signature="${percentEncode(to)}"`)
      .split(`oauth_signature=${percentEncode(from)}`)
      .join(`oauth_signature=${percentEncode(to)}`);
  return {
    method: request.method,
    url: swap(request.url),
    headers: request.headers.map(([n, v]) => [n, swap(v)]),
    ...(request.body !== undefined ? { body: swap(request.body) } : {}),
  };
}

export interface Rebuild {
  readonly method?: string;
  readonly uri?: string;
  /** The signed parameters, decoded, in collection order (protocol, query, body); oauth_signature left out. */
  readonly params?: (params: Param[]) => Param[];
  readonly encode?: (text: string) => string;
  /** The encoded pairs in the order the client joins them (default: the RFC's sort). */
  readonly order?: (encoded: Param[]) => Param[];
}

/** A base string built from the trace's intermediates with one part done differently, with the core's functions. */
export function rebuild(change: Rebuild): (t: SignatureTrace) => string {
  return (t) => {
    const encode = change.encode ?? ((s: string) => percentEncode(s));
    const params = t.params.filter((p) => p.name !== 'oauth_signature').map((p): Param => [p.name, p.value]);
    const encoded = (change.params ? change.params(params) : params).map(([n, v]): Param => [encode(n), encode(v)]);
    const ordered = change.order ? change.order(encoded) : sortParameters(encoded);
    const method = change.method ?? t.request.method;
    return `${encode(method)}&${encode(change.uri ?? t.baseStringUri)}&${encode(normalizedParameterString(ordered))}`;
  };
}

export const without = (name: string) => (ps: Param[]) => ps.filter(([n]) => n !== name);
export const adding =
  (...extra: Param[]) =>
  (ps: Param[]) => [...ps, ...extra];
export const mapValue = (name: string, f: (v: string) => string) => (ps: Param[]) =>
  ps.map(([n, v]): Param => [n, n === name ? f(v) : v]);

import { ProtocolError } from '../../../shared/errors';
import {
  baseStringUri,
  normalizeParameters,
  protocolParameters,
  signatureBaseString,
  isRsaMethod,
  signBaseString,
  signingKey,
  traceSignature,
  type Param,
  type SignatureInput,
  type SignatureMethod,
  type TraceStep,
} from '../../../shared/oauth1';
import type { CryptoPort } from '../../../shared/ports';
import { encodeRfc3986, header, type ProviderRequest } from './http';
import type { Collected } from './oauth1-collect';
import type { SignatureFindings } from './oauth1-verify';

/**
 * The provider's own signature computation for one request, with the shared core. The signature is computed
 * with the core's step functions (normalizeParameters, baseStringUri, signatureBaseString, signingKey,
 * signBaseString); the full step-by-step trace (traceSignature, same input) is computed only when the event is
 * built, which keeps verification fast. Secrets are replaced in the trace.
 */
const present = (v: string | undefined): v is string => v !== undefined && v !== '';

/** `expected` is null for the RSA methods, which the provider verifies with the public key instead (§3.4.3). */
export type ComputedSignature = { readonly report: SignatureFindings; readonly expected: string | null; readonly error: null } | (SignatureFindings & { readonly error: string });

/** Fields that go through protocolParameters, which leaves out empty values; a value sent empty is passed as it was signed. */
const FIELDS = new Set(['oauth_token', 'oauth_timestamp', 'oauth_nonce', 'oauth_callback', 'oauth_verifier']);

function encodePairs(pairs: readonly Param[]): string {
  let out = '';
  for (let i = 0; i < pairs.length; i++) out += (i === 0 ? '' : '&') + encodeRfc3986(pairs[i]![0]) + '=' + encodeRfc3986(pairs[i]![1]);
  return out;
}

function extraParameters(p: ReadonlyMap<string, string>): Param[] {
  const extra: Param[] = [];
  p.forEach((v, n) => {
    if ((v === '' && FIELDS.has(n)) || n === 'oauth_version' || n === 'oauth_body_hash') extra.push([n, v]);
  });
  return extra;
}

const valueOf = (p: ReadonlyMap<string, string>, n: string): string | null => {
  const v = p.get(n);
  return present(v) ? v : null;
};

export function computeTrace(req: ProviderRequest, c: Collected, method: SignatureMethod, consumerSecret: string, tokenSecret: string, listenAuthority: string, crypto: CryptoPort): ComputedSignature {
  const p = c.oauth;
  const host = header(req, 'host') ?? listenAuthority;
  // The query is handed over re-encoded from its form-decoded pairs (RFC 5849 §3.4.1.3.1: '+' means a space), without
  // any protocol parameters, so the core's own query parsing sees exactly the values the RFC defines.
  const query = c.query.length ? `?${encodePairs(c.query)}` : '';
  const client = p.get('oauth_signature') ?? null;
  const hidden = method === 'PLAINTEXT';
  const rsa = isRsaMethod(method);
  const input: SignatureInput = {
    method: req.method,
    url: `http://${host}${req.path}${query}`,
    hostHeader: host,
    placement: c.placement,
    body: c.placement === 'body' ? encodePairs(c.body) : req.body.length || c.isForm ? req.bodyText : undefined,
    contentType: c.isForm ? 'application/x-www-form-urlencoded' : undefined,
    consumerKey: p.get('oauth_consumer_key')!,
    token: valueOf(p, 'oauth_token'),
    signatureMethod: method,
    nonce: valueOf(p, 'oauth_nonce'),
    timestamp: valueOf(p, 'oauth_timestamp'),
    callback: valueOf(p, 'oauth_callback'),
    verifier: valueOf(p, 'oauth_verifier'),
    includeVersion: false,
    extraOauthParams: extraParameters(p),
    consumerSecret,
    tokenSecret,
    receivedSignature: rsa ? (client ?? '') : undefined,
  };
  try {
    // §3.4.1.3.1: protocol parameters, then the query, then the form body (already decoded by the collector).
    const all = protocolParameters(input);
    for (const q of c.query) all.push(q);
    for (const b of c.body) all.push(b);
    const normalized = normalizeParameters(all);
    // The URL is built from the Host header, so its authority already is what the client addressed (§3.4.1.2).
    const uri = baseStringUri(input.url);
    const baseString = signatureBaseString(req.method, uri, normalized);
    const expected = rsa ? null : signBaseString(method, baseString, signingKey(consumerSecret, tokenSecret), crypto).signature;
    const report: SignatureFindings = {
      signatureMethod: method,
      placement: c.placement,
      clientSignature: hidden ? '«hidden»' : client,
      expectedSignature: hidden ? '«hidden»' : expected,
      baseStringUri: uri,
      normalizedParameters: normalized,
      baseString,
      traceSteps: () => traceSteps(input, crypto, tokenSecret === ''),
      error: null,
    };
    return { error: null, expected, report };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const why = e.step === 'base-string-uri' || e.step === 'query-parameters' ? `The request URI could not be rebuilt from the Host header ${JSON.stringify(host)} and path: ${e.message}` : `${e.step}: ${e.message}`;
    return { signatureMethod: method, placement: c.placement, clientSignature: hidden ? '«hidden»' : client, expectedSignature: null, baseStringUri: null, normalizedParameters: null, baseString: null, traceSteps: noSteps, error: why };
  }
}

const noSteps = (): readonly TraceStep[] => [];

/**
 * Every intermediate, in order, from traceSignature, with the secrets masked: the signing key, and a PLAINTEXT
 * signature (which is the key). For RSA the last step is the client's signature, which the provider verified with
 * the consumer's public key, having no private key to sign with (RFC 5849 §3.4.3).
 */
function traceSteps(input: SignatureInput, crypto: CryptoPort, noTokenSecret: boolean): readonly TraceStep[] {
  const method = input.signatureMethod;
  const rsa = isRsaMethod(method);
  const key = rsa ? "«none: the consumer's RSA key pair signs and verifies; secrets are not used»" : noTokenSecret ? '«consumer secret»&' : '«consumer secret»&«token secret»';
  try {
    return traceSignature(input, crypto)
      .steps.filter((s) => s.id !== 'authorization-header')
      .map((s): TraceStep => {
        if (s.id === 'signing-key') return { ...s, text: key };
        if (s.id === 'signature' && method === 'PLAINTEXT') return { ...s, text: '«hidden: PLAINTEXT signature is the signing key»' };
        if (s.id === 'signature' && rsa) return { ...s, title: `Signature sent by the client (${method}), verified with the consumer's RSA public key` };
        return s;
      });
  } catch {
    return [];
  }
}

import { ProtocolError } from '../../../shared/errors';
import {
  baseStringUri,
  normalizeParameters,
  protocolParameters,
  signatureBaseString,
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
import type { ProviderSignatureReport } from './oauth1-verify';

/**
 * The provider's own signature computation for one request, with the shared core. The signature is computed
 * with the core's step functions (normalizeParameters, baseStringUri, signatureBaseString, signingKey,
 * signBaseString); the full step-by-step trace (traceSignature, same input) is computed only when the event is
 * read, which keeps verification fast. Secrets are replaced in the trace.
 */
const present = (v: string | undefined): v is string => v !== undefined && v !== '';

export type ComputedSignature = { readonly report: ProviderSignatureReport; readonly expected: string; readonly error: null } | (ProviderSignatureReport & { readonly error: string });

export function computeTrace(req: ProviderRequest, c: Collected, method: SignatureMethod, consumerSecret: string, tokenSecret: string, listenAuthority: string, crypto: CryptoPort): ComputedSignature {
  const p = c.oauth;
  const host = header(req, 'host') ?? listenAuthority;
  const encodePairs = (pairs: readonly Param[]) => pairs.map(([n, v]) => `${encodeRfc3986(n)}=${encodeRfc3986(v)}`).join('&');
  // The query is handed over re-encoded from its form-decoded pairs (RFC 5849 §3.4.1.3.1: '+' means a space), without
  // any protocol parameters, so the core's own query parsing sees exactly the values the RFC defines.
  const query = c.query.length ? `?${encodePairs(c.query)}` : '';
  // Fields go through protocolParameters; values sent empty are passed through as they were signed.
  const fields = ['oauth_token', 'oauth_timestamp', 'oauth_nonce', 'oauth_callback', 'oauth_verifier'];
  const value = (n: string) => (present(p.get(n)) ? p.get(n) : null);
  const extra: Param[] = [...p].filter(([n, v]) => (fields.includes(n) && v === '') || n === 'oauth_version' || n === 'oauth_body_hash');
  const input: SignatureInput = {
    method: req.method,
    url: `http://${host}${req.path}${query}`,
    hostHeader: host,
    placement: c.placement,
    ...(c.placement === 'body' ? { body: encodePairs(c.body) } : req.body.length || c.isForm ? { body: req.bodyText } : {}),
    ...(c.isForm ? { contentType: 'application/x-www-form-urlencoded' } : {}),
    consumerKey: p.get('oauth_consumer_key')!,
    token: value('oauth_token'),
    signatureMethod: method,
    nonce: value('oauth_nonce'),
    timestamp: value('oauth_timestamp'),
    callback: value('oauth_callback'),
    verifier: value('oauth_verifier'),
    includeVersion: false,
    extraOauthParams: extra,
    consumerSecret,
    tokenSecret,
  };
  const client = p.get('oauth_signature') ?? null;
  const hidden = method === 'PLAINTEXT';
  try {
    // §3.4.1.3.1: protocol parameters, then the query, then the form body (already decoded by the collector).
    const normalized = normalizeParameters([...protocolParameters(input), ...c.query, ...c.body]);
    const uri = baseStringUri(input.url, host);
    const baseString = signatureBaseString(req.method, uri, normalized);
    const expected = signBaseString(method, baseString, signingKey(consumerSecret, tokenSecret), crypto).signature;
    let steps: readonly TraceStep[] | null = null;
    const report: ProviderSignatureReport = {
      signatureMethod: method,
      placement: c.placement,
      clientSignature: hidden ? '«hidden»' : client,
      expectedSignature: hidden ? '«hidden»' : expected,
      baseStringUri: uri,
      normalizedParameters: normalized,
      baseString,
      get steps() {
        return (steps ??= traceSteps(input, crypto, tokenSecret === ''));
      },
      error: null,
    };
    return { error: null, expected, report };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const why = e.step === 'base-string-uri' || e.step === 'query-parameters' ? `The request URI could not be rebuilt from the Host header ${JSON.stringify(host)} and path: ${e.message}` : `${e.step}: ${e.message}`;
    return { signatureMethod: method, placement: c.placement, clientSignature: hidden ? '«hidden»' : client, expectedSignature: null, baseStringUri: null, normalizedParameters: null, baseString: null, steps: [], error: why };
  }
}

/** Every intermediate, in order, from traceSignature, with the signing key (and a PLAINTEXT signature) masked. */
function traceSteps(input: SignatureInput, crypto: CryptoPort, noTokenSecret: boolean): readonly TraceStep[] {
  try {
    const t = traceSignature(input, crypto);
    const key = noTokenSecret ? '«consumer secret»&' : '«consumer secret»&«token secret»';
    return t.steps
      .filter((s) => s.id !== 'authorization-header')
      .map((s): TraceStep => (s.id === 'signing-key' ? { ...s, text: key } : s.id === 'signature' && input.signatureMethod === 'PLAINTEXT' ? { ...s, text: '«hidden: PLAINTEXT signature is the signing key»' } : s));
  } catch {
    return [];
  }
}

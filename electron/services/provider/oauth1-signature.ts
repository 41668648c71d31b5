import { ProtocolError } from '../../../shared/errors';
import {
  baseStringUri,
  normalizeParameters,
  signatureBaseString,
  isRsaMethod,
  signBaseString,
  signingKey,
  traceSignature,
  type Param,
  type ParamSource,
  type SignatureInput,
  type SignatureMethod,
  type TraceStep,
} from '../../../shared/oauth1';
import type { CryptoPort } from '../../../shared/ports';
import { formEncode } from '../../../shared/oauth2/form';
import { header, type ProviderRequest } from './http';
import { collectProtocolParameters, type Collected } from './oauth1-collect';
import type { SignatureDetails, SignatureFindings } from './oauth1-verify';

/**
 * The provider's own signature computation for one request, with the shared core's step functions
 * (normalizeParameters, baseStringUri, signatureBaseString, signingKey, signBaseString). What an event shows beyond
 * the verdict (the base string, its parts and the step-by-step trace of traceSignature) is recomputed from the same
 * request and secrets when the event is built: every request's event is kept in the history, and keeping only the
 * request rather than every intermediate string makes that history cheap. Secrets are masked in the trace.
 */
const present = (v: string | undefined): v is string => v !== undefined && v !== '';

/** What the provider computed; `expected` is null for the RSA methods, verified with the public key instead (§3.4.3). */
export type ComputedSignature =
  | { readonly findings: SignatureFindings; readonly expected: string | null; readonly baseString: string; readonly error: null }
  | { readonly findings: SignatureFindings; readonly error: string };

/** Everything the signature depends on besides the request: the same values give the same base string and trace. */
export interface SigningSetup {
  readonly method: SignatureMethod;
  readonly consumerSecret: string;
  readonly tokenSecret: string;
  readonly listenAuthority: string;
  /** The oauth1HeaderOnly switch as it was, so the parameters are collected again the same way. */
  readonly headerOnly: boolean;
  readonly crypto: CryptoPort;
}

/** Fields that go through protocolParameters, which leaves out empty values; a value sent empty is passed as it was signed. */
const FIELDS = new Set(['oauth_token', 'oauth_timestamp', 'oauth_nonce', 'oauth_callback', 'oauth_verifier']);

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

function signatureInput(req: ProviderRequest, c: Collected, host: string, s: SigningSetup): SignatureInput {
  const p = c.oauth;
  // The query is handed over re-encoded from its form-decoded pairs (RFC 5849 §3.4.1.3.1: '+' means a space), without
  // any protocol parameters, so the core's own query parsing sees exactly the values the RFC defines.
  const query = c.query.length ? `?${formEncode(c.query)}` : '';
  return {
    method: req.method,
    url: `http://${host}${req.path}${query}`,
    hostHeader: host,
    placement: c.placement,
    body: c.placement === 'body' ? formEncode(c.body) : req.body.length || c.isForm ? req.bodyText : undefined,
    contentType: c.isForm ? 'application/x-www-form-urlencoded' : undefined,
    consumerKey: p.get('oauth_consumer_key')!,
    token: valueOf(p, 'oauth_token'),
    signatureMethod: s.method,
    nonce: valueOf(p, 'oauth_nonce'),
    timestamp: valueOf(p, 'oauth_timestamp'),
    callback: valueOf(p, 'oauth_callback'),
    verifier: valueOf(p, 'oauth_verifier'),
    includeVersion: false,
    extraOauthParams: extraParameters(p),
    consumerSecret: s.consumerSecret,
    tokenSecret: s.tokenSecret,
    receivedSignature: isRsaMethod(s.method) ? (p.get('oauth_signature') ?? '') : undefined,
  };
}

/** Base string URIs by Host header and path, forgotten all at once when full: clients repeat a few endpoints. */
const uriMemo = new Map<string, string>();
const URI_MEMO_LIMIT = 256;

/**
 * §3.4.1.2, built from the Host header, so its authority already is what the client addressed; the query is not part
 * of it. Parsing is a pure function of these two strings, so a remembered result is the same (errors are not kept).
 */
function requestBaseStringUri(host: string, path: string): string {
  // A header value never contains a line feed, so the key is unambiguous.
  const key = `${host}\n${path}`;
  let uri = uriMemo.get(key);
  if (uri === undefined) {
    uri = baseStringUri(`http://${host}${path}`);
    if (uriMemo.size >= URI_MEMO_LIMIT) uriMemo.clear();
    uriMemo.set(key, uri);
  }
  return uri;
}

/**
 * §3.4.1: the base string URI, the normalized parameters and the base string, from what the collector found: every
 * protocol parameter as sent but oauth_signature (which normalizeParameters leaves out), then the query and the form
 * body (§3.4.1.3.1). Throws ProtocolError on a bad URI.
 */
function baseStringParts(req: ProviderRequest, c: Collected, host: string): { baseStringUri: string; normalizedParameters: string; baseString: string } {
  const normalizedParameters = normalizeParameters(c.query.length || c.body.length ? [...c.params, ...c.query, ...c.body] : c.params);
  const uri = requestBaseStringUri(host, req.path);
  return { baseStringUri: uri, normalizedParameters, baseString: signatureBaseString(req.method, uri, normalizedParameters) };
}

/** What verification leaves for the event; the rest is computed again from the same request when the event is built. */
class Findings implements SignatureFindings {
  readonly signatureMethod: SignatureMethod;
  readonly placement: ParamSource;
  readonly clientSignature: string | null;
  readonly expectedSignature: string | null;

  constructor(
    c: Collected,
    expected: string | null,
    readonly error: string | null,
    private readonly req: ProviderRequest,
    private readonly setup: SigningSetup,
  ) {
    this.signatureMethod = setup.method;
    this.placement = c.placement;
    // A PLAINTEXT signature is the secrets themselves (§3.4.4).
    const hidden = setup.method === 'PLAINTEXT';
    this.clientSignature = hidden ? '«hidden»' : (c.oauth.get('oauth_signature') ?? null);
    this.expectedSignature = hidden && expected !== null ? '«hidden»' : expected;
  }

  details(): SignatureDetails {
    if (this.error !== null) return noDetails();
    // Collection succeeded for this request before, with the same switch, so it succeeds again.
    const collected = collectProtocolParameters(this.req, this.setup.headerOnly);
    if (!collected.ok) return noDetails();
    const c = collected.value;
    const host = hostOf(this.req, this.setup);
    try {
      return { ...baseStringParts(this.req, c, host), steps: traceSteps(signatureInput(this.req, c, host, this.setup), this.setup.crypto, this.setup.tokenSecret === '') };
    } catch {
      return noDetails();
    }
  }
}

const hostOf = (req: ProviderRequest, setup: SigningSetup) => header(req, 'host') ?? setup.listenAuthority;

export function computeTrace(req: ProviderRequest, c: Collected, setup: SigningSetup): ComputedSignature {
  const host = hostOf(req, setup);
  try {
    const { baseString } = baseStringParts(req, c, host);
    const expected = isRsaMethod(setup.method) ? null : signBaseString(setup.method, baseString, signingKey(setup.consumerSecret, setup.tokenSecret), setup.crypto).signature;
    return { findings: new Findings(c, expected, null, req, setup), expected, baseString, error: null };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const error = e.step === 'base-string-uri' || e.step === 'query-parameters' ? `The request URI could not be rebuilt from the Host header ${JSON.stringify(host)} and path: ${e.message}` : `${e.step}: ${e.message}`;
    return { findings: new Findings(c, null, error, req, setup), error };
  }
}

const noDetails = (): SignatureDetails => ({ baseStringUri: null, normalizedParameters: null, baseString: null, steps: [] });

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

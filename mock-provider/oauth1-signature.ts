import { ProtocolError } from '../shared/errors';
import { parseReceivedUrl } from '../shared/url';
import {
  baseStringUri,
  normalizeParameters,
  signatureBaseString,
  isRsaMethod,
  hmacSignatureText,
  signingKey,
  signingSteps,
  traceBaseString,
  type CollectedParameters,
  type ParamSource,
  type SignatureMethod,
  type TraceStep,
} from '../shared/oauth1';
import type { CryptoPort } from '../shared/ports';
import { header, type ProviderRequest } from './http';
import { collectProtocolParameters, type Collected } from './oauth1-collect';
import type { SignatureDetails, SignatureFindings } from './oauth1-signature-report';
import { BoundedTable } from '../shared/bounded-table';

/**
 * The provider's own signature computation for one request. The base string is built by one function,
 * requestBaseString, from the parameters the collector found and the base string URI rebuilt from the Host header:
 * for the verdict with normalizeParameters (the core's fast path), for an event with traceBaseString (the same steps,
 * each kept); the core's property tests hold the two equal. What an event shows beyond the verdict is computed
 * again from the same request when the event is built: every request's event is kept in the history, and keeping
 * only the request rather than every intermediate string makes that history cheap. Secrets are masked in the trace.
 */

/** What the provider computed; `expected` is null for the RSA methods, verified with the public key instead (§3.4.3). */
export type ComputedSignature =
  | {
      readonly findings: SignatureFindings;
      readonly expected: string | null;
      readonly baseString: string;
      readonly error: null;
    }
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

/** Base string URIs by Host header and path, the oldest forgotten when full: clients repeat a few endpoints. */
const uriMemo = new BoundedTable<string, string>(256);

/**
 * §3.4.1.2, built from the Host header, so its authority already is what the client addressed; the query is not part
 * of it. Parsing is a pure function of these two strings, so a remembered result is the same (errors are not kept).
 */
function requestBaseStringUri(host: string, path: string): string {
  // A header value never contains a line feed, so the key is unambiguous.
  const key = `${host}\n${path}`;
  let uri = uriMemo.get(key);
  if (uri === undefined) {
    uri = baseStringUri(parseReceivedUrl(`http://${host}${path}`, 'base-string-uri'));
    uriMemo.set(key, uri);
  }
  return uri;
}

/** What the base string is computed from (§3.4.1): the method, the base string URI and the collected parameters. */
interface BaseStringInput {
  readonly method: string;
  readonly uri: string;
  readonly collected: CollectedParameters;
}

/**
 * §3.4.1 for a request the provider received: the base string URI from the Host header and path (§3.4.1.2), every
 * protocol parameter as sent (oauth_signature is left out when normalizing, §3.4.1.3.1), the query and the form body.
 * Throws ProtocolError on a URI that cannot be rebuilt.
 */
function baseStringInput(req: ProviderRequest, c: Collected, host: string): BaseStringInput {
  return {
    method: req.method,
    uri: requestBaseStringUri(host, req.path),
    collected: { protocol: c.params, placement: c.placement, query: c.query, body: c.body },
  };
}

/** The base string the verdict rests on, through the core's fast path (normalizeParameters). */
function verifiedBaseString({ method, uri, collected: p }: BaseStringInput): string {
  return signatureBaseString(
    method,
    uri,
    normalizeParameters(p.query.length || p.body.length ? [...p.protocol, ...p.query, ...p.body] : p.protocol)
  );
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
    private readonly setup: SigningSetup
  ) {
    this.signatureMethod = setup.method;
    this.placement = c.placement;
    // A PLAINTEXT signature is the secrets themselves (§3.4.4).
    const hidden = setup.method === 'PLAINTEXT';
    this.clientSignature = hidden ? '«hidden»' : (c.oauth.get('oauth_signature') ?? null);
    this.expectedSignature = hidden && expected !== null ? '«hidden»' : expected;
  }

  details(): SignatureDetails {
    // Refused before a base string existed: the error says why, and there is nothing more to show.
    if (this.error !== null) return noDetails();
    const collected = collectProtocolParameters(this.req, this.setup.headerOnly);
    // The same request and switch were collected once already: a different outcome now is a bug, not a refusal.
    if (!collected.ok)
      throw new Error(`The parameters of a verified request could not be collected again: ${collected.report.advice}`);
    const c = collected.value;
    const input = baseStringInput(this.req, c, hostOf(this.req, this.setup));
    const trace = traceBaseString(input.method, input.uri, input.collected);
    return {
      baseStringUri: trace.baseStringUri,
      normalizedParameters: trace.normalizedParameters,
      baseString: trace.baseString,
      steps: [...trace.steps, ...this.maskedSigningSteps(c)],
    };
  }

  /**
   * The signing key and signature steps with the secrets masked: the key, and a PLAINTEXT signature (which is the
   * key). For RSA the signature is the client's, which the provider verified with the consumer's public key, having no
   * private key to sign with (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)).
   */
  private maskedSigningSteps(c: Collected): TraceStep[] {
    const method = this.setup.method;
    const rsa = isRsaMethod(method);
    const key = rsa
      ? "«none: the consumer's RSA key pair signs and verifies; secrets are not used»"
      : this.setup.tokenSecret === ''
        ? '«consumer secret»&'
        : '«consumer secret»&«token secret»';
    const signature =
      method === 'PLAINTEXT'
        ? '«hidden: PLAINTEXT signature is the signing key»'
        : rsa
          ? (c.oauth.get('oauth_signature') ?? '')
          : this.expectedSignature!;
    const steps = signingSteps(method, key, signature);
    return rsa
      ? steps.map((s) =>
          s.id === 'signature'
            ? { ...s, title: `Signature sent by the client (${method}), verified with the consumer's RSA public key` }
            : s
        )
      : steps;
  }
}

const hostOf = (req: ProviderRequest, setup: SigningSetup) => header(req, 'host') ?? setup.listenAuthority;

export function computeTrace(req: ProviderRequest, c: Collected, setup: SigningSetup): ComputedSignature {
  const host = hostOf(req, setup);
  try {
    const baseString = verifiedBaseString(baseStringInput(req, c, host));
    const expected = isRsaMethod(setup.method)
      ? null
      : hmacSignatureText(setup.method, baseString, signingKey(setup.consumerSecret, setup.tokenSecret), setup.crypto);
    return { findings: new Findings(c, expected, null, req, setup), expected, baseString, error: null };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const error =
      e.step === 'base-string-uri' || e.step === 'query-parameters'
        ? `The request URI could not be rebuilt from the Host header ${JSON.stringify(host)} and path: ${e.message}`
        : `${e.step}: ${e.message}`;
    return { findings: new Findings(c, null, error, req, setup), error };
  }
}

const noDetails = (): SignatureDetails => ({
  baseStringUri: null,
  normalizedParameters: null,
  baseString: null,
  steps: [],
});

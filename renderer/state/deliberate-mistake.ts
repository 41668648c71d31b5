import type { RawRequest } from '../../shared/http';
import type { CryptoPort } from '../../shared/ports';
import type { SignatureTrace } from '../../shared/oauth1';
import { percentEncode } from '../../shared/percent-encoding';
import type { Candidate } from '../../shared/oauth1/debug/candidate';
import { signerMistakes } from '../../shared/oauth1/debug/key-mistakes';
import { encoderMistakes, groupMistakes, sortMistakes } from '../../shared/oauth1/debug/param-mistakes';
import { perParameterMistakes } from '../../shared/oauth1/debug/per-parameter-mistakes';
import { baseStringBuilder } from '../../shared/oauth1/debug/base-string-builder';
import { computeSignature, rfcSigner, type Keys } from '../../shared/oauth1/debug/pipeline';
import { readReceivedRequest } from '../../shared/oauth1/debug/received';
import { methodMistakes, uriMistakes } from '../../shared/oauth1/debug/uri-mistakes';

/** A client mistake the signature debugger knows, to be made on purpose on the next request a leg sends. */
export interface DeliberateMistake {
  readonly id: string;
  /** The cause's title, e.g. "The default port was kept". */
  readonly title: string;
  /** What exactly, in this request. */
  readonly detail: string;
  readonly candidate: Candidate;
}

/** The request as a client that makes the mistake would send it: its base string, its signature, the request. */
export interface MistakeApplied {
  readonly mistake: DeliberateMistake;
  readonly baseString: string;
  readonly signature: string;
  readonly request: RawRequest;
}

const keysOf = (input: { consumerSecret?: string | null; tokenSecret?: string | null }): Keys => ({
  consumerSecret: input.consumerSecret ?? '',
  tokenSecret: input.tokenSecret ?? '',
  rsaPublicKeyPem: null,
});

/**
 * Every mistake the debugger names (shared/oauth1/debug: the method, the URI, which parameters and how they are
 * encoded and sorted, the key, the algorithm) that changes this request's signature. The debugger applies them to
 * explain a wrong signature; here they make one. RSA is left out: the page never holds the private key.
 */
export function mistakesFor(
  trace: SignatureTrace,
  secrets: { consumerSecret?: string | null; tokenSecret?: string | null }
): DeliberateMistake[] {
  const r = readReceivedRequest(trace.request);
  const method = r.signatureMethod;
  if (method.startsWith('RSA-')) return [];
  const keys = keysOf(secrets);
  const right = rfcSigner(keys, method);
  const bases =
    method === 'PLAINTEXT'
      ? []
      : [
          ...methodMistakes(r),
          ...uriMistakes(r),
          ...groupMistakes(r),
          ...encoderMistakes(),
          ...sortMistakes(),
          ...perParameterMistakes(r),
        ];
  const builder = baseStringBuilder(r);
  const seen = new Set([`${trace.baseString}\n${right.key}\n${right.method}\n${right.format}`]);
  const out: DeliberateMistake[] = [];
  for (const candidate of [...bases, ...signerMistakes(keys, r)]) {
    // Signing oauth_signature itself cannot be done on purpose: the signature would have to contain itself.
    if (candidate.mistakes.some((m) => m.parameter === 'oauth_signature')) continue;
    const signer = candidate.signer ?? right;
    const baseString = builder.build(candidate.variant);
    const id = `${baseString}\n${signer.key}\n${signer.method}\n${signer.format}`;
    // Only mistakes that change something, each outcome once (two mistakes can build the same base string).
    if (seen.has(id)) continue;
    // The diagnosis compares METHOD&URI&PARAMETERS part by part: a base string whose & were left unencoded (an
    // encoder such as encodeURI) has more than three parts and cannot be diagnosed, so it is not offered.
    if (baseString.split('&').length !== 3) continue;
    seen.add(id);
    const first = candidate.mistakes[0]!;
    out.push({
      id: String(out.length),
      title: first.title,
      detail: candidate.mistakes.map((m) => m.detail).join(' '),
      candidate,
    });
  }
  return out;
}

/**
 * The request the app signed, with the signature a client making this mistake computes: the base string built the
 * mistaken way (or signed with the mistaken key or algorithm), and that signature put where the right one was.
 */
export function applyMistake(
  trace: SignatureTrace,
  mistake: DeliberateMistake,
  secrets: { consumerSecret?: string | null; tokenSecret?: string | null },
  crypto: CryptoPort
): MistakeApplied {
  const r = readReceivedRequest(trace.request);
  const signer = mistake.candidate.signer ?? rfcSigner(keysOf(secrets), r.signatureMethod);
  const baseString = baseStringBuilder(r).build(mistake.candidate.variant);
  const signature = computeSignature(baseString, signer, crypto);
  if (signature === null)
    throw new Error('An RSA signature cannot be made here: the page does not hold the private key.');
  // The signature travels percent-encoded wherever it is (header, query or body, RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5)), and only once.
  const from = percentEncode(trace.signature);
  const to = percentEncode(signature);
  const swap = (text: string) => text.replace(from, to);
  const request: RawRequest = {
    ...trace.request,
    url: r.placement === 'query' ? swap(trace.request.url) : trace.request.url,
    headers: trace.request.headers.map(([n, v]) => [
      n,
      r.placement === 'header' && n.toLowerCase() === 'authorization' ? swap(v) : v,
    ]),
    ...(trace.request.body !== undefined
      ? { body: r.placement === 'body' ? swap(trace.request.body) : trace.request.body }
      : {}),
  };
  return { mistake, baseString, signature, request };
}

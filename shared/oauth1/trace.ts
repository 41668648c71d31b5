import { hexEncode } from '../encoding/base64';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { CryptoPort } from '../ports';
import { parseHttpUrl } from '../url';
import { baseStringUri } from './base-string';
import { traceBaseString, type CollectedParameters } from './base-string-trace';
import { buildAuthorizationHeader } from './header';
import { formBodyParameters, queryParameters } from './parameters';
import { FORM_CONTENT_TYPE, formEncode, isFormContentType, type Param } from '../url-encoded';
import type { ParameterPlacement, TraceParam, TraceStep } from './trace-step';
import { protocolParameters, type ProtocolParameterInput } from './protocol-parameters';
import {
  bodyHash,
  isRsaMethod,
  signBaseString,
  signingKey,
  type SignatureMethod,
  type SignatureValue,
} from './signing';

export interface SignatureInput extends ProtocolParameterInput {
  readonly method: string;
  /** The request URL, query included. */
  readonly url: string;
  readonly body?: string;
  readonly contentType?: string;
  readonly consumerSecret?: string | null;
  readonly tokenSecret?: string | null;
  /** Sent first in the Authorization header, never signed (§3.5.1, §3.4.1.3.1). */
  readonly realm?: string | null;
  /** Adds oauth_body_hash for a body that is not a form (draft-eaton-oauth-bodyhash). */
  readonly includeBodyHash?: boolean;
  readonly privateKeyPem?: string;
  /**
   * Server side, RSA methods: the signature the client sent. A server holds only the consumer's public key and
   * cannot sign (§3.4.3), so the trace shows this signature as its last step; verifying it is the caller's part.
   */
  readonly receivedSignature?: string;
  readonly placement?: ParameterPlacement;
  /** Server side: the Host header the client addressed, which replaces the URL's authority (§3.4.1.2). */
  readonly hostHeader?: string;
}

export type { ParameterPlacement, TraceParam, TraceStep } from './trace-step';
export type { TraceStepId } from './trace-step-id';

export interface SignedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly Param[];
  readonly body?: string;
}

export interface SignatureTrace {
  /** Every intermediate in computation order, with its title and RFC section: what a UI renders. */
  readonly steps: readonly TraceStep[];
  readonly params: readonly TraceParam[];
  readonly sortedParams: readonly TraceParam[];
  readonly normalizedParameters: string;
  readonly baseStringUri: string;
  readonly baseString: string;
  readonly signingKey: string;
  readonly signature: string;
  readonly digestHex: string | null;
  /** The Authorization header value, or null when the parameters travel in the query or body. */
  readonly authorization: string | null;
  readonly request: SignedRequest;
}

const appendPairs = (base: string, pairs: readonly Param[], sep: string) =>
  base + (base === '' ? '' : sep) + formEncode(pairs);

/** The signing key and signature steps (§3.4.2-3.4.4), with the texts given: a server shows them masked. */
export function signingSteps(method: SignatureMethod, key: string, signature: string): TraceStep[] {
  return [
    {
      id: 'signing-key',
      title: 'Signing key',
      section: isRsaMethod(method) ? 'RFC 5849 §3.4.3 (the RSA private key signs; secrets unused)' : 'RFC 5849 §3.4.2',
      kind: 'text',
      text: key,
    },
    {
      id: 'signature',
      title: `Signature (${method})`,
      section: method === 'PLAINTEXT' ? 'RFC 5849 §3.4.4' : isRsaMethod(method) ? 'RFC 5849 §3.4.3' : 'RFC 5849 §3.4.2',
      kind: 'text',
      text: signature,
    },
  ];
}

/** Computes the OAuth 1.0a signature of one request, returning every RFC 5849 intermediate on the way. */
export function traceSignature(input: SignatureInput, crypto: CryptoPort): SignatureTrace {
  const placement = input.placement ?? 'header';
  const method = input.method.trim().toUpperCase();
  const url = parseHttpUrl(input.url, 'query-parameters');
  const isForm = isFormContentType(input.contentType);
  if (placement === 'body' && !isForm) {
    throw new ProtocolError(
      PROTOCOL_ERROR.BODY_PLACEMENT_NEEDS_FORM,
      'protocol-parameters',
      `Protocol parameters can travel in the body only when it is ${FORM_CONTENT_TYPE} (RFC 5849 §3.5.2); set that content type or send them in the header.`
    );
  }
  if (input.includeBodyHash && isForm) {
    throw new ProtocolError(
      PROTOCOL_ERROR.BODY_HASH_ON_FORM,
      'body-hash',
      'oauth_body_hash must not be sent with a form-encoded body: its parameters are already signed (draft-eaton-oauth-bodyhash §3.2).'
    );
  }
  const steps: TraceStep[] = [];
  let hash: string | undefined;
  if (input.includeBodyHash) {
    hash = bodyHash(input.signatureMethod, input.body ?? '', crypto);
    steps.push({
      id: 'body-hash',
      title: 'Body hash',
      section: 'draft-eaton-oauth-bodyhash §3.1',
      kind: 'text',
      text: hash,
    });
  }
  const protocol = protocolParameters(input, hash);
  const collected: CollectedParameters = {
    protocol,
    placement,
    query: queryParameters(url.query ?? ''),
    body: formBodyParameters(input.body, input.contentType),
  };
  const base = traceBaseString(method, baseStringUri(url, input.hostHeader), collected);
  const key = signingKey(input.consumerSecret ?? '', input.tokenSecret);
  const signed: SignatureValue =
    input.receivedSignature !== undefined && isRsaMethod(input.signatureMethod)
      ? { signature: input.receivedSignature }
      : signBaseString(input.signatureMethod, base.baseString, key, crypto, input.privateKeyPem);

  const oauthPairs: Param[] = [...protocol, ['oauth_signature', signed.signature]];
  const authorization = placement === 'header' ? buildAuthorizationHeader(oauthPairs, input.realm) : null;
  const headers: Param[] = [];
  if (authorization) headers.push(['Authorization', authorization]);
  if (input.body !== undefined && input.contentType) headers.push(['Content-Type', input.contentType]);
  const requestUrl =
    placement === 'query'
      ? appendPairs(input.url.replace(/#.*$/s, ''), oauthPairs, url.query === null ? '?' : url.query === '' ? '' : '&')
      : input.url;
  const requestBody = placement === 'body' ? appendPairs(input.body ?? '', oauthPairs, '&') : input.body;

  steps.push(...base.steps, ...signingSteps(input.signatureMethod, key, signed.signature));
  if (authorization)
    steps.push({
      id: 'authorization-header',
      title: 'Authorization header',
      section: 'RFC 5849 §3.5.1',
      kind: 'text',
      text: authorization,
    });

  return {
    steps,
    params: base.params,
    sortedParams: base.sortedParams,
    normalizedParameters: base.normalizedParameters,
    baseStringUri: base.baseStringUri,
    baseString: base.baseString,
    signingKey: key,
    signature: signed.signature,
    digestHex: signed.digest ? hexEncode(signed.digest) : null,
    authorization,
    request: { method, url: requestUrl, headers, ...(requestBody !== undefined ? { body: requestBody } : {}) },
  };
}

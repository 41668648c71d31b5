import type { TraceStep } from '../../../shared/oauth1';
import type { CryptoPort } from '../../../shared/ports';
import type { ConsumerConfig, Switches } from './config';
import type { ProviderRequest } from './http';
import { callbackAllowed } from './oauth1-checks/callback';
import { nonceUnused } from './oauth1-checks/nonce';
import {
  noneMisplaced,
  parameterLengths,
  plaintextOverTls,
  requiredPresent,
  signatureLength,
  signatureMethodAllowed,
  versionAccepted,
} from './oauth1-checks/parameters';
import { methodAllowed, oneSourcePerParameter, tlsRequired } from './oauth1-checks/request';
import {
  baseStringComputable,
  bodyHashMatches,
  consumerKnown,
  rsaKeyConfigured,
  signatureMatches,
  tokenKnown,
} from './oauth1-checks/signature';
import { timestampInWindow, timestampRemembered, timestampWellFormed } from './oauth1-checks/timestamp';
import { accessTokenNotRevoked, requestTokenRedeemable, verifierMatches } from './oauth1-checks/token-state';
import { Verification, type Check, type Refusal } from './oauth1-checks/verification';
import type { OAuth1AccessToken, ProviderState, RequestToken } from './state';

/**
 * Verifies one OAuth 1.0a signed request the way the service would (interface §5.1, RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2)), computing its own
 * signature trace with the same core as the client (traceSignature), so a rejected request can be diffed.
 */
export type OAuth1Endpoint = 'request_token' | 'access_token' | 'resource';

/** The provider's side of a signature check, for the event stream. Secrets are never included. */
export interface ProviderSignatureReport {
  readonly signatureMethod: string | null;
  readonly placement: string | null;
  /** The signature the client sent (hidden for PLAINTEXT, where it is the secrets themselves). */
  readonly clientSignature: string | null;
  /** The signature the provider computed (hidden for PLAINTEXT; null for RSA, which it verifies with the public key). */
  readonly expectedSignature: string | null;
  readonly baseStringUri: string | null;
  readonly normalizedParameters: string | null;
  readonly baseString: string | null;
  readonly steps: readonly TraceStep[];
  /** Why no base string could be computed, when that happened. */
  readonly error: string | null;
}

/** The base string, its parts and the trace: what the event adds to the verdict. */
export type SignatureDetails = Pick<
  ProviderSignatureReport,
  'baseStringUri' | 'normalizedParameters' | 'baseString' | 'steps'
>;

/** The report as verification leaves it; `details` computes the rest again when the event is built (same input, same core). */
export type SignatureFindings = Omit<ProviderSignatureReport, keyof SignatureDetails> & {
  readonly details: () => SignatureDetails;
};

export interface VerifyContext {
  readonly consumers: readonly ConsumerConfig[];
  readonly switches: Switches;
  readonly state: ProviderState;
  readonly crypto: CryptoPort;
  /** The host:port the server listens on, used when a request has no Host header (HTTP/1.0). */
  readonly listenAuthority: string;
  /** `http://127.0.0.1:PORT`, for the authorization address a refusal names. */
  readonly baseUrl: () => string;
}

export type OAuth1Verdict =
  | {
      readonly ok: true;
      readonly consumer: ConsumerConfig;
      readonly oauth: ReadonlyMap<string, string>;
      readonly requestToken?: RequestToken;
      readonly accessToken?: OAuth1AccessToken;
      readonly signature: SignatureFindings;
      readonly baseString: string;
    }
  | (Refusal & { readonly ok: false; readonly signature: SignatureFindings | null });

/**
 * Every check, in the order a request meets them; the first refusal is the answer. The order is the RFC's and the
 * service's: the request's shape first (method, transport, where the parameters are, which are there), then what can
 * be judged without secrets, then the signature (computed even for an unknown consumer, so timing reveals nothing),
 * then replay, and last whether the leg's token can be used now.
 */
const CHECKS: readonly Check[] = [
  methodAllowed,
  tlsRequired,
  oneSourcePerParameter,
  requiredPresent,
  noneMisplaced,
  versionAccepted,
  signatureMethodAllowed,
  plaintextOverTls,
  timestampWellFormed,
  timestampInWindow,
  timestampRemembered,
  parameterLengths,
  signatureLength,
  callbackAllowed,
  baseStringComputable,
  consumerKnown,
  rsaKeyConfigured,
  tokenKnown,
  signatureMatches,
  bodyHashMatches,
  nonceUnused,
  requestTokenRedeemable,
  verifierMatches,
  accessTokenNotRevoked,
];

export function verifyOAuth1(req: ProviderRequest, endpoint: OAuth1Endpoint, ctx: VerifyContext): OAuth1Verdict {
  const v = new Verification(req, endpoint, ctx);
  for (const check of CHECKS) {
    const refusal = check(v);
    if (refusal) return { ok: false, ...refusal, signature: v.findings };
  }
  const computed = v.signature();
  if (computed.error !== null) throw new Error('baseStringComputable lets no request through without a base string.');
  const { requestToken, accessToken } = v.tokens();
  return {
    ok: true,
    consumer: v.consumer!,
    oauth: v.oauth,
    signature: computed.findings,
    baseString: computed.baseString,
    requestToken,
    accessToken,
  };
}

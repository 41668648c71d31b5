import type { ConsumerConfig } from './config';
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
import type { OAuth1Endpoint, VerifyContext } from './oauth1-checks/verify-context';
import type { SignatureFindings } from './oauth1-signature-report';
import type { OAuth1AccessToken, RequestToken } from './state';

/** What verification concludes: the consumer, the tokens and the findings, or the first refusal. */
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

/**
 * Verifies one OAuth 1.0a signed request the way the service would (interface §5.1, RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2)), computing its own
 * signature trace with the same core as the client (traceSignature), so a rejected request can be diffed.
 */
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

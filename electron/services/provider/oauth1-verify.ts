import { bodyHash, constantTimeEqual, isRsaMethod, isSignatureMethod, verifySignature, type SignatureMethod, type TraceStep } from '../../../shared/oauth1';
import type { ProblemReport } from '../../../shared/oauth1/problems';
import type { CryptoPort } from '../../../shared/ports';
import type { ConsumerConfig, Switches } from './config';
import type { ProviderRequest } from './http';
import { collectProtocolParameters } from './oauth1-collect';
import { computeTrace } from './oauth1-signature';
import { checkOAuth1Callback } from './oauth1-callback';
import { NonceMemory } from './nonces';
import type { OAuth1AccessToken, ProviderState, RequestToken } from './state';

/**
 * Verifies one OAuth 1.0a signed request the way the service would (interface §5.1, RFC 5849 §3.2), computing its own
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
export type SignatureDetails = Pick<ProviderSignatureReport, 'baseStringUri' | 'normalizedParameters' | 'baseString' | 'steps'>;

/** The report as verification leaves it; `details` computes the rest again when the event is built (same input, same core). */
export type SignatureFindings = Omit<ProviderSignatureReport, keyof SignatureDetails> & { readonly details: () => SignatureDetails };

export interface VerifyContext {
  readonly consumers: readonly ConsumerConfig[];
  readonly switches: Switches;
  readonly state: ProviderState;
  readonly crypto: CryptoPort;
  /** The host:port the server listens on, used when a request has no Host header (HTTP/1.0). */
  readonly listenAuthority: string;
}

export type OAuth1Verdict =
  | { readonly ok: true; readonly consumer: ConsumerConfig; readonly oauth: ReadonlyMap<string, string>; readonly requestToken?: RequestToken; readonly accessToken?: OAuth1AccessToken; readonly signature: SignatureFindings; readonly baseString: string }
  | {
      readonly ok: false;
      readonly report: ProblemReport;
      readonly noCredentials?: boolean;
      readonly signature: SignatureFindings | null;
      /** Set when the status differs from the problem's usual one (RFC 5849 §3.2). */
      readonly status?: 401;
    };

const REQUIRED: Record<OAuth1Endpoint, string[]> = {
  request_token: ['oauth_callback'],
  access_token: ['oauth_token', 'oauth_verifier'],
  resource: ['oauth_token'],
};
/** Every required parameter, in the order they are reported: PLAINTEXT may omit nonce and timestamp (RFC 5849 §3.1). */
const requiredFor = (endpoint: OAuth1Endpoint, plaintext: boolean) => ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', ...(plaintext ? [] : ['oauth_timestamp', 'oauth_nonce']), ...REQUIRED[endpoint]];
const REQUIRED_ALL = {
  signed: { request_token: requiredFor('request_token', false), access_token: requiredFor('access_token', false), resource: requiredFor('resource', false) },
  plaintext: { request_token: requiredFor('request_token', true), access_token: requiredFor('access_token', true), resource: requiredFor('resource', true) },
};
const NOT_HERE: Record<OAuth1Endpoint, string[]> = { request_token: ['oauth_token', 'oauth_verifier'], access_token: [], resource: ['oauth_verifier', 'oauth_callback'] };
const BOUNDED = ['oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_verifier'];
const DUMMY_SECRET = 'dummy-secret-for-constant-time-verification';

const fail = (report: ProblemReport, signature: SignatureFindings | null = null, status?: 401): OAuth1Verdict => ({ ok: false, report, signature, status });
const present = (v: string | undefined): v is string => v !== undefined && v !== '';

export function verifyOAuth1(req: ProviderRequest, endpoint: OAuth1Endpoint, ctx: VerifyContext): OAuth1Verdict {
  const sw = ctx.switches;
  if (sw.requireTls) return fail({ problem: 'parameter_rejected', advice: 'This provider requires TLS for OAuth 1.0a requests (RFC 5849 §2.1, §3.2; switch requireTls) and the request came over plain http.' });
  const collected = collectProtocolParameters(req, sw.oauth1HeaderOnly);
  if (!collected.ok) return { ok: false, report: collected.report, signature: null, ...(collected.noCredentials ? { noCredentials: true } : {}) };
  const c = collected.value;
  const p = c.oauth;

  const method = p.get('oauth_signature_method');
  const isPlaintext = method === 'PLAINTEXT';
  const absent = REQUIRED_ALL[isPlaintext ? 'plaintext' : 'signed'][endpoint].filter((n) => !present(p.get(n)));
  if (absent.length) return fail({ problem: 'parameter_absent', parametersAbsent: absent, advice: `Missing protocol parameter${absent.length > 1 ? 's' : ''} ${absent.join(', ')}${endpoint === 'request_token' && absent.includes('oauth_callback') ? ' (oauth_callback is REQUIRED in step one, RFC 5849 §2.1; use "oob" when there is no callback)' : ''} (RFC 5849 §3.1, §3.2).` });
  const misplaced = NOT_HERE[endpoint].filter((n) => present(p.get(n)));
  if (misplaced.length) return fail({ problem: 'parameter_rejected', parametersRejected: misplaced, advice: `${misplaced.join(', ')} does not belong in a ${endpoint.replace('_', ' ')} request.` });

  const version = p.get('oauth_version');
  if (version !== undefined && version !== '1.0') return fail({ problem: 'version_rejected', acceptableVersions: ['1.0', '1.0'], advice: `oauth_version is ${JSON.stringify(version)}; the only accepted value is "1.0" (interface §9, RFC 5849 §3.1).` });
  if (!isSignatureMethod(method!) || !(sw.signatureMethods as readonly string[]).includes(method!)) {
    return fail({ problem: 'signature_method_rejected', advice: `Signature method ${JSON.stringify(method)} is not accepted; this provider accepts ${sw.signatureMethods.join(', ')} (names are case-sensitive, RFC 5849 §3.1).` });
  }
  const sigMethod: SignatureMethod = method as SignatureMethod;
  if (isPlaintext && sw.plaintextRequiresTls) return fail({ problem: 'signature_method_rejected', advice: 'PLAINTEXT sends the secrets themselves and may only be used over TLS (RFC 5849 §3.4.4); this request came over plain http. Use HMAC-SHA1.' });

  const tsText = p.get('oauth_timestamp');
  let timestamp: number | null = null;
  if (present(tsText)) {
    if (!/^[1-9][0-9]{0,11}$/.test(tsText)) return fail({ problem: 'timestamp_refused', advice: `oauth_timestamp ${JSON.stringify(tsText)} is not a positive whole number of seconds since 1970-01-01 UTC (RFC 5849 §3.3).` });
    timestamp = Number(tsText);
    // The client's clock, not the simulated one (clock.ts): advancing the mock ages what it issued, not timestamps.
    const now = ctx.state.clock.clientNowSeconds();
    const w = sw.timestampWindow;
    if (Math.abs(timestamp - now) > w) return fail({ problem: 'timestamp_refused', acceptableTimestamps: [now - w, now + w], advice: `oauth_timestamp ${timestamp} is ${timestamp < now ? `${now - timestamp} s behind` : `${timestamp - now} s ahead of`} the provider's clock (${now}); accepted: within ±${w} s. Check the client's clock.` });
    if (sw.checkNonce && timestamp <= ctx.state.nonces.floor) return fail({ problem: 'timestamp_refused', acceptableTimestamps: [ctx.state.nonces.floor + 1, now + w], advice: `oauth_timestamp ${timestamp} is older than the nonces this provider still remembers (its nonce memory is full); send a current timestamp.` });
  }
  for (const n of BOUNDED) {
    const v = p.get(n);
    if (v !== undefined && (v.length > sw.maxParameterLength || !/^[\x21-\x7e]*$/.test(v))) {
      return fail({ problem: 'parameter_rejected', parametersRejected: [n], advice: `${n} must be at most ${sw.maxParameterLength} printable ASCII characters without spaces; got ${v.length} characters${/[^\x21-\x7e]/.test(v) ? ' including others' : ''}.` });
    }
  }
  const signatureText = p.get('oauth_signature')!;
  if (signatureText.length > 1024) return fail({ problem: 'parameter_rejected', parametersRejected: ['oauth_signature'], advice: `oauth_signature is ${signatureText.length} characters long; a signature is at most a few hundred.` });
  const callback = p.get('oauth_callback');
  const consumer = ctx.consumers.find((k) => k.key === p.get('oauth_consumer_key'));
  if (callback !== undefined && endpoint !== 'resource') {
    const why = checkOAuth1Callback(callback, consumer, sw.oauth1Callback);
    if (why) return fail({ problem: 'parameter_rejected', parametersRejected: ['oauth_callback'], advice: why });
  }

  // Token lookup: the token secret is needed to compute the signature.
  const tokenValue = p.get('oauth_token');
  let tokenProblem: ProblemReport | null = null;
  let requestToken: RequestToken | undefined;
  let accessToken: OAuth1AccessToken | undefined;
  if (endpoint === 'access_token' && present(tokenValue)) {
    requestToken = ctx.state.requestTokens.get(tokenValue);
    if (!requestToken) tokenProblem = { problem: 'token_rejected', advice: ctx.state.accessTokens.has(tokenValue) ? 'oauth_token is an access token; step three needs the request token from step one (RFC 5849 §2.3).' : 'oauth_token is not a request token this provider issued.' };
    else if (consumer && requestToken.consumerKey !== consumer.key) tokenProblem = { problem: 'token_rejected', advice: 'This request token was issued to a different consumer key (RFC 5849 §2.3).' };
  } else if (endpoint === 'resource' && present(tokenValue)) {
    accessToken = ctx.state.accessTokens.get(tokenValue);
    if (!accessToken) tokenProblem = { problem: 'token_rejected', advice: ctx.state.requestTokens.has(tokenValue) ? 'oauth_token is a request token; API requests need the access token from step three (RFC 5849 §2.3, §3).' : 'oauth_token is not an access token this provider issued.' };
    else if (consumer && accessToken.consumerKey !== consumer.key) tokenProblem = { problem: 'token_rejected', advice: 'This access token was issued to a different consumer key.' };
  }
  const tokenSecret = requestToken?.secret ?? accessToken?.secret ?? (present(tokenValue) ? DUMMY_SECRET : '');

  const signature = computeTrace(req, c, { method: sigMethod, consumerSecret: consumer?.secret ?? DUMMY_SECRET, tokenSecret, listenAuthority: ctx.listenAuthority, headerOnly: sw.oauth1HeaderOnly, crypto: ctx.crypto });
  const report = signature.findings;
  if (signature.error !== null) return fail({ problem: 'parameter_rejected', advice: signature.error }, report);
  // Unknown consumer: answered only after a full computation, so timing does not reveal which keys exist (oauthlib dummy_client).
  if (!consumer) return fail({ problem: 'consumer_key_unknown', advice: `oauth_consumer_key ${JSON.stringify(p.get('oauth_consumer_key'))} is not a consumer of this provider.` }, report);
  const rsa = isRsaMethod(sigMethod);
  if (rsa && consumer.rsaPublicKey === undefined) {
    // §3.4.3: the public key is established with the consumer's credentials, so a consumer without one has no
    // credentials for RSA: 401 (§3.2, invalid client credentials) rather than the 400 of an unsupported method.
    const others = sw.signatureMethods.filter((m) => !isRsaMethod(m));
    return fail({ problem: 'signature_method_rejected', advice: `Consumer ${JSON.stringify(consumer.key)} has no RSA public key configured, so its ${sigMethod} signature cannot be verified (RFC 5849 §3.4.3). Add rsaPublicKey (PEM) to this consumer in the mock's configuration${others.length ? `, or sign with ${others.join(', ')}` : ''}.` }, report, 401);
  }
  if (tokenProblem) return fail(tokenProblem, report);
  if (rsa ? !verifySignature(sigMethod, signature.baseString, '', signatureText, ctx.crypto, consumer.rsaPublicKey) : !constantTimeEqual(signature.expected!, signatureText)) {
    const key = rsa
      ? `verified with the RSA public key of consumer ${JSON.stringify(consumer.key)}, which the consumer's private key must have signed; token secrets are not used, RFC 5849 §3.4.3`
      : `signing key: consumer secret & ${endpoint === 'request_token' ? 'empty token secret' : endpoint === 'access_token' ? 'request token secret' : 'access token secret'}, RFC 5849 §3.4`;
    return fail({ problem: 'signature_invalid', advice: `The signature does not match. The provider computed its signature base string as: ${signature.baseString} (${key}).` }, report);
  }
  const sent = p.get('oauth_body_hash');
  if (sent !== undefined) {
    if (c.isForm) return fail({ problem: 'parameter_rejected', parametersRejected: ['oauth_body_hash'], advice: 'oauth_body_hash must not be sent with a form-encoded body (draft-eaton-oauth-bodyhash §3.2).' }, report);
    if (isPlaintext || !constantTimeEqual(bodyHash(sigMethod, req.body, ctx.crypto), sent)) return fail({ problem: 'signature_invalid', advice: 'oauth_body_hash does not match the hash of the body that arrived (draft-eaton-oauth-bodyhash §3.1).' }, report);
  }
  if (sw.checkNonce && timestamp !== null) {
    const key = NonceMemory.key(consumer.key, tokenValue ?? '', timestamp, p.get('oauth_nonce') ?? '');
    if (ctx.state.nonces.has(key)) return fail({ problem: 'nonce_used', advice: `oauth_nonce ${JSON.stringify(p.get('oauth_nonce'))} was already used with this timestamp and token; use a new random nonce for every request (RFC 5849 §3.3).` }, report);
    ctx.state.nonces.remember(key, timestamp, ctx.state.clock.clientNowSeconds() - sw.timestampWindow);
  }
  return { ok: true, consumer, oauth: p, signature: report, baseString: signature.baseString, requestToken, accessToken };
}

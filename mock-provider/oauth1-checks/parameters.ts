import { isSignatureMethod } from '../../shared/oauth1';
import type { OAuth1Endpoint } from './verify-context';
import { refuse, type Check } from './verification';

/** What each leg requires beyond the signed-request parameters (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1), §2.3, §3.1), and what it refuses. */
const REQUIRED: Record<OAuth1Endpoint, string[]> = {
  request_token: ['oauth_callback'],
  access_token: ['oauth_token', 'oauth_verifier'],
  resource: ['oauth_token'],
};
const NOT_HERE: Record<OAuth1Endpoint, string[]> = {
  request_token: ['oauth_token', 'oauth_verifier'],
  access_token: [],
  resource: ['oauth_verifier', 'oauth_callback'],
};
/** Every required parameter, in the order they are reported: PLAINTEXT may omit nonce and timestamp (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1)). */
const requiredFor = (endpoint: OAuth1Endpoint, plaintext: boolean) => [
  'oauth_consumer_key',
  'oauth_signature_method',
  'oauth_signature',
  ...(plaintext ? [] : ['oauth_timestamp', 'oauth_nonce']),
  ...REQUIRED[endpoint],
];
const REQUIRED_ALL = {
  signed: {
    request_token: requiredFor('request_token', false),
    access_token: requiredFor('access_token', false),
    resource: requiredFor('resource', false),
  },
  plaintext: {
    request_token: requiredFor('request_token', true),
    access_token: requiredFor('access_token', true),
    resource: requiredFor('resource', true),
  },
};
/** Parameters the provider keeps or compares, bounded so a request cannot make it hold arbitrary text. */
const BOUNDED = ['oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_verifier'];

/** RFC 5849 §3.1, §3.2: every required parameter present and not empty, all missing ones named at once. */
export const requiredPresent: Check = (v) => {
  const absent = REQUIRED_ALL[v.isPlaintext ? 'plaintext' : 'signed'][v.endpoint].filter(
    (n) => v.value(n) === undefined
  );
  if (!absent.length) return null;
  const callbackHint =
    v.endpoint === 'request_token' && absent.includes('oauth_callback')
      ? ' (oauth_callback is REQUIRED in step one, RFC 5849 §2.1; use "oob" when there is no callback)'
      : '';
  return refuse({
    problem: 'parameter_absent',
    parametersAbsent: absent,
    advice: `Missing protocol parameter${absent.length > 1 ? 's' : ''} ${absent.join(', ')}${callbackHint} (RFC 5849 §3.1, §3.2).`,
  });
};

/** A token or verifier where the leg has none (RFC 5849 §2.1: step one has no token yet). */
export const noneMisplaced: Check = (v) => {
  const misplaced = NOT_HERE[v.endpoint].filter((n) => v.value(n) !== undefined);
  return misplaced.length
    ? refuse({
        problem: 'parameter_rejected',
        parametersRejected: misplaced,
        advice: `${misplaced.join(', ')} does not belong in a ${v.endpoint.replace('_', ' ')} request.`,
      })
    : null;
};

/** RFC 5849 §3.1: oauth_version is OPTIONAL and, when sent, "1.0" (interface §9). */
export const versionAccepted: Check = (v) => {
  const version = v.oauth.get('oauth_version');
  if (version === undefined || version === '1.0') return null;
  return refuse({
    problem: 'version_rejected',
    acceptableVersions: ['1.0', '1.0'],
    advice: `oauth_version is ${JSON.stringify(version)}; the only accepted value is "1.0" (interface §9, RFC 5849 §3.1).`,
  });
};

/** RFC 5849 §3.1: a method name the provider supports, compared case-sensitively, and switched on (signatureMethods). */
export const signatureMethodAllowed: Check = (v) => {
  const method = v.oauth.get('oauth_signature_method')!;
  const accepted = v.ctx.switches.signatureMethods;
  if (isSignatureMethod(method) && (accepted as readonly string[]).includes(method)) return null;
  return refuse({
    problem: 'signature_method_rejected',
    advice: `Signature method ${JSON.stringify(method)} is not accepted; this provider accepts ${accepted.join(', ')} (names are case-sensitive, RFC 5849 §3.1).`,
  });
};

/** RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4): PLAINTEXT only over TLS, unless the switch plaintextRequiresTls is off. */
export const plaintextOverTls: Check = (v) =>
  v.isPlaintext && v.ctx.switches.plaintextRequiresTls
    ? refuse({
        problem: 'signature_method_rejected',
        advice:
          'PLAINTEXT sends the secrets themselves and may only be used over TLS (RFC 5849 §3.4.4); this request came over plain http. Use HMAC-SHA1.',
      })
    : null;

/** Bounded parameters: at most maxParameterLength printable ASCII characters without spaces. */
export const parameterLengths: Check = (v) => {
  const max = v.ctx.switches.maxParameterLength;
  for (const n of BOUNDED) {
    const value = v.oauth.get(n);
    if (value !== undefined && (value.length > max || !/^[\x21-\x7e]*$/.test(value))) {
      return refuse({
        problem: 'parameter_rejected',
        parametersRejected: [n],
        advice: `${n} must be at most ${max} printable ASCII characters without spaces; got ${value.length} characters${/[^\x21-\x7e]/.test(value) ? ' including others' : ''}.`,
      });
    }
  }
  return null;
};

/** A signature is at most a few hundred characters (RSA-SHA512 with a 4096-bit key: 684); longer is not one. */
export const signatureLength: Check = (v) => {
  const signature = v.oauth.get('oauth_signature')!;
  return signature.length > 1024
    ? refuse({
        problem: 'parameter_rejected',
        parametersRejected: ['oauth_signature'],
        advice: `oauth_signature is ${signature.length} characters long; a signature is at most a few hundred.`,
      })
    : null;
};

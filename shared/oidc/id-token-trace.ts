import { ProtocolError } from '../errors';
import { decodeJwt, type DecodedJwt } from './jwt';
import { checkClaims, type ClaimExpectations, type ClaimStepId } from './id-token-claims';
import {
  checkAlg,
  checkSignature,
  chooseKey,
  type SignatureDeps,
  type SignatureExpectations,
  type SignatureStepId,
} from './id-token-signature';
import { failed, passed, shown, skipped, type ValidationStep } from './trace-step';

export type IdTokenStepId = 'decode' | 'typ' | SignatureStepId | ClaimStepId;
export type IdTokenStep = ValidationStep<IdTokenStepId>;
export type IdTokenExpectations = SignatureExpectations & ClaimExpectations;

export interface IdTokenTrace {
  /** Every step in the order of OIDC Core §3.1.3.7; a failed step does not stop the ones after it. */
  readonly steps: readonly IdTokenStep[];
  readonly header: Readonly<Record<string, unknown>> | null;
  readonly claims: Readonly<Record<string, unknown>> | null;
  /** True when no step failed. */
  readonly valid: boolean;
}

/** The default allowance between the provider's clock and the client's, in seconds. */
export const DEFAULT_CLOCK_SKEW_SECONDS = 60;

const CLAIM_STEPS: readonly [ClaimStepId, string][] = [
  ['iss', 'Issuer (iss)'],
  ['sub', 'Subject (sub)'],
  ['aud', 'Audience (aud)'],
  ['azp', 'Authorized party (azp)'],
  ['exp', 'Expiry (exp)'],
  ['iat', 'Issued at (iat)'],
  ['nbf', 'Not before (nbf)'],
  ['auth_time', 'Authentication time (auth_time)'],
  ['nonce', 'Nonce'],
  ['auth_time', 'Authentication time (auth_time)'],
  ['at_hash', 'Access token hash (at_hash)'],
  ['c_hash', 'Code hash (c_hash)'],
];

const TYP_SECTION = 'RFC 9068 §2.1, §4';

/** An RFC 9068 access token (typ at+jwt) is never taken as an id_token: the explicit type exists to tell them apart. */
function checkTyp(typ: unknown): IdTokenStep {
  const t = 'Token type (typ)';
  const accessToken = typeof typ === 'string' && /^(application\/)?at\+jwt$/i.test(typ);
  return accessToken
    ? failed(
        'typ',
        t,
        TYP_SECTION,
        `typ is ${shown(typ)}: an RFC 9068 access token, not an id_token; one must never stand in for the other.`
      )
    : passed(
        'typ',
        t,
        TYP_SECTION,
        typ === undefined ? 'No typ: not an RFC 9068 access token.' : `typ is ${shown(typ)}, not at+jwt.`
      );
}

/**
 * Validates an id_token from the token endpoint step by step (OIDC Core §3.1.3.7), the way the OAuth 1.0a trace
 * shows a signature: each step says what it compared and, when it fails, why; every step runs, so one failure does
 * not hide another.
 */
export async function traceIdToken(
  idToken: string,
  e: IdTokenExpectations,
  deps: SignatureDeps
): Promise<IdTokenTrace> {
  let jwt: DecodedJwt;
  try {
    jwt = decodeJwt(idToken, 'decode');
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err;
    const cannot = 'Not checked: the token could not be decoded.';
    const steps: IdTokenStep[] = [
      failed('decode', 'Decode header and payload', 'RFC 7519 §7.2, OIDC Core §2', err.message),
      skipped('typ', 'Token type (typ)', TYP_SECTION, cannot),
      skipped('alg', 'Algorithm (alg)', 'OIDC Core §3.1.3.7 (6, 7)', cannot),
      skipped('key', 'Key from the JWKS', 'OIDC Core §10.1', cannot),
      skipped('signature', 'Signature', 'OIDC Core §3.1.3.7 (6)', cannot),
      ...CLAIM_STEPS.map(([id, title]) => skipped(id, title, 'OIDC Core §3.1.3.7', cannot)),
    ];
    return { steps, header: null, claims: null, valid: false };
  }
  const decode = passed(
    'decode',
    'Decode header and payload',
    'RFC 7519 §7.2, OIDC Core §2',
    `${jwt.signature === '' ? 'An unsigned JWT (Unsecured JWS, RFC 7515 §A.5)' : 'A signed JWT (JWS compact serialization)'}: header ${Object.keys(jwt.header).join(', ')}; ${Object.keys(jwt.payload).length} claims.`
  );
  const alg = checkAlg(jwt.header.alg, e, jwt.signature);
  const { step: key, key: chosen } = await chooseKey(jwt, e, deps);
  const signature = await checkSignature(idToken, jwt, chosen, deps);
  const steps: IdTokenStep[] = [
    decode,
    checkTyp(jwt.header.typ),
    alg,
    key,
    signature,
    ...checkClaims(jwt.payload, jwt.header.alg, e, deps.crypto),
  ];
  return { steps, header: jwt.header, claims: jwt.payload, valid: steps.every((s) => s.status !== 'failed') };
}

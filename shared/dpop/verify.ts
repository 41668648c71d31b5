import { ProtocolError } from '../errors';
import { decodeJwt, type DecodedJwt } from '../oidc/jwt';
import { failed, passed, shown, skipped, type ValidationStep } from '../oidc/trace-step';
import type { CryptoPort, JosePort, Jwk, JwsVerification } from '../ports';
import { DPOP_ALGS } from './dpop-key';
import { judgeBinding, judgeClaims } from './claim-checks';
import type { DpopExpectations, Recorder } from './expectations';
import { finding, DPOP_MISTAKES, type DpopFinding, type DpopMistakeId } from './mistakes';
import { jwkThumbprint, privateMembers, publicMembersOf, thumbprintProblem } from './thumbprint';

export interface DpopVerification {
  readonly ok: boolean;
  readonly mistakes: readonly DpopFinding[];
  /** Each check of §4.3 in order: passed, failed (its mistake named) or skipped (nothing to check it against). */
  readonly checks: readonly ValidationStep<DpopMistakeId>[];
  readonly header: Readonly<Record<string, unknown>> | null;
  readonly payload: Readonly<Record<string, unknown>> | null;
  /** The RFC 7638 thumbprint of the header's jwk, when it has one. */
  readonly thumbprint: string | null;
}

/** The key and algorithm the signature is checked with (public members only), or null when the header lacks them. */
export function proofKey(proof: string): { alg: string; jwk: Jwk } | null {
  let jwt: DecodedJwt;
  try {
    jwt = decodeJwt(proof, 'dpop');
  } catch {
    return null;
  }
  const { alg, jwk } = jwt.header;
  if (typeof alg !== 'string' || !jwk || typeof jwk !== 'object' || Array.isArray(jwk)) return null;
  const pub = publicMembersOf(jwk as Record<string, unknown>);
  return typeof pub.kty === 'string' ? { alg, jwk: pub as Jwk } : null;
}

/** Verifies a proof with the JOSE port (asynchronous, as WebCrypto is), then judges it. */
export async function verifyDpopProof(
  proof: string,
  expect: DpopExpectations,
  crypto: CryptoPort,
  jose: JosePort
): Promise<DpopVerification> {
  const key = proofKey(proof);
  const signature = key && usableAlg(key.alg, expect) ? await jose.verifyCompact(proof.trim(), key.alg, key.jwk) : null;
  return judgeDpopProof(proof, expect, crypto, signature);
}

const usableAlg = (alg: string, expect: DpopExpectations) => (expect.algorithms ?? DPOP_ALGS).includes(alg);

/**
 * Every check of RFC 9449 §4.3 (https://www.rfc-editor.org/rfc/rfc9449#section-4.3) on a proof whose signature was
 * verified already (`signature`: null when it could not be, for a reason another check names).
 */
export function judgeDpopProof(
  proof: string,
  expect: DpopExpectations,
  crypto: CryptoPort,
  signature: JwsVerification | null
): DpopVerification {
  const checks: ValidationStep<DpopMistakeId>[] = [];
  const check = (id: DpopMistakeId, fault: string | null, passDetail: string) =>
    checks.push(
      fault === null
        ? passed(id, DPOP_MISTAKES[id].check, DPOP_MISTAKES[id].section, passDetail)
        : failed(id, DPOP_MISTAKES[id].title, DPOP_MISTAKES[id].section, fault)
    );
  const skip = (id: DpopMistakeId, why: string) =>
    checks.push(skipped(id, DPOP_MISTAKES[id].check, DPOP_MISTAKES[id].section, why));
  let jwt: DecodedJwt | null = null;
  try {
    jwt = decodeJwt(proof, 'dpop');
    check('not-a-jwt', null, 'Three base64url parts, header and payload JSON objects.');
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    check('not-a-jwt', e.message, '');
  }
  const record: Recorder = { check, skip };
  const thumbprint = jwt ? judgeHeader(jwt.header, expect, signature, record, crypto) : null;
  if (jwt) judgeClaims(jwt.payload, expect, record);
  if (jwt) judgeBinding(jwt.payload, thumbprint, expect, crypto, record);
  const mistakes = checks.filter((c) => c.status === 'failed').map((c) => finding(c.id, c.detail));
  return {
    ok: mistakes.length === 0,
    mistakes,
    checks,
    header: jwt?.header ?? null,
    payload: jwt?.payload ?? null,
    thumbprint,
  };
}

/** typ, alg, jwk and the signature (§4.3 checks 4 to 7); the jwk's thumbprint when it has one. */
function judgeHeader(
  header: Readonly<Record<string, unknown>>,
  expect: DpopExpectations,
  signature: JwsVerification | null,
  { check, skip }: Recorder,
  crypto: CryptoPort
): string | null {
  check(
    'typ-wrong',
    header.typ === 'dpop+jwt' ? null : `typ is ${shown(header.typ)}; a DPoP proof has typ "dpop+jwt".`,
    'typ is dpop+jwt.'
  );
  const alg = header.alg;
  const algs = expect.algorithms ?? DPOP_ALGS;
  if (typeof alg === 'string' && alg.toLowerCase() === 'none')
    check('alg-none', `alg is ${shown(alg)}; a proof must be signed with one of ${algs.join(', ')}.`, '');
  else if (typeof alg === 'string' && /^HS/i.test(alg))
    check(
      'alg-symmetric',
      `alg is ${alg}, a MAC with a shared secret; a proof is signed with a private key (${algs.join(', ')}).`,
      ''
    );
  else
    check(
      'alg-unsupported',
      usableAlg(String(alg), expect) ? null : `alg is ${shown(alg)}; accepted here: ${algs.join(', ')}.`,
      `alg ${String(alg)} is accepted.`
    );
  const jwk = header.jwk;
  const isObject = !!jwk && typeof jwk === 'object' && !Array.isArray(jwk);
  const problem = isObject
    ? thumbprintProblem(jwk as Record<string, unknown>)
    : `jwk is ${shown(jwk)}, not a JWK object`;
  check(
    'jwk-missing',
    problem === null ? null : `${problem}; the header's jwk must be the public key that signed the proof.`,
    'jwk is a public key.'
  );
  const secret = isObject ? privateMembers(jwk as Record<string, unknown>) : [];
  check(
    'jwk-private',
    secret.length
      ? `jwk carries the private member${secret.length > 1 ? 's' : ''} ${secret.join(', ')}: the private key has leaked into every proof; send the public key only.`
      : null,
    'jwk has no private members.'
  );
  if (signature === null) skip('signature', 'Not checked: the header does not give an accepted alg and a public jwk.');
  else
    check(
      'signature',
      signature.ok
        ? null
        : `The signature does not verify with the header's jwk and alg ${String(alg)}: ${signature.reason}.`,
      `Verified with the header's jwk (${String(alg)}).`
    );
  return problem === null ? jwkThumbprint(jwk as Jwk, crypto) : null;
}

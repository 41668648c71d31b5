import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Jwk } from '../../shared/ports';
import type { Fault } from '../../shared/grade/scenarios';
import { jwsSign, type SigningKey } from '../oidc-keys';

/** An RSA signing key for the grader's id_tokens, made once per run (an RSA key takes a moment). */
function rsaKey(kid: string): SigningKey {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid,
    kty: 'RSA',
    privateKey: pair.privateKey,
    publicJwk: { ...(pair.publicKey.export({ format: 'jwk' }) as Jwk), kid, use: 'sig' },
  };
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * The run's keys: the one the issuers sign with and a second RSA key, published beside it only in the scenario whose
 * JWKS holds two keys. The same keys serve every scenario: a scenario's state is fresh, its keys need not be.
 */
export class GraderKeys {
  private readonly signing = rsaKey(`grade-${randomBytes(4).toString('hex')}`);
  private readonly other = rsaKey(`grade-${randomBytes(4).toString('hex')}`);

  /** The JWK Set a scenario publishes (RFC 7517 §5); without kid members where the scenario's header has none. */
  jwks(fault: Fault): { keys: Jwk[] } {
    const bare = (k: SigningKey) => Object.fromEntries(Object.entries(k.publicJwk).filter(([n]) => n !== 'kid')) as Jwk;
    if (fault === 'id-token-kid-absent-single-jwks') return { keys: [bare(this.signing)] };
    if (fault === 'id-token-kid-absent-multiple-jwks') return { keys: [bare(this.other), bare(this.signing)] };
    return { keys: [this.signing.publicJwk] };
  }

  /**
   * A compact JWS of the claims (RFC 7515 §7.1): RS256 with the signing key, its kid in the header unless the fault
   * leaves it out; a flipped signature byte, HS256 under a key that is not the client secret, or no signature at all
   * where the fault says.
   */
  sign(claims: Record<string, unknown>, fault: Fault): string {
    // An Unsecured JWS (RFC 7515 §A.5): alg none and an empty signature, for a client registered for none.
    if (fault === 'id-token-sig-none')
      return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.`;
    const kidAbsent = fault === 'id-token-kid-absent-single-jwks' || fault === 'id-token-kid-absent-multiple-jwks';
    const alg = fault === 'id-token-invalid-sig-hs256' ? 'HS256' : 'RS256';
    const header = kidAbsent || alg === 'HS256' ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid: this.signing.kid };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    if (alg === 'HS256') return `${input}.${b64url(createHmac('sha256', randomBytes(32)).update(input).digest())}`;
    const signature = jwsSign('RS256', this.signing, input);
    if (fault === 'id-token-invalid-sig-rs256') signature[0] = signature[0]! ^ 0xff;
    return `${input}.${b64url(signature)}`;
  }
}

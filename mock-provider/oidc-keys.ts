import { constants, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Jwk } from '../shared/ports';
import type { ProviderState } from './state';

/**
 * The mock's id_token signing keys (mock-only, OpenID Connect). One RSA and one P-256 key are current; a rotation
 * keeps the previous pair published beside the new one (OIDC Core §10.1.1: old keys stay in the JWKS while tokens
 * signed with them may still be checked) and drops the pair before that. Keys are made on first use, since an
 * RSA key takes a moment and most runs of the mock never issue an id_token.
 */
export interface SigningKey {
  readonly kid: string;
  readonly kty: 'RSA' | 'EC';
  readonly privateKey: KeyObject;
  readonly publicJwk: Jwk;
}

class KeyRing {
  private current: SigningKey[] = [];
  private previous: SigningKey[] = [];
  private retired: SigningKey[] = [];

  constructor(private readonly state: ProviderState) {}

  private make(kty: 'RSA' | 'EC'): SigningKey {
    const pair =
      kty === 'RSA'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = this.state.newSecret(9, `${kty.toLowerCase()}-`);
    // No `alg` member: the key is for signing (use), and which algorithm is acceptable is the client's alg check.
    return {
      kid,
      kty,
      privateKey: pair.privateKey,
      publicJwk: { ...(pair.publicKey.export({ format: 'jwk' }) as Jwk), kid, use: 'sig' },
    };
  }

  private ensure(): void {
    if (this.current.length === 0) this.current = [this.make('RSA'), this.make('EC')];
  }

  key(kty: 'RSA' | 'EC'): SigningKey {
    this.ensure();
    return this.current.find((k) => k.kty === kty)!;
  }

  /** A key that was rotated out and is no longer published (made now if no rotation has retired one yet). */
  retiredKey(kty: 'RSA' | 'EC'): SigningKey {
    const found = this.retired.find((k) => k.kty === kty);
    if (found) return found;
    const k = this.make(kty);
    this.retired.push(k);
    return k;
  }

  /** The published JWK Set (RFC 7517 §5 (https://www.rfc-editor.org/rfc/rfc7517#section-5)): the current keys, then the previous ones. */
  jwks(): { keys: Jwk[] } {
    this.ensure();
    return { keys: [...this.current, ...this.previous].map((k) => k.publicJwk) };
  }

  rotate(): { current: string[]; previous: string[] } {
    this.ensure();
    this.retired = [...this.previous, ...this.retired].slice(0, 4);
    this.previous = this.current;
    this.current = [this.make('RSA'), this.make('EC')];
    return { current: this.current.map((k) => k.kid), previous: this.previous.map((k) => k.kid) };
  }
}

const rings = new WeakMap<ProviderState, KeyRing>();

/** The key ring of one provider (its state identifies it); a reset of the state keeps the keys, as it keeps the settings. */
export function keyRing(state: ProviderState): KeyRing {
  let ring = rings.get(state);
  if (!ring) rings.set(state, (ring = new KeyRing(state)));
  return ring;
}

/** A JWS signature (RFC 7518 §3.3–3.5 (https://www.rfc-editor.org/rfc/rfc7518#section-3.3)): RS256, PS256 with the RSA key; ES256 as R||S (ieee-p1363) with the EC key. */
export function jwsSign(alg: 'RS256' | 'PS256' | 'ES256', key: SigningKey, input: string): Buffer {
  const data = Buffer.from(input, 'ascii');
  if (alg === 'ES256') return sign('sha256', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  if (alg === 'PS256')
    return sign('sha256', data, { key: key.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  return sign('sha256', data, key.privateKey);
}

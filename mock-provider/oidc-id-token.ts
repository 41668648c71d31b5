import { createHash } from 'node:crypto';
import type { ProviderContext } from './context';
import type { IdTokenFault } from '../shared/oidc/mock-switches';
import { jwsSign, keyRing } from './oidc-keys';

/**
 * The id_token the mock adds to a code grant's token response when the scope has `openid` (OIDC Core §3.1.3.3,
 * §2). Mock-only: the service issues no id_token. The switch idTokenFault breaks exactly one thing, so that exactly
 * one step of a client's validation (OIDC Core §3.1.3.7) fails.
 */
export interface IdTokenSubject {
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly nonce: string | null;
  readonly accessToken: string;
  /** When the user authenticated (auth_time, OIDC Core §2), ms. */
  readonly authTime: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** at_hash: base64url of the left half of SHA-256 of the access token (OIDC Core §3.1.3.6; every alg used here hashes with SHA-256). */
const atHash = (accessToken: string) =>
  b64url(createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16));

/** The claims the mock knows of a user, by scope (OIDC Core §5.4): profile gives the names. */
export function userClaims(username: string, scope: string): Record<string, string> {
  return scope.split(' ').includes('profile')
    ? { sub: username, preferred_username: username, name: username }
    : { sub: username };
}

export function mintIdToken(ctx: ProviderContext, s: IdTokenSubject): string {
  const fault: IdTokenFault = ctx.settings.switches.idTokenFault;
  const configured = ctx.settings.switches.idTokenAlg;
  const now = Math.floor(ctx.clock.now() / 1000);
  const ttl = ctx.settings.lifetimes.idTokenTtl;
  const ring = keyRing(ctx.state);
  // wrong-alg: PS256 with the RSA key verifies, but the discovery document lists only RS256 and ES256.
  const alg = fault === 'wrong-alg' ? 'PS256' : fault === 'alg-none' ? 'none' : configured;
  const kty = alg === 'ES256' ? 'EC' : 'RSA';
  const key = fault === 'rotated-key' ? ring.retiredKey(kty) : ring.key(kty);
  const kid = fault === 'unknown-kid' ? ctx.state.newSecret(9, 'unknown-') : key.kid;
  const header = alg === 'none' ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid };
  // expired: both times in the past, exp two minutes beyond any usual clock-skew allowance; iat stays plausible.
  const iat = fault === 'expired' ? now - ttl - 120 : now;
  const payload: Record<string, unknown> = {
    iss: fault === 'iss-mismatch' ? `${ctx.baseUrl()}/` : ctx.baseUrl(),
    ...userClaims(s.username, s.scope),
    aud: fault === 'wrong-aud' ? 'another-client' : s.clientId,
    exp: iat + ttl,
    iat,
    auth_time: Math.floor(s.authTime / 1000),
    at_hash: atHash(fault === 'bad-at-hash' ? `${s.accessToken}-of-another-token` : s.accessToken),
  };
  if (fault === 'wrong-nonce') payload.nonce = ctx.state.newSecret(12, 'other-');
  else if (fault !== 'missing-nonce' && s.nonce !== null) payload.nonce = s.nonce;
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  if (alg === 'none') return `${input}.`;
  const signature = jwsSign(alg, key, input);
  if (fault === 'bad-signature') signature[0] = signature[0]! ^ 0xff;
  return `${input}.${b64url(signature)}`;
}

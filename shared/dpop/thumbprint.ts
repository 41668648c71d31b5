import { base64UrlEncode } from '../encoding/base64';
import type { CryptoPort, Jwk } from '../ports';

/** The members a thumbprint hashes, per key type, in lexicographic order (RFC 7638 §3.2 (https://www.rfc-editor.org/rfc/rfc7638#section-3.2)). */
const REQUIRED_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
  OKP: ['crv', 'kty', 'x'],
};

/** JWK members that hold private key material (RFC 7518 §6.2.2, §6.3.2, §6.4.1; RFC 8037 §2). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The private members a JWK carries (none for a public key). */
export const privateMembers = (jwk: Readonly<Record<string, unknown>>): string[] =>
  PRIVATE_MEMBERS.filter((m) => jwk[m] !== undefined);

/** The JWK without its private members: the public key. */
export const publicMembersOf = (jwk: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(jwk).filter(([m]) => !(PRIVATE_MEMBERS as readonly string[]).includes(m)));

/** Why a JWK has no thumbprint (an unknown kty, a required member missing or not a string), or null. */
export function thumbprintProblem(jwk: Readonly<Record<string, unknown>>): string | null {
  const members = typeof jwk.kty === 'string' ? REQUIRED_MEMBERS[jwk.kty] : undefined;
  if (!members) return `kty ${JSON.stringify(jwk.kty ?? null)} is not EC, RSA or OKP`;
  const missing = members.filter((m) => typeof jwk[m] !== 'string' || jwk[m] === '');
  return missing.length ? `the ${jwk.kty} key has no ${missing.join(', ')}` : null;
}

/**
 * The JWK SHA-256 thumbprint (RFC 7638 §3 (https://www.rfc-editor.org/rfc/rfc7638#section-3)): the required members
 * only, in lexicographic order, as JSON without whitespace, hashed and base64url-encoded. This is the `jkt` a DPoP
 * token is bound to (RFC 9449 §6.1 (https://www.rfc-editor.org/rfc/rfc9449#section-6.1)). Throws on a JWK that has
 * no thumbprint (check thumbprintProblem first when the JWK is untrusted).
 */
export function jwkThumbprint(jwk: Jwk, crypto: CryptoPort): string {
  const problem = thumbprintProblem(jwk);
  if (problem) throw new Error(`No JWK thumbprint: ${problem} (RFC 7638 §3.2).`);
  const members = REQUIRED_MEMBERS[jwk.kty]!;
  const canonical = `{${members.map((m) => `${JSON.stringify(m)}:${JSON.stringify(jwk[m])}`).join(',')}}`;
  return base64UrlEncode(crypto.digest('SHA-256', canonical));
}

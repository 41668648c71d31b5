/**
 * Every mistake the DPoP verifier names, with the section of RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449) it
 * breaks; the checks of §4.3 are numbered there, and cited by their number.
 */
export const DPOP_MISTAKES = {
  'not-a-jwt': { title: 'The proof is not a signed JWT', section: 'RFC 9449 §4.3 check 2' },
  'typ-wrong': { title: 'typ is not dpop+jwt', section: 'RFC 9449 §4.2, §4.3 check 4' },
  'alg-none': { title: 'alg is none: the proof is unsigned', section: 'RFC 9449 §4.3 check 5' },
  'alg-symmetric': { title: 'alg is a MAC (HS*), not an asymmetric signature', section: 'RFC 9449 §4.3 check 5' },
  'alg-unsupported': { title: 'alg is not one this server accepts', section: 'RFC 9449 §4.3 check 5, §5.1' },
  'jwk-missing': { title: 'The header has no usable public key (jwk)', section: 'RFC 9449 §4.2' },
  'jwk-private': { title: 'The header jwk carries a private key', section: 'RFC 9449 §4.2, §4.3 check 7' },
  signature: { title: 'The signature does not verify with the header jwk', section: 'RFC 9449 §4.3 check 6' },
  'jti-missing': { title: 'jti is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'jti-reused': { title: 'jti was used before: a replayed proof', section: 'RFC 9449 §11.1' },
  'htm-missing': { title: 'htm is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'htm-wrong': { title: 'htm is not the method of the request', section: 'RFC 9449 §4.3 check 8' },
  'htu-missing': { title: 'htu is missing or not a URL', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'htu-query': { title: 'htu keeps the query or fragment', section: 'RFC 9449 §4.2' },
  'htu-wrong': { title: 'htu is not the URL of the request', section: 'RFC 9449 §4.3 check 9' },
  'iat-missing': { title: 'iat is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'iat-stale': { title: 'iat is too old', section: 'RFC 9449 §4.3 check 11, §11.1' },
  'iat-future': { title: 'iat is in the future', section: 'RFC 9449 §4.3 check 11, §11.1' },
  'ath-missing': { title: 'ath is missing on a call with an access token', section: 'RFC 9449 §4.2, §7' },
  'ath-wrong': { title: 'ath is not the hash of this access token', section: 'RFC 9449 §4.3 check 12, §4.2' },
  'jkt-mismatch': {
    title: 'The proof key is not the key the token is bound to',
    section: 'RFC 9449 §4.3 check 12, §6.1',
  },
  'nonce-missing': {
    title: 'The server asked for a nonce and the proof has none',
    section: 'RFC 9449 §4.3 check 10, §8, §9',
  },
  'nonce-wrong': { title: 'nonce is not the one the server sent', section: 'RFC 9449 §4.3 check 10, §8, §9' },
} as const;
export type DpopMistakeId = keyof typeof DPOP_MISTAKES;

/** One mistake found in one proof, its cause in `detail`. */
export interface DpopFinding {
  readonly id: DpopMistakeId;
  readonly title: string;
  readonly section: string;
  readonly detail: string;
}

export const finding = (id: DpopMistakeId, detail: string): DpopFinding => ({ id, ...DPOP_MISTAKES[id], detail });

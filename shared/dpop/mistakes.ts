/**
 * Every mistake the DPoP verifier names (`check`: what is checked, as a passed check is listed), with the section of RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449) it
 * breaks; the checks of §4.3 are numbered there, and cited by their number.
 */
export const DPOP_MISTAKES = {
  'not-a-jwt': { check: 'a signed JWT', title: 'The proof is not a signed JWT', section: 'RFC 9449 §4.3 check 2' },
  'typ-wrong': { check: 'typ', title: 'typ is not dpop+jwt', section: 'RFC 9449 §4.2, §4.3 check 4' },
  'alg-none': { check: 'alg not none', title: 'alg is none: the proof is unsigned', section: 'RFC 9449 §4.3 check 5' },
  'alg-symmetric': {
    check: 'alg asymmetric',
    title: 'alg is a MAC (HS*), not an asymmetric signature',
    section: 'RFC 9449 §4.3 check 5',
  },
  'alg-unsupported': {
    check: 'alg accepted',
    title: 'alg is not one this server accepts',
    section: 'RFC 9449 §4.3 check 5, §5.1',
  },
  'jwk-missing': {
    check: 'jwk a public key',
    title: 'The header has no usable public key (jwk)',
    section: 'RFC 9449 §4.2',
  },
  'jwk-private': {
    check: 'jwk without private members',
    title: 'The header jwk carries a private key',
    section: 'RFC 9449 §4.2, §4.3 check 7',
  },
  signature: {
    check: 'signature',
    title: 'The signature does not verify with the header jwk',
    section: 'RFC 9449 §4.3 check 6',
  },
  'jti-missing': { check: 'jti present', title: 'jti is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'jti-reused': {
    check: 'jti not replayed',
    title: 'jti was used before: a replayed proof',
    section: 'RFC 9449 §11.1',
  },
  'htm-missing': { check: 'htm present', title: 'htm is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'htm-wrong': {
    check: 'htm the method',
    title: 'htm is not the method of the request',
    section: 'RFC 9449 §4.3 check 8',
  },
  'htu-missing': { check: 'htu present', title: 'htu is missing or not a URL', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'htu-query': { check: 'htu without query', title: 'htu keeps the query or fragment', section: 'RFC 9449 §4.2' },
  'htu-wrong': { check: 'htu the URL', title: 'htu is not the URL of the request', section: 'RFC 9449 §4.3 check 9' },
  'iat-missing': { check: 'iat present', title: 'iat is missing', section: 'RFC 9449 §4.2, §4.3 check 3' },
  'iat-stale': { check: 'iat not stale', title: 'iat is too old', section: 'RFC 9449 §4.3 check 11, §11.1' },
  'iat-future': { check: 'iat not ahead', title: 'iat is in the future', section: 'RFC 9449 §4.3 check 11, §11.1' },
  'ath-missing': {
    check: 'ath present',
    title: 'ath is missing on a call with an access token',
    section: 'RFC 9449 §4.2, §7',
  },
  'ath-wrong': {
    check: 'ath over this token',
    title: 'ath is not the hash of this access token',
    section: 'RFC 9449 §4.3 check 12, §4.2',
  },
  'jkt-mismatch': {
    check: 'key bound to the token',
    title: 'The proof key is not the key the token is bound to',
    section: 'RFC 9449 §4.3 check 12, §6.1',
  },
  'nonce-missing': {
    check: 'nonce present',
    title: 'The server asked for a nonce and the proof has none',
    section: 'RFC 9449 §4.3 check 10, §8, §9',
  },
  'nonce-wrong': {
    check: "nonce the server's",
    title: 'nonce is not the one the server sent',
    section: 'RFC 9449 §4.3 check 10, §8, §9',
  },
} as const;
export type DpopMistakeId = keyof typeof DPOP_MISTAKES;

/** One mistake found in one proof, its cause in `detail`. */
export interface DpopFinding {
  readonly id: DpopMistakeId;
  readonly title: string;
  readonly section: string;
  readonly detail: string;
}

export const finding = (id: DpopMistakeId, detail: string): DpopFinding => ({
  id,
  title: DPOP_MISTAKES[id].title,
  section: DPOP_MISTAKES[id].section,
  detail,
});

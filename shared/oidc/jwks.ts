import type { Jwk } from '../ports';

/** The key type each JWS algorithm needs (RFC 7518 §3.1 (https://www.rfc-editor.org/rfc/rfc7518#section-3.1), RFC 8037 §3.1 (https://www.rfc-editor.org/rfc/rfc8037#section-3.1) for EdDSA). */
function keyTypeOf(alg: string): string | null {
  if (/^(RS|PS)(256|384|512)$/.test(alg)) return 'RSA';
  if (/^ES(256|384|512)$/.test(alg)) return 'EC';
  if (alg === 'EdDSA' || alg === 'Ed25519') return 'OKP';
  if (/^HS(256|384|512)$/.test(alg)) return 'oct';
  return null;
}

export type JwksParse =
  { readonly ok: true; readonly keys: readonly Jwk[] } | { readonly ok: false; readonly reason: string };

/** A JWK Set (RFC 7517 §5 (https://www.rfc-editor.org/rfc/rfc7517#section-5)): an object with a `keys` array of objects that each have a string `kty`. */
export function parseJwks(body: unknown): JwksParse {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, reason: 'The JWKS is not a JSON object (RFC 7517 §5).' };
  const keys = (body as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) return { ok: false, reason: 'The JWKS has no "keys" array (RFC 7517 §5.1).' };
  const usable = keys.filter(
    (k): k is Jwk => !!k && typeof k === 'object' && typeof (k as { kty?: unknown }).kty === 'string'
  );
  return { ok: true, keys: usable };
}

export type KeyChoice =
  | { readonly ok: true; readonly key: Jwk; readonly why: string }
  | { readonly ok: false; readonly unknownKid: boolean; readonly reason: string };

const describe = (k: Jwk) =>
  `${k.kid !== undefined ? `kid ${JSON.stringify(k.kid)}` : 'no kid'}, kty ${k.kty}${k.use ? `, use ${k.use}` : ''}`;

/**
 * Chooses the key for an id_token (OIDC Core §10.1, RFC 7515 §4.1.4 (https://www.rfc-editor.org/rfc/rfc7515#section-4.1.4)): keys of the algorithm's kty, not marked for
 * encryption (`use: "enc"`), whose `alg`, if given, is the header's; then the header's kid, if it has one. Exactly
 * one key must remain; the reason names why none or several do.
 */
export function selectKey(
  keys: readonly Jwk[],
  header: { readonly alg: string; readonly kid?: string | undefined }
): KeyChoice {
  const kty = keyTypeOf(header.alg);
  if (kty === null)
    return { ok: false, unknownKid: false, reason: `No key type is known for alg ${JSON.stringify(header.alg)}.` };
  const candidates = keys.filter(
    (k) => k.kty === kty && k.use !== 'enc' && (k.alg === undefined || k.alg === header.alg)
  );
  if (header.kid !== undefined) {
    const match = candidates.filter((k) => k.kid === header.kid);
    if (match.length === 1)
      return {
        ok: true,
        key: match[0]!,
        why: `The header's kid ${JSON.stringify(header.kid)} names one ${kty} signing key.`,
      };
    if (match.length > 1)
      return {
        ok: false,
        unknownKid: false,
        reason: `${match.length} keys share kid ${JSON.stringify(header.kid)}; a kid must name one key (RFC 7517 §4.5).`,
      };
    const sameKid = keys.find((k) => k.kid === header.kid);
    if (sameKid)
      return {
        ok: false,
        unknownKid: false,
        reason: `kid ${JSON.stringify(header.kid)} names a key that does not fit alg ${header.alg} (${describe(sameKid)}).`,
      };
    return {
      ok: false,
      unknownKid: true,
      reason: `No key in the JWKS has kid ${JSON.stringify(header.kid)}; published: ${keys.map(describe).join('; ') || 'none'}.`,
    };
  }
  if (candidates.length === 1)
    return {
      ok: true,
      key: candidates[0]!,
      why: `The header has no kid and the JWKS has exactly one ${kty} signing key (OIDC Core §10.1).`,
    };
  if (candidates.length === 0)
    return {
      ok: false,
      unknownKid: false,
      reason: `The JWKS has no ${kty} signing key for alg ${header.alg}; published: ${keys.map(describe).join('; ') || 'none'}.`,
    };
  return {
    ok: false,
    unknownKid: false,
    reason: `The header has no kid and ${candidates.length} ${kty} keys fit alg ${header.alg}; with several keys a kid is required (OIDC Core §10.1).`,
  };
}

import { utf8Encode } from '../encoding/utf8';
import type { CryptoPort, JosePort, Jwk } from '../ports';
import { parseJwks, selectKey } from './jwks';
import { redirectLine, type JsonGetter } from './json-document';
import type { DecodedJwt } from './jwt';
import { failed, passed, shown, skipped, type ValidationStep } from './trace-step';

export interface SignatureExpectations {
  /** id_token_signed_response_alg the client registered (OIDC Registration §2); null: any the provider lists. */
  readonly registeredAlg?: string | null;
  /** id_token_signing_alg_values_supported from discovery (OIDC Discovery §3); null when unknown. */
  readonly allowedAlgs?: readonly string[] | null;
  readonly jwksUri: string | null;
  /** Needed for HS256/384/512: the key is the client secret's octets (OIDC Core §10.1). */
  readonly clientSecret?: string | null;
}

export interface SignatureDeps {
  readonly jose: JosePort;
  readonly crypto: CryptoPort;
  /** GETs the jwks_uri (redirects followed) and returns its parsed JSON; throws an Error saying what went wrong. */
  readonly fetchJwks: JsonGetter;
}

export type SignatureStepId = 'alg' | 'key' | 'signature';
const S_ALG = 'OIDC Core §3.1.3.7 (6, 7), RFC 7515 §4.1.1';
const S_KEY = 'OIDC Core §10.1, RFC 7517 §4.5, OIDC Discovery §3 (jwks_uri)';
const S_SIG = 'OIDC Core §3.1.3.7 (6), RFC 7515 §5.2';

/**
 * Step 6–7: the alg is one the client registered and the provider lists; `none` only from a client that registered
 * none (OIDC Core §3.1.3.7 item 7, OIDC Registration §2), and then only as an Unsecured JWS (RFC 7515 §A.5).
 */
export function checkAlg(alg: unknown, e: SignatureExpectations, signature: string): ValidationStep<'alg'> {
  const title = 'Algorithm (alg)';
  if (typeof alg !== 'string' || alg === '')
    return failed(
      'alg',
      title,
      S_ALG,
      `The header's alg is ${shown(alg)}; a JWS header must name its algorithm (RFC 7515 §4.1.1).`
    );
  if (alg === 'none' && e.registeredAlg === 'none')
    return signature === ''
      ? passed('alg', title, S_ALG, 'alg is none: the token is unsigned, as the client registered none.')
      : failed(
          'alg',
          title,
          S_ALG,
          'alg is none but the token carries a signature: an Unsecured JWS has an empty signature (RFC 7515 §A.5).'
        );
  if (alg.toLowerCase() === 'none')
    return failed(
      'alg',
      title,
      S_ALG,
      'alg is "none": the token is not signed. An id_token from the token endpoint must be signed unless the client registered "none" (OIDC Core §3.1.3.7 (7)); refused.'
    );
  if (e.registeredAlg && alg !== e.registeredAlg)
    return failed(
      'alg',
      title,
      S_ALG,
      `alg is ${alg}, but the client registered ${e.registeredAlg} (id_token_signed_response_alg, OIDC Registration §2).`
    );
  if (e.allowedAlgs && !e.allowedAlgs.includes(alg))
    return failed(
      'alg',
      title,
      S_ALG,
      `alg is ${alg}, which the provider's discovery document does not list (id_token_signing_alg_values_supported: ${e.allowedAlgs.join(', ')}).`
    );
  const against = [
    e.registeredAlg ? `registered ${e.registeredAlg}` : null,
    e.allowedAlgs ? `discovery lists ${e.allowedAlgs.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return passed('alg', title, S_ALG, `alg is ${alg}${against ? ` (${against})` : ''}.`);
}

type KeyResult = { readonly step: ValidationStep<'key'>; readonly key: Jwk | Uint8Array | null };

/** The key: the client secret for HS*, otherwise one JWK from jwks_uri, fetched again once when the kid is unknown (rotation). */
export async function chooseKey(jwt: DecodedJwt, e: SignatureExpectations, deps: SignatureDeps): Promise<KeyResult> {
  const title = 'Key from the JWKS';
  const alg = jwt.header.alg;
  const kid = jwt.header.kid;
  if (typeof alg !== 'string' || alg.toLowerCase() === 'none' || alg === '')
    return { step: skipped('key', title, S_KEY, 'No key is needed: the token names no signing algorithm.'), key: null };
  if (kid !== undefined && typeof kid !== 'string')
    return {
      step: failed('key', title, S_KEY, `The header's kid is ${shown(kid)}; it must be a string (RFC 7515 §4.1.4).`),
      key: null,
    };
  if (alg.startsWith('HS')) {
    if (!e.clientSecret)
      return {
        step: failed(
          'key',
          title,
          S_KEY,
          `${alg} is keyed with the client secret (OIDC Core §10.1), and none is configured.`
        ),
        key: null,
      };
    return {
      step: passed(
        'key',
        'Key: the client secret',
        'OIDC Core §10.1',
        `${alg}: the key is the UTF-8 octets of the client secret (masked).`
      ),
      key: utf8Encode(e.clientSecret),
    };
  }
  if (!e.jwksUri)
    return {
      step: failed('key', title, S_KEY, 'No jwks_uri is known: run discovery or set the JWKS URL in the profile.'),
      key: null,
    };
  const header = { alg, kid: kid as string | undefined };
  const fetched: string[] = [];
  for (let refetch = false; ; refetch = true) {
    let body: unknown;
    try {
      const got = await deps.fetchJwks(e.jwksUri);
      body = got.body;
      if (got.redirects.length > 0) fetched.push(`Redirected: ${got.redirects.map(redirectLine).join(', ')}.`);
    } catch (err) {
      return {
        step: failed(
          'key',
          title,
          S_KEY,
          `${[...fetched, `GET ${e.jwksUri} failed: ${(err as Error).message}`].join(' ')}`
        ),
        key: null,
      };
    }
    const jwks = parseJwks(body);
    if (!jwks.ok) return { step: failed('key', title, S_KEY, [...fetched, jwks.reason].join(' ')), key: null };
    fetched.push(
      `JWKS ${refetch ? 're-fetched' : 'fetched'} (${jwks.keys.length} key${jwks.keys.length === 1 ? '' : 's'}).`
    );
    const choice = selectKey(jwks.keys, header);
    if (choice.ok) return { step: passed('key', title, S_KEY, `${fetched.join(' ')} ${choice.why}`), key: choice.key };
    // OIDC Core §10.1.1: an unknown kid may mean the provider rotated its keys; fetch once more, never in a loop.
    if (!choice.unknownKid || refetch)
      return {
        step: failed(
          'key',
          title,
          S_KEY,
          `${fetched.join(' ')} ${choice.reason}${refetch ? ' The kid stayed unknown after one re-fetch (OIDC Core §10.1.1), so the key is not (or no longer) published.' : ''}`
        ),
        key: null,
      };
  }
}

/** Step 6: the JWS signature over header.payload verifies with the chosen key. */
export async function checkSignature(
  token: string,
  jwt: DecodedJwt,
  key: Jwk | Uint8Array | null,
  deps: SignatureDeps
): Promise<ValidationStep<'signature'>> {
  const title = 'Signature';
  const alg = jwt.header.alg;
  if (typeof alg !== 'string' || alg === '' || alg.toLowerCase() === 'none')
    return skipped('signature', title, S_SIG, 'Nothing to verify: the token is not signed (see the alg step).');
  if (key === null) return skipped('signature', title, S_SIG, 'Not verified: no key was chosen (see the key step).');
  const result = await deps.jose.verifyCompact(token.trim(), alg, key);
  return result.ok
    ? passed(
        'signature',
        title,
        S_SIG,
        `The ${alg} signature over the header and payload verifies with the chosen key.`
      )
    : failed(
        'signature',
        title,
        S_SIG,
        `The ${alg} signature does not verify with the chosen key: ${result.reason}. The token was altered, or signed with another key.`
      );
}

import { base64Decode, hexEncode } from '../encoding/base64';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Jwk, JwsSigningKey } from '../ports';

/**
 * The client's private key for `private_key_jwt` (OIDC Core §9 (https://openid.net/specs/openid-connect-core-1_0.html#ClientAuthentication)),
 * read from the text of a PEM or JWK file: which kind of key it is (so the algorithm can be checked against it
 * before anything is signed) and its `kid`, if the JWK has one. Nothing here prints the key.
 */

/** The JWS algorithms (RFC 7518 §3.1 (https://www.rfc-editor.org/rfc/rfc7518#section-3.1), RFC 8037 §3.1) a client assertion can be signed with. */
export const ASSERTION_ALGS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;
export type AssertionAlg = (typeof ASSERTION_ALGS)[number];

export type ClientKeyKind = 'RSA' | 'EC P-256' | 'EC P-384' | 'EC P-521' | 'Ed25519';

export interface ClientPrivateKey {
  readonly kind: ClientKeyKind;
  readonly format: 'PKCS#8 PEM' | 'JWK';
  readonly kid: string | null;
  /** The JWK's own `alg`, if it names one (RFC 7517 §4.4). */
  readonly alg: string | null;
  readonly signingKey: JwsSigningKey;
}

const STEP = 'client-assertion';

const invalid = (message: string) => new ProtocolError(PROTOCOL_ERROR.INVALID_PRIVATE_KEY, STEP, message);

/** Which algorithms each kind of key signs with (RFC 7518 §3.3-3.5, RFC 8037 §3.1). */
const ALGS_OF: Record<ClientKeyKind, readonly AssertionAlg[]> = {
  RSA: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
  'EC P-256': ['ES256'],
  'EC P-384': ['ES384'],
  'EC P-521': ['ES512'],
  Ed25519: ['EdDSA'],
};

/** The algorithm to use: the one asked for, else the JWK's, else the first the key signs with; refused if the key cannot. */
export function assertionAlgFor(key: ClientPrivateKey, asked: string | null): AssertionAlg {
  const alg = asked || key.alg || ALGS_OF[key.kind][0]!;
  if (!(ALGS_OF[key.kind] as readonly string[]).includes(alg))
    throw new ProtocolError(
      PROTOCOL_ERROR.ALG_KEY_MISMATCH,
      STEP,
      `${alg} does not fit the key: it is an ${key.kind} key (${key.format}), which signs with ${ALGS_OF[key.kind].join(', ')} (RFC 7518 §3.1).`
    );
  return alg as AssertionAlg;
}

/** Object identifiers of PKCS#8's AlgorithmIdentifier (RFC 5208 §5), as DER bytes in hex, and the curve's. */
const OIDS: readonly [string, ClientKeyKind][] = [
  ['06092a864886f70d010101', 'RSA'],
  ['06092a864886f70d01010a', 'RSA'],
  ['06032b6570', 'Ed25519'],
  ['06082a8648ce3d030107', 'EC P-256'],
  ['06052b81040022', 'EC P-384'],
  ['06052b81040023', 'EC P-521'],
];

function pemKind(pem: string): ClientKeyKind {
  const der = hexEncode(base64Decode(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')));
  // The identifiers sit in the first bytes, before the key material (RFC 5208 §5: version, algorithm, key).
  const head = der.slice(0, 80);
  const found = OIDS.find(([oid]) => head.includes(oid));
  if (!found)
    throw invalid(
      'The PEM key is of a kind a client assertion cannot use; expected RSA, EC (P-256, P-384, P-521) or Ed25519.'
    );
  return found[1];
}

const PEM_MISTAKES: readonly [RegExp, string][] = [
  [
    /-----BEGIN ENCRYPTED PRIVATE KEY-----/,
    'The PEM key is encrypted; decrypt it first (openssl pkcs8 -in key.pem -out plain.pem).',
  ],
  [
    /-----BEGIN (RSA|EC) PRIVATE KEY-----/,
    'The PEM key is in the older PKCS#1/SEC1 form; convert it to PKCS#8 (openssl pkcs8 -topk8 -nocrypt -in key.pem -out key8.pem).',
  ],
  [
    /-----BEGIN (PUBLIC KEY|CERTIFICATE)-----/,
    'The PEM holds a public key or certificate; private_key_jwt signs with the private key.',
  ],
];

function jwkKey(text: string): ClientPrivateKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(
      'The key looks like JSON but does not parse; expected a private JWK (RFC 7517 §4) or a JWK Set with one key.'
    );
  }
  const set = (parsed as { keys?: unknown }).keys;
  if (Array.isArray(set) && set.length !== 1)
    throw invalid(`The JWK Set has ${set.length} keys; give a file with the one private key to sign with.`);
  const jwk = (Array.isArray(set) ? set[0] : parsed) as Jwk;
  if (!jwk || typeof jwk !== 'object' || typeof jwk.kty !== 'string')
    throw invalid('The JWK has no "kty"; expected a private JWK (RFC 7517 §4.1).');
  const kind: ClientKeyKind | undefined =
    jwk.kty === 'RSA'
      ? 'RSA'
      : jwk.kty === 'EC' && ['P-256', 'P-384', 'P-521'].includes(String(jwk.crv))
        ? (`EC ${String(jwk.crv)}` as ClientKeyKind)
        : jwk.kty === 'OKP' && jwk.crv === 'Ed25519'
          ? 'Ed25519'
          : undefined;
  if (!kind)
    throw invalid(
      `The JWK is kty ${jwk.kty}${jwk.crv ? ` crv ${String(jwk.crv)}` : ''}; expected RSA, EC (P-256, P-384, P-521) or OKP Ed25519.`
    );
  if (typeof jwk.d !== 'string')
    throw invalid('The JWK is a public key (no "d"); private_key_jwt signs with the private key.');
  return {
    kind,
    format: 'JWK',
    kid: typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : null,
    alg: typeof jwk.alg === 'string' ? jwk.alg : null,
    signingKey: { jwk },
  };
}

/** Reads the client's private key from a PEM (PKCS#8) or JWK file's text; a clear refusal for anything else. */
export function parseClientPrivateKey(text: string): ClientPrivateKey {
  const trimmed = text.trim();
  if (!trimmed) throw invalid("No private key is given; private_key_jwt needs the client's private key (PEM or JWK).");
  if (trimmed.startsWith('{')) return jwkKey(trimmed);
  for (const [pattern, message] of PEM_MISTAKES) if (pattern.test(trimmed)) throw invalid(message);
  const pem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(trimmed);
  if (!pem) throw invalid('The key is neither a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") nor a JWK.');
  try {
    return { kind: pemKind(pem[0]), format: 'PKCS#8 PEM', kid: null, alg: null, signingKey: { pkcs8: pem[0] } };
  } catch (e) {
    if (e instanceof ProtocolError && e.code === PROTOCOL_ERROR.INVALID_PRIVATE_KEY) throw e;
    throw invalid("The PEM key's body is not base64; the file is damaged.");
  }
}

import { base64UrlEncode } from '../encoding/base64';
import { utf8Encode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { JoseSignPort, RandomPort } from '../ports';
import { ASSERTION_ALGS, assertionAlgFor, parseClientPrivateKey, type AssertionAlg } from './client-key';

/**
 * A client assertion (RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2), §3; OIDC Core §9
 * (https://openid.net/specs/openid-connect-core-1_0.html#ClientAuthentication)): a JWT the client signs with its
 * secret (`client_secret_jwt`, HMAC) or its private key (`private_key_jwt`), sent as `client_assertion` with
 * `client_assertion_type` instead of a secret. Built here with every part shown, as the OAuth 1.0a signature is: the
 * header, the claims, which key, the signing input and the signature. Randomness and the clock are passed in.
 */

export type AssertionMethod = 'client_secret_jwt' | 'private_key_jwt';

/** RFC 7523 §2.2: the value of client_assertion_type. */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Seconds an assertion is valid: short, as OIDC Core §9 and RFC 7523 §3 (item 4) advise. */
const ASSERTION_LIFETIME_SECONDS = 60;

export interface ClientAssertionInput {
  readonly method: AssertionMethod;
  readonly clientId: string;
  /** RFC 7523 §3 item 3: the token endpoint's URL, or the issuer, as the provider documents. */
  readonly audience: string;
  /** client_secret_jwt: the client secret; private_key_jwt: the private key's PEM or JWK text. */
  readonly key: string;
  /** Empty: HS256 for a secret; the JWK's alg or the key's first for a private key. */
  readonly alg?: string | null;
  /** Empty: the JWK's kid, if any. */
  readonly kid?: string | null;
  /** Seconds since the epoch for iat; exp is lifetimeSeconds later. */
  readonly issuedAt: number;
  readonly lifetimeSeconds?: number;
  /** A jti to send again (a deliberate replay); absent: a fresh one from the random port. */
  readonly jti?: string | null;
  /**
   * A grant assertion's (RFC 7523 §2.1) own iss and sub, when they are not the client_id (§3 items 1, 2), and its
   * claims beyond §3's (Google's scope).
   */
  readonly grant?: {
    readonly issuer: string;
    readonly subject: string;
    readonly claims?: Readonly<Record<string, string>>;
  };
}

export interface ClientAssertionTrace {
  readonly method: AssertionMethod;
  readonly header: Readonly<Record<string, string>>;
  readonly claims: Readonly<Record<string, string | number>>;
  /** Which key signed it, in words; never the key itself. */
  readonly key: string;
  readonly signingInput: string;
  readonly signature: string;
  readonly assertion: string;
}

const STEP = 'client-assertion';

/**
 * The key a client signs with, checked before anything is signed: client_secret_jwt's secret (HS*) or
 * private_key_jwt's private key (its alg checked against the key), with its kid and the key in words for a trace.
 * `whose` names the key's holder in those words: the client's, or for a grant assertion (RFC 7523 §2.1) its issuer's.
 */
export function signingKeyOf(
  input: Pick<ClientAssertionInput, 'method' | 'key' | 'alg' | 'kid'>,
  whose = "the client's"
) {
  if (input.method === 'client_secret_jwt') {
    if (!input.key)
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
        STEP,
        'The client secret is empty; client_secret_jwt signs the assertion with it (OIDC Core §9).'
      );
    const alg = input.alg || 'HS256';
    if (!/^HS(256|384|512)$/.test(alg))
      throw new ProtocolError(
        PROTOCOL_ERROR.ALG_KEY_MISMATCH,
        STEP,
        `${alg} does not fit client_secret_jwt, which signs with the secret by HMAC: HS256, HS384 or HS512 (OIDC Core §9).`
      );
    const secret = utf8Encode(input.key);
    return {
      alg: alg as AssertionAlg,
      kid: input.kid || null,
      key: { secret },
      words: `the client secret's UTF-8 octets (${secret.length} bytes, masked)`,
    };
  }
  if (input.alg && !(ASSERTION_ALGS as readonly string[]).includes(input.alg))
    throw new ProtocolError(
      PROTOCOL_ERROR.ALG_KEY_MISMATCH,
      STEP,
      `${input.alg} is not a signing algorithm for a client assertion; expected one of ${ASSERTION_ALGS.join(', ')}.`
    );
  const parsed = parseClientPrivateKey(input.key);
  const alg = assertionAlgFor(parsed, input.alg ?? null);
  const kid = input.kid || parsed.kid;
  return {
    alg,
    kid,
    key: parsed.signingKey,
    words: `${whose} ${parsed.kind} private key (${parsed.format}${kid ? `, kid ${kid}` : ', no kid'}; masked)`,
  };
}

/** Builds and signs one assertion; each call without a given jti has a fresh one (RFC 7523 §3 item 7). */
export async function buildClientAssertion(
  input: ClientAssertionInput,
  ports: { readonly random: RandomPort; readonly jose: JoseSignPort }
): Promise<ClientAssertionTrace> {
  if (!input.clientId)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CLIENT_ID,
      STEP,
      'client_id is empty; a client assertion names the client as iss and sub (RFC 7523 §3).'
    );
  // RFC 7523 §2.1: a grant assertion is signed by its issuer, who may well not be the client authenticating (§2.2).
  const signer = signingKeyOf(input, input.grant ? "the grant assertion's signing key: its issuer's" : undefined);
  const header: Record<string, string> = { alg: signer.alg, typ: 'JWT', ...(signer.kid ? { kid: signer.kid } : {}) };
  const claims = {
    iss: input.grant?.issuer ?? input.clientId,
    sub: input.grant?.subject ?? input.clientId,
    aud: input.audience,
    jti: input.jti || base64UrlEncode(ports.random.bytes(16)),
    exp: input.issuedAt + (input.lifetimeSeconds ?? ASSERTION_LIFETIME_SECONDS),
    iat: input.issuedAt,
    ...input.grant?.claims,
  };
  const payload = utf8Encode(JSON.stringify(claims));
  // RFC 7515 §5.1: BASE64URL(UTF8(header)) || '.' || BASE64URL(payload), the bytes the signature covers.
  const signingInput = `${base64UrlEncode(utf8Encode(JSON.stringify(header)))}.${base64UrlEncode(payload)}`;
  const signed = await ports.jose.signCompact(header, payload, signer.key);
  if (!signed.ok)
    throw new ProtocolError(
      PROTOCOL_ERROR.ASSERTION_SIGNING_FAILED,
      STEP,
      `The assertion could not be signed with ${signer.alg} and ${signer.words}: ${signed.reason}`
    );
  const dot = signed.jws.lastIndexOf('.');
  if (signed.jws.slice(0, dot) !== signingInput)
    throw new ProtocolError(
      PROTOCOL_ERROR.ASSERTION_SIGNING_FAILED,
      STEP,
      'The JOSE library signed other bytes than the signing input shown; the trace would not match the request.'
    );
  return {
    method: input.method,
    header,
    claims,
    key: signer.words,
    signingInput,
    signature: signed.jws.slice(dot + 1),
    assertion: signed.jws,
  };
}

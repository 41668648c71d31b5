import { utf8Encode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Param } from '../url-encoded';
import type { JoseSignPort } from '../ports';
import { signingKeyOf, type AssertionMethod } from './client-assertion';
import type { ClientAuthentication } from './token-request';

/**
 * A request object (RFC 9101 (https://www.rfc-editor.org/rfc/rfc9101)): the authorization request's parameters as the claims of a signed JWT, with iss
 * (the client), aud (the provider's issuer), iat, nbf, exp and jti (§4), and its trace: header, each claim with what it
 * is, and the key it is signed with. The signing itself is injected (platform/jose.ts), as shared/ does no crypto.
 */
export interface RequestObjectInput {
  /** The authorization request's parameters, client_id among them. */
  readonly params: readonly Param[];
  readonly clientId: string;
  /** The provider's issuer identifier, the request object's audience (§4). */
  readonly audience: string;
  readonly nowSeconds: number;
  readonly jti: string;
  /** How long the request object is valid, in seconds (its exp). */
  readonly lifetimeSeconds?: number;
}

interface RequestObjectSigner {
  readonly alg: string;
  /** The key's identifier in the header, so the provider picks it from the client's JWK Set (RFC 7515 §4.1.4). */
  readonly kid?: string | null;
  /** The key in words, for the trace: never the key itself. */
  readonly key: string;
  readonly sign: (
    header: Readonly<Record<string, unknown>>,
    payload: Readonly<Record<string, unknown>>
  ) => Promise<string>;
}

export interface RequestObjectTraceLine {
  readonly part: string;
  readonly value: string;
  readonly note: string;
  /** An authorization request parameter carried as a claim, rather than a part of the JWT itself. */
  readonly parameter: boolean;
}

export interface RequestObject {
  readonly jwt: string;
  readonly header: Readonly<Record<string, unknown>>;
  readonly claims: Readonly<Record<string, unknown>>;
  readonly trace: readonly RequestObjectTraceLine[];
}

/** RFC 9101 §10.8: the media type a request object is typed with, so it is never taken for another JWT. */
const REQUEST_OBJECT_TYP = 'oauth-authz-req+jwt';

const CLAIM_NOTES: Readonly<Record<string, string>> = {
  iss: 'the client that signed it (RFC 9101 §4)',
  aud: "the provider's issuer, so no other server accepts it (RFC 9101 §4, §10.2)",
  iat: 'when it was made (RFC 7519 §4.1.6)',
  nbf: 'not valid before it was made (RFC 7519 §4.1.5; FAPI 2.0 requires it)',
  exp: 'after this it is refused (RFC 7519 §4.1.4)',
  jti: 'its identifier, against replay (RFC 7519 §4.1.7)',
  client_id: 'must equal the client_id sent beside it (RFC 9101 §5)',
};

/** Builds and signs the request object; its claims are the parameters and replace them at the provider (§5, §6.3). */
export async function buildRequestObject(
  input: RequestObjectInput,
  signer: RequestObjectSigner
): Promise<RequestObject> {
  const header = { alg: signer.alg, typ: REQUEST_OBJECT_TYP, ...(signer.kid ? { kid: signer.kid } : {}) };
  const claims: Record<string, unknown> = {
    iss: input.clientId,
    aud: input.audience,
    iat: input.nowSeconds,
    nbf: input.nowSeconds,
    exp: input.nowSeconds + (input.lifetimeSeconds ?? 300),
    jti: input.jti,
  };
  for (const [name, value] of input.params) if (!(name in claims)) claims[name] = value;
  const jwt = await signer.sign(header, claims);
  const trace: RequestObjectTraceLine[] = [
    { part: 'header.alg', value: signer.alg, note: 'the JWS algorithm (RFC 9101 §4)', parameter: false },
    { part: 'header.typ', value: REQUEST_OBJECT_TYP, note: 'explicit typing (RFC 9101 §10.8)', parameter: false },
    ...(signer.kid
      ? [
          {
            part: 'header.kid',
            value: signer.kid,
            note: "which of the client's keys verifies it (RFC 7515 §4.1.4)",
            parameter: false,
          },
        ]
      : []),
    ...Object.entries(claims).map(([name, value]) => ({
      part: name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      note: CLAIM_NOTES[name] ?? 'an authorization request parameter, as a claim (RFC 9101 §4)',
      parameter: !(name in CLAIM_NOTES),
    })),
    {
      part: 'key',
      value: signer.key,
      note: 'what the provider verifies the signature with (RFC 9101 §6.2)',
      parameter: false,
    },
  ];
  return { jwt, header, claims, trace };
}

/**
 * The client key a request object is signed with (RFC 9101 §4), in the client assertion's terms: the client's private
 * key when it has one (private_key_jwt's, or one whose public half it registered beside a TLS certificate, as FAPI
 * 2.0 clients do), the provider knowing its public half from the client's JWK Set; else the client secret (HS256,
 * RFC 7518 §3.2), which the provider shares.
 */
export interface RequestObjectKey {
  readonly method: AssertionMethod;
  /** The private key's PEM or JWK text, or the client secret. */
  readonly key: string;
  readonly alg: string | null;
  readonly kid: string | null;
}

/** What a profile's client holds to sign with. */
export interface RequestObjectClient {
  readonly authentication: ClientAuthentication;
  readonly clientSecret: string;
  readonly privateKey: string;
  readonly alg: string | null;
  readonly kid: string | null;
}

/**
 * Which key signs the client's request objects, or why it has none: one choice for the app and the CLI. The client's
 * private key first, whatever the token endpoint's authentication (RFC 9101 §4 allows an asymmetric signature or a
 * MAC with the secret): providers that verify request objects list asymmetric algorithms, and some only those; else
 * the client secret (HS256, RFC 7518 §3.2).
 */
export function requestObjectKeyOf(
  c: RequestObjectClient
): { ok: true; key: RequestObjectKey } | { ok: false; reason: string } {
  if (c.privateKey.trim())
    return { ok: true, key: { method: 'private_key_jwt', key: c.privateKey, alg: c.alg || null, kid: c.kid || null } };
  if (c.authentication === 'private_key_jwt')
    return {
      ok: false,
      reason:
        'The client authenticates with private_key_jwt but has no private key; a request object is signed with it (RFC 9101 §4).',
    };
  if (c.clientSecret)
    return { ok: true, key: { method: 'client_secret_jwt', key: c.clientSecret, alg: 'HS256', kid: null } };
  return {
    ok: false,
    reason: `The client has no key to sign a request object with: no private key and no client secret (HS256), as it authenticates with ${c.authentication} (RFC 9101 §4).`,
  };
}

/**
 * Why the provider would refuse a request object signed with `alg`, or null: its metadata (RFC 8414 §2, OIDC
 * Discovery §3) lists request_object_signing_alg_values_supported and `alg` is not among them. `fix` says, in the
 * host's words, how the client gets a key for a listed algorithm. No metadata, or no list: nothing to say.
 */
export function requestObjectAlgRefusal(alg: string, metadata: unknown, fix: string): string | null {
  const listed =
    metadata && typeof metadata === 'object'
      ? (metadata as Record<string, unknown>).request_object_signing_alg_values_supported
      : undefined;
  if (!Array.isArray(listed) || listed.includes(alg)) return null;
  const algs = listed.filter((a): a is string => typeof a === 'string');
  const signer = alg.startsWith('HS') ? 'the client secret' : "the client's private key";
  return `The provider verifies request objects signed with ${algs.join(', ') || 'no algorithm'} only (request_object_signing_alg_values_supported); this one would be signed ${alg} with ${signer} and refused (RFC 9101 §4). ${fix}`;
}

/** Signs the request object with the client's key through the JOSE port; the key is named in the trace, never shown. */
export async function signRequestObject(
  input: RequestObjectInput,
  key: RequestObjectKey,
  jose: JoseSignPort
): Promise<RequestObject> {
  const signing = signingKeyOf(key);
  const words = key.method === 'client_secret_jwt' ? 'the client secret (HMAC, RFC 7518 §3.2)' : signing.words;
  return buildRequestObject(input, {
    alg: signing.alg,
    kid: signing.kid,
    key: words,
    async sign(header, payload) {
      const signed = await jose.signCompact(header, utf8Encode(JSON.stringify(payload)), signing.key);
      if (!signed.ok)
        throw new ProtocolError(
          PROTOCOL_ERROR.ASSERTION_SIGNING_FAILED,
          'authorization-request',
          `The request object could not be signed with ${signing.alg} and ${signing.words}: ${signed.reason}`
        );
      return signed.jws;
    },
  });
}

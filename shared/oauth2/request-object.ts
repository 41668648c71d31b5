import type { Param } from '../oauth1/parameters';

/**
 * A request object (RFC 9101 (https://www.rfc-editor.org/rfc/rfc9101)): the authorization request's parameters as the claims of a signed JWT, with iss
 * (the client), aud (the provider's issuer), iat, exp and jti (§4), and its trace: header, each claim with what it
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

export interface RequestObjectSigner {
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
    exp: input.nowSeconds + (input.lifetimeSeconds ?? 300),
    jti: input.jti,
  };
  for (const [name, value] of input.params) if (!(name in claims)) claims[name] = value;
  const jwt = await signer.sign(header, claims);
  const trace: RequestObjectTraceLine[] = [
    { part: 'header.alg', value: signer.alg, note: 'the JWS algorithm (RFC 9101 §4)' },
    { part: 'header.typ', value: REQUEST_OBJECT_TYP, note: 'explicit typing (RFC 9101 §10.8)' },
    ...(signer.kid
      ? [{ part: 'header.kid', value: signer.kid, note: "which of the client's keys verifies it (RFC 7515 §4.1.4)" }]
      : []),
    ...Object.entries(claims).map(([name, value]) => ({
      part: name,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      note: CLAIM_NOTES[name] ?? 'an authorization request parameter, as a claim (RFC 9101 §4)',
    })),
    { part: 'key', value: signer.key, note: 'what the provider verifies the signature with (RFC 9101 §6.2)' },
  ];
  return { jwt, header, claims, trace };
}

import { base64Decode } from '../encoding/base64';
import { utf8Decode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';

/** A compact JWS split into its parts (RFC 7515 §7.1 (https://www.rfc-editor.org/rfc/rfc7515#section-7.1)), header and payload decoded as JSON objects (RFC 7519 §7.2 (https://www.rfc-editor.org/rfc/rfc7519#section-7.2)). */
export interface DecodedJwt {
  readonly header: Readonly<Record<string, unknown>>;
  readonly payload: Readonly<Record<string, unknown>>;
  /** `BASE64URL(header) . BASE64URL(payload)`: the JWS Signing Input (RFC 7515 §5.1 (https://www.rfc-editor.org/rfc/rfc7515#section-5.1)). */
  readonly signingInput: string;
  readonly signature: string;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function jsonObject(part: string, what: 'header' | 'payload', step: ProtocolStep): Record<string, unknown> {
  if (!B64URL.test(part))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_JWT,
      step,
      `The JWT ${what} is not base64url (RFC 7515 §2): it contains characters outside A-Z a-z 0-9 - _.`
    );
  let value: unknown;
  try {
    value = JSON.parse(utf8Decode(base64Decode(part, step), step));
  } catch (e) {
    if (e instanceof ProtocolError)
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_JWT,
        step,
        `The JWT ${what} does not decode to UTF-8 text: ${e.message}`
      );
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_JWT,
      step,
      `The JWT ${what} is not JSON (RFC 7519 §7.2): ${(e as Error).message}.`
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_JWT,
      step,
      `The JWT ${what} is JSON but not an object (RFC 7519 §7.2).`
    );
  return value as Record<string, unknown>;
}

/** Splits and decodes a compact JWT without verifying anything; each failure names the part. */
export function decodeJwt(token: string, step: ProtocolStep = 'decode'): DecodedJwt {
  const parts = token.trim().split('.');
  if (parts.length === 5)
    throw new ProtocolError(
      PROTOCOL_ERROR.ENCRYPTED_JWT,
      step,
      "The token has five parts: it is an encrypted JWT (JWE, RFC 7516), which needs the client's private key to read."
    );
  if (parts.length !== 3)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_JWT,
      step,
      `A signed JWT has three base64url parts separated by "." (RFC 7515 §7.1); this one has ${parts.length}.`
    );
  const [h, p, s] = parts as [string, string, string];
  if (!B64URL.test(s))
    throw new ProtocolError(PROTOCOL_ERROR.INVALID_JWT, step, 'The JWT signature is not base64url (RFC 7515 §2).');
  return {
    header: jsonObject(h, 'header', step),
    payload: jsonObject(p, 'payload', step),
    signingInput: `${h}.${p}`,
    signature: s,
  };
}

/** True when the text has the shape of a compact JWS (three base64url parts); an opaque token does not. */
export const looksLikeJwt = (token: string): boolean =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token.trim());

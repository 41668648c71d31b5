import { ProtocolError } from '../errors';

/** RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=". */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function bearerAuthorization(accessToken: string): string {
  if (!B64TOKEN.test(accessToken)) {
    throw new ProtocolError('invalid_bearer_token', 'bearer', 'The access token cannot go in an Authorization: Bearer header: it must be letters, digits and - . _ ~ + / with optional trailing = (RFC 6750 §2.1).');
  }
  return `Bearer ${accessToken}`;
}

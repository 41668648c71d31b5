import { base64UrlEncode } from '../encoding/base64';
import type { CryptoPort } from '../ports';

/** `ath`: base64url of the SHA-256 of the access token's ASCII octets (RFC 9449 §4.2 (https://www.rfc-editor.org/rfc/rfc9449#section-4.2)). */
export const accessTokenHash = (accessToken: string, crypto: CryptoPort): string =>
  base64UrlEncode(crypto.digest('SHA-256', accessToken));

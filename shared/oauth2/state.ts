import { base64UrlEncode } from '../encoding/base64';
import type { RandomPort } from '../ports';

/**
 * RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12): the state binds the callback to this browser session. 16 random octets (128 bits), base64url,
 * so it needs no encoding in a URL.
 */
export function generateState(random: RandomPort): string {
  return base64UrlEncode(random.bytes(16));
}

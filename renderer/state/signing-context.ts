import { hexEncode } from '../../shared/encoding/base64';
import type { RandomPort } from '../../shared/ports';

/** A fresh nonce (128 random bits, hex: no characters that need encoding) and the current timestamp (RFC 5849 §3.3). */
export function freshNonceAndTimestamp(random: RandomPort, now: number): { nonce: string; timestamp: string } {
  return { nonce: hexEncode(random.bytes(16)), timestamp: String(Math.floor(now / 1000)) };
}

import { hexEncode } from '../encoding/base64';
import type { CryptoPort, RandomPort } from '../ports';

/**
 * A secret's stand-in in explanations and reports: the first 48 bits of its HMAC-SHA-256 under a random salt drawn
 * once per explanation, so the same code or token gets the same fingerprint within one report ("the code used
 * twice" stays visible), and nothing can be replayed or looked up in a dictionary (an unsalted hash of
 * `Winter2024!` could).
 */
export type Fingerprint = (secret: string) => string;

export function fingerprinter(crypto: CryptoPort, random: RandomPort): Fingerprint {
  const salt = hexEncode(random.bytes(32));
  const memo = new Map<string, string>();
  return (secret) => {
    let fp = memo.get(secret);
    if (fp === undefined) {
      fp = `[secret ${hexEncode(crypto.hmac('SHA-256', salt, secret)).slice(0, 12)}]`;
      memo.set(secret, fp);
    }
    return fp;
  };
}

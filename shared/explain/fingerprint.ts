import { hexEncode } from '../encoding/base64';
import type { CryptoPort } from '../ports';

/**
 * A secret's stand-in in explanations and reports: the first 48 bits of its SHA-256, so the same code or token
 * gets the same fingerprint ("the code used twice" stays visible) and nothing that can be replayed is shown.
 */
export type Fingerprint = (secret: string) => string;

export function fingerprinter(crypto: CryptoPort): Fingerprint {
  const memo = new Map<string, string>();
  return (secret) => {
    let fp = memo.get(secret);
    if (fp === undefined) {
      fp = `[secret ${hexEncode(crypto.digest('SHA-256', secret)).slice(0, 12)}]`;
      memo.set(secret, fp);
    }
    return fp;
  };
}

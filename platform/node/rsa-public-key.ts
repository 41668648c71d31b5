import { createPublicKey } from 'node:crypto';

const EXPECTED =
  'expected a PEM public key (-----BEGIN PUBLIC KEY----- or -----BEGIN RSA PUBLIC KEY-----) or an X.509 certificate (-----BEGIN CERTIFICATE-----)';

/**
 * RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3): RSA-SHA* signatures are verified with the consumer's RSA public key. Says why `pem` cannot be
 * that key, naming it `name` (the config field, the CLI flag, the page's input), or returns null when it can. A
 * private key is refused although a public key could be derived from it: verifying needs none, and it is the
 * client's to keep. Used wherever a key is taken (mock config, `oauth-lab debug`, the bridge's rsaVerify), so a bad
 * key is named as such instead of turning every check into a mismatch.
 */
export function rsaPublicKeyProblem(pem: string, name: string): string | null {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem))
    return `${name} is a private key; ${EXPECTED}. Checking a signature needs only the public key.`;
  let type: string | undefined;
  try {
    type = createPublicKey(pem).asymmetricKeyType;
  } catch {
    // OpenSSL's reason ("DECODER routines::unsupported") says less than what is expected.
    return `${name} could not be read: ${EXPECTED}.`;
  }
  // RSA-SHA1/256/512 are RSASSA-PKCS1-v1_5 (RFC 3447 §8.2 (https://www.rfc-editor.org/rfc/rfc3447#section-8.2)), which needs a plain RSA key.
  return type === 'rsa'
    ? null
    : `${name} is an ${type ?? 'unknown'} key; RSA-SHA1, RSA-SHA256 and RSA-SHA512 need an RSA key.`;
}

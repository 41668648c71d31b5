import { createPublicKey } from 'node:crypto';

/**
 * RFC 5849 §3.4.3: the server verifies RSA-SHA* signatures with the consumer's RSA public key, established with its
 * credentials. Says why a configured `rsaPublicKey` cannot be that key, or returns null when it can. A private key
 * is refused although a public key could be derived from it: the mock only verifies and should never hold one.
 */
export function rsaPublicKeyProblem(pem: string): string | null {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) return 'rsaPublicKey is a private key; configure the public key (-----BEGIN PUBLIC KEY-----), the provider only verifies';
  let type: string | undefined;
  try {
    type = createPublicKey(pem).asymmetricKeyType;
  } catch (e) {
    return `rsaPublicKey is not a PEM public key (${(e as Error).message}); expected -----BEGIN PUBLIC KEY----- (SPKI) or -----BEGIN RSA PUBLIC KEY----- (PKCS#1)`;
  }
  // RSA-SHA1/256/512 are RSASSA-PKCS1-v1_5 (RFC 3447 §8.2), which needs a plain RSA key.
  if (type !== 'rsa') return `rsaPublicKey is an ${type ?? 'unknown'} key; RSA-SHA1, RSA-SHA256 and RSA-SHA512 need an RSA key`;
  return null;
}

import { createPublicKey } from 'node:crypto';
import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { BridgeFailure } from '../../../shared/bridge/result';
import { base64Decode } from '../../../shared/encoding/base64';
import type { CryptoPort, HashAlgorithm } from '../../../shared/ports';

const HASH: Record<ParsedInput<'rsaVerify'>['method'], HashAlgorithm> = { 'RSA-SHA1': 'SHA-1', 'RSA-SHA256': 'SHA-256', 'RSA-SHA512': 'SHA-512' };
const EXPECTED = 'expected a PEM public key (-----BEGIN PUBLIC KEY----- or -----BEGIN RSA PUBLIC KEY-----) or an X.509 certificate (-----BEGIN CERTIFICATE-----)';

/**
 * Why `pem` cannot be the consumer's RSA public key (RFC 5849 §3.4.3), or null when it can: what node's
 * createPublicKey reads (as the crypto port and `oauth-lab debug --rsa-public-key` do), holding an RSA key. A private
 * key is refused although a public key could be derived from it: checking needs none, and it belongs to the client.
 */
function publicKeyProblem(pem: string): string | null {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) return `The RSA public key is a private key; ${EXPECTED}. Checking a signature needs only the public key.`;
  let type: string | undefined;
  try {
    type = createPublicKey(pem).asymmetricKeyType;
  } catch {
    // OpenSSL's reason ("DECODER routines::unsupported") says less than what is expected.
    return `The RSA public key could not be read: ${EXPECTED}.`;
  }
  // RSASSA-PKCS1-v1_5 (RFC 3447 §8.2) needs a plain RSA key, not an RSA-PSS or EC one.
  return type === 'rsa' ? null : `The public key is an ${type ?? 'unknown'} key; RSA-SHA1, RSA-SHA256 and RSA-SHA512 need an RSA key.`;
}

/** Checking RSA signatures in the host, for the page, whose crypto has no RSA. Nothing here is logged. */
export function createVerifyHandlers(crypto: CryptoPort) {
  return {
    rsaVerify({ method, publicKeyPem, signature, baseStrings }: ParsedInput<'rsaVerify'>): MethodOutput<'rsaVerify'> {
      const problem = publicKeyProblem(publicKeyPem);
      if (problem) throw new BridgeFailure('invalid_input', problem);
      const bytes = base64Decode(signature);
      return { matches: baseStrings.map((b) => crypto.rsaVerify(HASH[method], publicKeyPem, b, bytes)) };
    },
  };
}

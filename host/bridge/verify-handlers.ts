import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { CONTRACT_ERROR, BridgeFailure } from '../../shared/bridge/result';
import { base64Decode } from '../../shared/encoding/base64';
import { SIGNATURE_HASH } from '../../shared/oauth1/signing';
import type { CryptoPort } from '../../shared/ports';
import { rsaPublicKeyProblem } from '../../platform/node/rsa-public-key';

/** Checking RSA signatures in the host, for the page, whose crypto has no RSA. Nothing here is logged. */
export function createVerifyHandlers(crypto: CryptoPort) {
  return {
    rsaVerify({ method, publicKeyPem, signature, baseStrings }: ParsedInput<'rsaVerify'>): MethodOutput<'rsaVerify'> {
      const problem = rsaPublicKeyProblem(publicKeyPem, 'The RSA public key');
      if (problem) throw new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, problem);
      const bytes = base64Decode(signature);
      return { matches: baseStrings.map((b) => crypto.rsaVerify(SIGNATURE_HASH[method], publicKeyPem, b, bytes)) };
    },
  };
}

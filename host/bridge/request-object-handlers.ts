import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { base64UrlEncode } from '../../shared/encoding/base64';
import { signRequestObject } from '../../shared/oauth2/request-object';
import type { RandomPort } from '../../shared/ports';
import { joseSigner } from '../../platform/jose';

/** Request objects signed in the host for the page (RFC 9101 §4), each with a fresh jti; the key is never logged. */
export function createRequestObjectHandlers(random: RandomPort, now: () => number) {
  return {
    requestObjectSign: async ({
      params,
      clientId,
      audience,
      key,
    }: ParsedInput<'requestObjectSign'>): Promise<MethodOutput<'requestObjectSign'>> => {
      const made = await signRequestObject(
        {
          params,
          clientId,
          audience,
          nowSeconds: Math.floor(now() / 1000),
          jti: base64UrlEncode(random.bytes(16)),
        },
        key,
        joseSigner
      );
      return { ...made, trace: [...made.trace] };
    },
  };
}

import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import type { RandomPort } from '../../shared/ports';
import { hostAssertionSigner } from '../client-assertion-signer';

/** Client assertions signed in the host for the page (RFC 7523 §2.2), with a fresh jti each; the key is never logged. */
export function createAssertionHandlers(random: RandomPort, now: () => number) {
  const sign = hostAssertionSigner(random);
  return {
    clientAssertion: ({
      mistake,
      jti,
      ...settings
    }: ParsedInput<'clientAssertion'>): Promise<MethodOutput<'clientAssertion'>> =>
      sign(settings, Math.floor(now() / 1000), mistake === undefined ? null : { kind: mistake, jti: jti ?? null }),
  };
}

import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { buildClientAssertion } from '../../../shared/oauth2/client-assertion';
import type { RandomPort } from '../../../shared/ports';
import { joseSigner } from '../../../platform/jose';

/** Client assertions signed in the host for the page (RFC 7523 §2.2), with a fresh jti each; the key is never logged. */
export function createAssertionHandlers(random: RandomPort, now: () => number) {
  return {
    clientAssertion(input: ParsedInput<'clientAssertion'>): Promise<MethodOutput<'clientAssertion'>> {
      return buildClientAssertion({ ...input, issuedAt: Math.floor(now() / 1000) }, { random, jose: joseSigner });
    },
  };
}

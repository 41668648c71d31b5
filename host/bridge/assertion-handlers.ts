import { exportPKCS8, generateKeyPair } from 'jose';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { buildClientAssertion, type ClientAssertionInput } from '../../shared/oauth2/client-assertion';
import { WRONG_AUDIENCE } from '../../shared/oauth2/client-auth-mistakes';
import { assertionAlgFor, parseClientPrivateKey } from '../../shared/oauth2/client-key';
import { hexEncode } from '../../shared/encoding/base64';
import type { RandomPort } from '../../shared/ports';
import { joseSigner } from '../../platform/jose';

/** Client assertions signed in the host for the page (RFC 7523 §2.2), with a fresh jti each; the key is never logged. */
export function createAssertionHandlers(random: RandomPort, now: () => number) {
  return {
    async clientAssertion({
      mistake,
      jti,
      ...input
    }: ParsedInput<'clientAssertion'>): Promise<MethodOutput<'clientAssertion'>> {
      const right: ClientAssertionInput = { ...input, issuedAt: Math.floor(now() / 1000) };
      const made: ClientAssertionInput =
        mistake === 'wrong-audience'
          ? { ...right, audience: WRONG_AUDIENCE }
          : mistake === 'expired'
            ? { ...right, issuedAt: right.issuedAt - 600 }
            : mistake === 'reused-jti'
              ? { ...right, jti: jti ?? null }
              : mistake === 'other-key'
                ? { ...right, key: await anotherKey(input, random) }
                : right;
      return buildClientAssertion(made, { random, jose: joseSigner });
    },
  };
}

/** A key the server cannot know, of the same kind (so the alg still fits): a fresh key pair, or a random secret. */
async function anotherKey(input: { method: string; key: string; alg: string | null }, random: RandomPort) {
  if (input.method === 'client_secret_jwt') return hexEncode(random.bytes(32));
  const alg = assertionAlgFor(parseClientPrivateKey(input.key), input.alg || null);
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return exportPKCS8(privateKey);
}

import { exportPKCS8, generateKeyPair } from 'jose';
import type { AssertionSigner } from '../shared/flows/driver/client-auth-port';
import { buildClientAssertion, type ClientAssertionInput } from '../shared/oauth2/client-assertion';
import { WRONG_AUDIENCE, type PlantedAssertionMistake } from '../shared/oauth2/client-auth-mistakes';
import { assertionAlgFor, parseClientPrivateKey } from '../shared/oauth2/client-key';
import { hexEncode } from '../shared/encoding/base64';
import type { RandomPort } from '../shared/ports';
import { joseSigner } from '../platform/jose';

/**
 * Client assertions signed in the host (RFC 7523 §2.2), for the CLI's flows and, over the bridge, for the page: a
 * fresh jti each (`random`), and a mistake planted on purpose made here, the one place that makes it (RFC 7523 §3).
 */
export const hostAssertionSigner =
  (random: RandomPort): AssertionSigner =>
  async (settings, issuedAt, mistake) => {
    const right: ClientAssertionInput = { ...settings, issuedAt };
    return buildClientAssertion(await withMistake(right, mistake, random), { random, jose: joseSigner });
  };

async function withMistake(
  right: ClientAssertionInput,
  mistake: PlantedAssertionMistake | null,
  random: RandomPort
): Promise<ClientAssertionInput> {
  switch (mistake?.kind) {
    case 'wrong-audience':
      return { ...right, audience: WRONG_AUDIENCE };
    case 'expired':
      return { ...right, issuedAt: right.issuedAt - 600 };
    case 'reused-jti':
      return { ...right, jti: mistake.jti };
    case 'other-key':
      return { ...right, key: await anotherKey(right, random) };
    default:
      return right;
  }
}

/** A key the server cannot know, of the same kind (so the alg still fits): a fresh key pair, or a random secret. */
async function anotherKey(input: ClientAssertionInput, random: RandomPort) {
  if (input.method === 'client_secret_jwt') return hexEncode(random.bytes(32));
  const alg = assertionAlgFor(parseClientPrivateKey(input.key), input.alg || null);
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return exportPKCS8(privateKey);
}

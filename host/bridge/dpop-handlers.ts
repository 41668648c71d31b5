import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import type { DpopKey } from '../../shared/dpop/dpop-key';
import { jwkThumbprint } from '../../shared/dpop/thumbprint';
import type { Jwk } from '../../shared/ports';
import { generateDpopKey, importDpopKey } from '../../platform/jose';
import { nodeCrypto } from '../../platform/node/node-crypto';

/** The profile's DPoP key read in the host; a key that cannot be read is named as bad input. */
async function readKey(text: string, alg: ParsedInput<'dpopKey'>['alg']): Promise<DpopKey> {
  try {
    return await importDpopKey(text, alg ?? undefined);
  } catch (e) {
    throw new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, `The DPoP key: ${(e as Error).message}`);
  }
}

const thumbprintOf = (jwk: Jwk) => jwkThumbprint(jwk, nodeCrypto);

/**
 * DPoP keys kept in the host for the page (RFC 9449 §4.2): made or read, and proofs signed with them; the private
 * key never goes into a log. A new key is handed back once, as a private JWK, for the profile to keep as a secret.
 */
export function createDpopHandlers() {
  return {
    async dpopKey({ key, alg }: ParsedInput<'dpopKey'>): Promise<MethodOutput<'dpopKey'>> {
      if (key.trim() === '') {
        const made = await generateDpopKey(alg ?? 'ES256');
        const publicJwk = made.key.publicJwk;
        const text = JSON.stringify({ ...made.privateJwk, alg: made.key.alg });
        return { key: text, alg: made.key.alg, publicJwk, thumbprint: thumbprintOf(publicJwk) };
      }
      const read = await readKey(key, alg);
      return { key, alg: read.alg, publicJwk: read.publicJwk, thumbprint: thumbprintOf(read.publicJwk) };
    },
    async dpopSign({ key, alg, header, payload }: ParsedInput<'dpopSign'>): Promise<MethodOutput<'dpopSign'>> {
      const read = await readKey(key, alg);
      // Only a DPoP proof of this very key is signed: the host is no general signing oracle for the page.
      const problem =
        header.typ !== 'dpop+jwt'
          ? `its typ is ${JSON.stringify(header.typ ?? null)}, not dpop+jwt (RFC 9449 §4.2)`
          : header.alg !== read.alg
            ? `its alg is ${JSON.stringify(header.alg ?? null)}, but the key signs with ${read.alg}`
            : typeof header.jwk !== 'object' || header.jwk === null
              ? 'its header has no jwk (RFC 9449 §4.2)'
              : thumbprintOf(header.jwk as Jwk) !== thumbprintOf(read.publicJwk)
                ? "its header's jwk is not this key's public key"
                : null;
      if (problem) throw new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, `Not signed as a DPoP proof: ${problem}.`);
      return { jws: await read.sign(header, payload) };
    },
  };
}

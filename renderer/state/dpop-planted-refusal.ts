import { plantedProofRefusal } from '../../shared/dpop/proof-refusal';
import type { Exchange } from '../../shared/http';
import type { PlantedDpopVerdict } from './dpop-planted-verdict';

/**
 * The DPoP verifier's names for the mistake made on purpose when the server's answer refused the proof that carried
 * it (an error status, and the verifier found it); null when none was made, it was accepted, or the verifier found
 * nothing (then the answer is judged as usual).
 */
export function plantedMistakesRefused(planted: PlantedDpopVerdict | null | undefined): readonly string[] | null {
  if (!planted || planted.status < 400 || planted.verification.ok) return null;
  return planted.verification.mistakes.map((m) => m.id);
}

/**
 * A leg's outcome with a refusal of its planted DPoP mistake said as the proof refused, in agreement with the
 * verifier shown under it: whatever error the server gave (invalid_token too), the token and the grant are not
 * what it refused (RFC 9449 §7.1).
 */
export function withPlantedRefusal<O extends { readonly ok: boolean; readonly summary: string }>(
  outcome: O,
  exchange: Exchange | null,
  planted: PlantedDpopVerdict | null | undefined
): O {
  const named = plantedMistakesRefused(planted);
  if (outcome.ok || !exchange || !named) return outcome;
  return { ...outcome, summary: plantedProofRefusal(exchange.response, named) };
}

import type { BridgeError } from '../../../shared/bridge/result';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import type { FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { dpopOfLeg, type PageDpop } from '../dpop-page-send';
import { flowMistakePrepared } from '../flow-mistake-send';

/** What an OAuth 2 leg's send needs beyond its draft: the flow and DPoP mistakes chosen, the nonces. */
export interface LegSendChoices {
  readonly flowMistake: FlowMistake | null;
  /** DPoP nonces the servers handed out, per server (RFC 9449 §8). */
  readonly dpopNonces: Map<string, string>;
  readonly dpopMistake: PlantedDpopMistake | null;
}

export type PreparedLeg =
  | {
      readonly ok: true;
      readonly request: RawRequest;
      readonly dpop: PageDpop | null;
    }
  | { readonly ok: false; readonly error: BridgeError };

/**
 * The request a leg sends, made ready: a flow mistake made on it, and the leg's DPoP key read in the host (RFC
 * 9449). The client assertion is signed as it is sent, by the driver's port (page-client-auth.ts).
 */
export async function preparedLeg(
  deps: RendererDeps,
  profile: Profile,
  flow: OAuth2State,
  leg: string,
  sent: RawRequest,
  choices: LegSendChoices
): Promise<PreparedLeg> {
  const prepared = await flowMistakePrepared(deps.bridge, choices.flowMistake, sent, flow.config.baseUrl);
  if (!prepared.ok) return prepared;
  const dpop = await dpopOfLeg(deps, profile, leg, choices.dpopNonces, choices.dpopMistake);
  if (!dpop.ok) return dpop;
  return { ok: true, request: prepared.value, dpop: dpop.value };
}

import type { BridgeError } from '../../../shared/bridge/result';
import { clientAssertionOf } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import type { FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { appliedAuthMistake, assertionSigned } from '../client-assertion-send';
import { dpopOfLeg, type PageDpop } from '../dpop-page-send';
import { flowMistakePrepared } from '../flow-mistake-send';

/** What an OAuth 2 leg's send needs beyond its draft: the mistakes chosen (DPoP's too), the last accepted assertion, the nonces. */
export interface LegSendChoices {
  readonly flowMistake: FlowMistake | null;
  readonly authMistake: ClientAuthMistake | null;
  /** The assertion the server last accepted on this leg: a reused jti is this one's (RFC 7523 §3). */
  readonly replayable: ClientAssertionTrace | null;
  /** DPoP nonces the servers handed out, per server (RFC 9449 §8). */
  readonly dpopNonces: Map<string, string>;
  readonly dpopMistake: PlantedDpopMistake | null;
}

export type PreparedLeg =
  | {
      readonly ok: true;
      readonly request: RawRequest;
      readonly assertion: ClientAssertionTrace | null;
      readonly dpop: PageDpop | null;
    }
  | { readonly ok: false; readonly error: BridgeError };

/**
 * The request a leg sends, made ready in the host where keys are involved: a flow mistake made on it, the client
 * assertion signed (RFC 7523 §2.2, or the client authentication mistake chosen), and the leg's DPoP (RFC 9449).
 */
export async function preparedLeg(
  deps: RendererDeps,
  profile: Profile,
  flow: OAuth2State,
  leg: string,
  sent: RawRequest,
  choices: LegSendChoices
): Promise<PreparedLeg> {
  const { bridge } = deps;
  const prepared = await flowMistakePrepared(bridge, choices.flowMistake, sent, flow.config.baseUrl);
  if (!prepared.ok) return prepared;
  const signed = await assertionSigned(
    bridge,
    prepared.value,
    clientAssertionOf(profile, flow.config.baseUrl),
    appliedAuthMistake(choices.authMistake, flow.config, choices.replayable)
  );
  if (!signed.ok) return signed;
  const dpop = await dpopOfLeg(deps, profile, leg, choices.dpopNonces, choices.dpopMistake);
  if (!dpop.ok) return dpop;
  return { ok: true, request: signed.value.request, assertion: signed.value.trace, dpop: dpop.value };
}

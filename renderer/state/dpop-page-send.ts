import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import type { Check } from '../../shared/check';
import type { DpopClient } from '../../shared/dpop/dpop-client';
import type { DpopProofPart } from '../../shared/dpop/proof';
import { dpopTokenChecks } from '../../shared/dpop/token-checks';
import type { FlowHostPort } from '../../shared/flows/driver/host-port';
import { withDpopProofs, type DpopLegKind } from '../../shared/flows/driver/dpop-port';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';

/** The legs of the OAuth 2 page that carry a DPoP proof (RFC 9449 §5, §7): token, refresh and the API call. */
const DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = { token: 'token', refresh: 'token', api: 'resource' };

/** What a leg sent with DPoP shows: the key's thumbprint, each proof's parts, and whether a nonce was asked for. */
export interface DpopLegTrace {
  readonly thumbprint: string;
  readonly proofs: readonly {
    readonly method: string;
    readonly url: string;
    readonly trace: readonly DpopProofPart[];
    /** The request again with the nonce the server asked for (§8, §9). */
    readonly nonceRetry: boolean;
  }[];
  /** The server answered use_dpop_nonce and the request went again with its nonce (§8, §9). */
  readonly nonceRetried: boolean;
}

export interface PageDpop {
  readonly client: DpopClient;
  readonly trace: () => DpopLegTrace;
}

/**
 * The profile's DPoP key as a page uses it for one leg (or one bearer call with its refresh): read in the host (bridge dpopKey), each proof signed there
 * (bridge dpopSign) so the private key never meets the page; `nonces` is the page's, kept per server for the session.
 */
export async function pageDpop(
  { bridge, crypto, random, now }: RendererDeps,
  profile: Profile,
  nonces: Map<string, string>
): Promise<BridgeResult<PageDpop>> {
  const text = profile.oauth2.dpopKey;
  if (!text.trim())
    return {
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'DPoP is on, but the profile has no DPoP key: make one or load a PEM or JWK file in the profile.',
      },
    };
  const read = await bridge.dpopKey({ key: text, alg: null });
  if (!read.ok) return read;
  const { alg, publicJwk, thumbprint } = read.value;
  const proofs: DpopLegTrace['proofs'][number][] = [];
  const client: DpopClient = {
    key: { alg, publicJwk, sign: (header, payload) => signed(bridge, text, header, payload) },
    deps: { crypto, random, clock: { now } },
    nonces,
    onProof: (proof, request, nonceRetry) =>
      proofs.push({ method: request.method, url: request.url, trace: proof.trace, nonceRetry }),
  };
  return {
    ok: true,
    value: {
      client,
      trace: () => ({ thumbprint, proofs: [...proofs], nonceRetried: proofs.some((p) => p.nonceRetry) }),
    },
  };
}

async function signed(
  bridge: Pick<BridgeApi, 'dpopSign'>,
  key: string,
  header: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>
): Promise<string> {
  const r = await bridge.dpopSign({ key, alg: null, header: { ...header }, payload: { ...payload } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.jws;
}

/** The DPoP of a leg: none when the profile has it off or the leg carries no proof. */
export const dpopOfLeg = async (
  deps: RendererDeps,
  profile: Profile,
  leg: string,
  nonces: Map<string, string>
): Promise<BridgeResult<PageDpop | null>> =>
  profile.oauth2.dpop && Object.hasOwn(DPOP_LEGS, leg) ? pageDpop(deps, profile, nonces) : { ok: true, value: null };

/** The port as it is, or with DPoP on the page's legs that carry it. */
export const portWithDpop = (port: FlowHostPort, dpop: PageDpop | null) =>
  dpop ? withDpopProofs(port, dpop.client, DPOP_LEGS) : port;

/**
 * A token or refresh leg's verdict with what RFC 9449 §5 asks of a token asked for with a proof: bound to the key
 * (token_type DPoP, and a JWT's cnf.jkt the key's thumbprint, §6.1).
 */
export function withDpopChecks<O extends { readonly ok: boolean; readonly checks: readonly Check[] }>(
  outcome: O,
  leg: string,
  fields: Readonly<Record<string, unknown>> | undefined,
  trace: DpopLegTrace | null
): O {
  if (!trace || leg === 'api' || !outcome.ok || !fields) return outcome;
  return { ...outcome, checks: [...outcome.checks, ...dpopTokenChecks(fields, trace.thumbprint)] };
}

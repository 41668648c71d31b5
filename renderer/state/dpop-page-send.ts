import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import type { Check } from '../../shared/check';
import type { DpopClient } from '../../shared/dpop/dpop-client';
import type { DpopAlg, DpopKey } from '../../shared/dpop/dpop-key';
import type { PlantedDpopMistake } from '../../shared/dpop/planted-mistakes';
import type { DpopProofPart } from '../../shared/dpop/proof';
import { dpopTokenChecks } from '../../shared/dpop/token-checks';
import { accessTokenOf, type DpopLegKind } from '../../shared/flows/driver/dpop-port';
import type { FlowHostPort } from '../../shared/flows/driver/host-port';
import { headerValue, type Exchange, type RawRequest } from '../../shared/http';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { plantedDpopVerdict, type PlantedDpopVerdict } from './dpop-planted-verdict';

/** The legs of the OAuth 2 page that carry a DPoP proof (RFC 9449 §5, §7): token, refresh and the API call. */
export const OAUTH2_DPOP_LEGS: Readonly<Record<string, DpopLegKind>> = {
  token: 'token',
  refresh: 'token',
  api: 'resource',
};

/**
 * What a leg sent with DPoP shows: the key's thumbprint, each proof's parts (the first, a retry with the server's
 * nonce, or the accepted proof replayed on purpose), whether a nonce was asked for, and a planted mistake's verdict.
 */
export interface DpopLegTrace {
  readonly thumbprint: string;
  readonly proofs: readonly {
    readonly method: string;
    readonly url: string;
    readonly trace: readonly DpopProofPart[];
    readonly step: 'proof' | 'nonce-retry' | 'replay';
  }[];
  /** The server answered use_dpop_nonce and the request went again with its nonce (§8, §9). */
  readonly nonceRetried: boolean;
  readonly planted: PlantedDpopVerdict | null;
}

export interface PageDpop {
  readonly client: DpopClient;
  readonly trace: () => DpopLegTrace;
  /** After the leg's send: the verifier's verdict on the proof that carried the planted mistake, if one was chosen. */
  readonly judgePlanted: (exchange: Exchange, accessToken: string | null) => Promise<void>;
}

/**
 * The thumbprint of the profile's DPoP key when DPoP is on and the key reads: the authorization request's dpop_jkt,
 * binding the code to the key the token leg proves (RFC 9449 §10). Null otherwise; the token leg then says why.
 */
export async function dpopJktOf(bridge: Pick<BridgeApi, 'dpopKey'>, profile: Profile): Promise<string | null> {
  if (!profile.oauth2.dpop || !profile.oauth2.dpopKey.trim()) return null;
  const read = await bridge.dpopKey({ key: profile.oauth2.dpopKey, alg: null });
  return read.ok ? read.value.thumbprint : null;
}

/** A key made in the host for the another-key mistake (bridge dpopKey with no key), signing there too. */
async function anotherKey(bridge: Pick<BridgeApi, 'dpopKey' | 'dpopSign'>, alg: DpopAlg): Promise<DpopKey> {
  const made = await bridge.dpopKey({ key: '', alg });
  if (!made.ok) throw new Error(made.error.message);
  const { key, publicJwk } = made.value;
  return { alg, publicJwk, sign: (header, payload) => signed(bridge, key, header, payload) };
}

/**
 * The profile's DPoP key as a page uses it for one leg (or one bearer call with its refresh): read in the host
 * (bridge dpopKey), each proof signed there (bridge dpopSign) so the private key never meets the page; `nonces` is
 * the page's, kept per server for the session.
 */
export async function pageDpop(
  deps: RendererDeps,
  profile: Profile,
  nonces: Map<string, string>,
  mistake: PlantedDpopMistake | null = null
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
  return keyDpop(deps, text, nonces, mistake);
}

/**
 * A DPoP key's client as a page uses it: `text` (a private JWK or PEM) read in the host (bridge dpopKey), each proof
 * signed there (bridge dpopSign); `nonces` the page's, kept per server.
 */
export async function keyDpop(
  { bridge, crypto, random, now }: RendererDeps,
  text: string,
  nonces: Map<string, string>,
  mistake: PlantedDpopMistake | null = null
): Promise<BridgeResult<PageDpop>> {
  const read = await bridge.dpopKey({ key: text, alg: null });
  if (!read.ok) return read;
  const { alg, publicJwk, thumbprint } = read.value;
  const proofs: DpopLegTrace['proofs'][number][] = [];
  const sent: RawRequest[] = [];
  let planted: PlantedDpopVerdict | null = null;
  const client: DpopClient = {
    key: { alg, publicJwk, sign: (header, payload) => signed(bridge, text, header, payload) },
    deps: { crypto, random, clock: { now } },
    nonces,
    // Planted in this leg's proof only (the client clears it once made): sent once, for the server to refuse.
    mistake,
    anotherKey: () => anotherKey(bridge, alg),
    onProof: (proof, request, nonceRetry) => {
      // The same proof again is reused-jti's replay (§11.1).
      const replay = sent.some((r) => headerValue(r.headers, 'dpop') === proof.jwt);
      const step = replay ? 'replay' : nonceRetry ? 'nonce-retry' : 'proof';
      sent.push(request);
      proofs.push({ method: request.method, url: request.url, trace: proof.trace, step });
    },
  };
  const trace = (): DpopLegTrace => ({
    thumbprint,
    proofs: [...proofs],
    nonceRetried: proofs.some((p) => p.step === 'nonce-retry'),
    planted,
  });
  const judgePlanted = async (exchange: Exchange, accessToken: string | null) => {
    if (mistake === null) return;
    // The key the token is bound to is the profile's: its proof obtained the token (§6.1).
    // The nonce the server holds is the one its answer hands out (§8.2: a refusal names it); none said, none checked.
    const nonce = headerValue(exchange.response.headers, 'dpop-nonce') ?? null;
    const server = { accessToken, boundJkt: accessToken === null ? null : thumbprint, nonce };
    planted = await plantedDpopVerdict(mistake, sent, exchange, server, { crypto, now });
  };
  return { ok: true, value: { client, trace, judgePlanted } };
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

/**
 * A port that sends the OAuth 2 page's legs with DPoP (authenticatedWith over OAUTH2_DPOP_LEGS: a fresh proof on
 * each send, one retry with the server's nonce, the API call in the DPoP scheme, §7.1), with a planted mistake
 * judged once the leg answered. The port as it is without DPoP.
 */
export const withPlantedJudged = (port: FlowHostPort, dpop: PageDpop | null): FlowHostPort =>
  dpop
    ? {
        ...port,
        send: async (request, options) => {
          const exchange = await port.send(request, options);
          const kind = Object.hasOwn(OAUTH2_DPOP_LEGS, options.leg) ? OAUTH2_DPOP_LEGS[options.leg] : undefined;
          if (kind) await dpop.judgePlanted(exchange, kind === 'resource' ? accessTokenOf(request) : null);
          return exchange;
        },
      }
    : port;

/** The DPoP of a leg: none when the profile has it off or the leg carries no proof. */
export const dpopOfLeg = async (
  deps: RendererDeps,
  profile: Profile,
  leg: string,
  nonces: Map<string, string>,
  mistake: PlantedDpopMistake | null
): Promise<BridgeResult<PageDpop | null>> =>
  profile.oauth2.dpop && Object.hasOwn(OAUTH2_DPOP_LEGS, leg)
    ? pageDpop(deps, profile, nonces, mistake)
    : { ok: true, value: null };

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

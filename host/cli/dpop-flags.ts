import { generateDpopKey, importDpopKey } from '../../platform/jose';
import type { DpopClient } from '../../shared/dpop/dpop-client';
import { DPOP_ALGS, isDpopAlg, type DpopKey } from '../../shared/dpop/dpop-key';
import { PLANTED_DPOP_MISTAKES, type PlantedDpopMistake } from '../../shared/dpop/planted-mistakes';
import type { DpopProof } from '../../shared/dpop/proof';
import { jwkThumbprint } from '../../shared/dpop/thumbprint';
import type { RawRequest } from '../../shared/http';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { UsageError, type CliIO } from './io';
import { readFileFlag } from './read-file-flag';
import { terminalSafe } from './terminal-text';

/** The DPoP flags a command takes (`call`, `flow oauth2`): on, the key file, its algorithm. */
export const DPOP_FLAGS = {
  dpop: { type: 'boolean' },
  'dpop-key': { type: 'string' },
  'dpop-alg': { type: 'string' },
  'dpop-mistake': { type: 'string' },
} as const;

interface DpopFlagValues {
  readonly dpop?: boolean;
  readonly 'dpop-key'?: string;
  readonly 'dpop-alg'?: string;
  readonly 'dpop-mistake'?: string;
}

/** One proof as sent, for --json: its claims and the request it went on. */
export interface SentProof {
  readonly method: string;
  readonly url: string;
  readonly header: Readonly<Record<string, unknown>>;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** A profile's DPoP key (RFC 9449), for a command run with --profile: its name, whether DPoP is on, the key text. */
export interface ProfileDpop {
  readonly name: string;
  /** The profile's DPoP is on and its saved token is the one used: that token is bound to the profile's key. */
  readonly on: boolean;
  readonly key: string;
}

/**
 * The DPoP client of a command's flags (RFC 9449): the key from --dpop-key (a private JWK or PKCS#8 PEM), else the
 * profile's key (`profile`), else a new one (--dpop-alg, ES256 unless told); its thumbprint said on stderr, and each
 * proof's trace (§4.2) on stderr as it is sent (kept in `proofs` for --json too). Null without --dpop, unless the
 * profile's DPoP is on (a token bound to its key is used only with a proof of it, §7.1).
 */
export async function dpopClientOf(
  v: DpopFlagValues,
  io: CliIO,
  profile: ProfileDpop | null = null
): Promise<{ client: DpopClient; thumbprint: string; proofs: SentProof[] } | null> {
  if (!v.dpop && !profile?.on) {
    const stray = (['dpop-key', 'dpop-alg', 'dpop-mistake'] as const).find((f) => v[f] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --dpop.`);
    return null;
  }
  const profileKey = v['dpop-key'] === undefined && profile?.key.trim() ? profile : null;
  if (profile?.on && !v.dpop && !profileKey)
    throw new UsageError(
      `the profile "${profile.name}" has DPoP on but no DPoP key: make one or load it in the profile, or give --dpop --dpop-key FILE.`
    );
  const mistake = v['dpop-mistake'];
  if (mistake !== undefined && !(PLANTED_DPOP_MISTAKES as readonly string[]).includes(mistake))
    throw new UsageError(`--dpop-mistake must be one of ${PLANTED_DPOP_MISTAKES.join(', ')}; got "${mistake}".`);
  const alg = v['dpop-alg'];
  if (alg !== undefined && !isDpopAlg(alg))
    throw new UsageError(`--dpop-alg must be ${DPOP_ALGS.join(', ')}; got "${alg}".`);
  let key: DpopKey;
  if (profileKey)
    try {
      key = await importDpopKey(profileKey.key, alg);
    } catch (e) {
      throw new UsageError(`the DPoP key of the profile "${profileKey.name}": ${(e as Error).message}`);
    }
  else if (v['dpop-key'] === undefined) key = (await generateDpopKey(alg ?? 'ES256')).key;
  else
    try {
      key = await importDpopKey(readFileFlag('--dpop-key', v['dpop-key']), alg);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`--dpop-key ${v['dpop-key']}: ${(e as Error).message}`);
    }
  const thumbprint = jwkThumbprint(key.publicJwk, nodeCrypto);
  const origin = profileKey
    ? `the profile "${profileKey.name}"'s key`
    : v['dpop-key'] === undefined
      ? 'a new key for this run'
      : `from ${v['dpop-key']}`;
  io.stderr.write(`DPoP key: ${key.alg}, ${origin}; JWK thumbprint (RFC 7638) ${thumbprint}\n`);
  const proofs: SentProof[] = [];
  const onProof = (p: DpopProof, request: RawRequest) => {
    proofs.push({ method: request.method, url: request.url, header: p.header, payload: p.payload });
    io.stderr.write(`DPoP proof for ${terminalSafe(`${request.method} ${request.url}`)}:\n`);
    for (const part of p.trace)
      if (part.part !== 'header.jwk')
        io.stderr.write(`  ${part.part.padEnd(10)} ${terminalSafe(part.value)}  (${part.section}: ${part.note})\n`);
  };
  const client: DpopClient = {
    key,
    deps: { crypto: nodeCrypto, random: nodeRandom, clock: { now: Date.now } },
    nonces: new Map(),
    onProof,
    // Made on purpose in the first proof only, so the server's refusal of it can be seen.
    mistake: (mistake as PlantedDpopMistake | undefined) ?? null,
    anotherKey: async () => (await generateDpopKey(key.alg)).key,
  };
  return { client, thumbprint, proofs };
}

/**
 * What to say when the planted mistake was never made (another-key waits for a request that carries the bound token,
 * RFC 9449 §7, and a run may send none): the run did not show the refusal asked for. Null when it was made.
 */
export function unmadeDpopMistake(dpop: { readonly client: DpopClient } | null): string | null {
  const left = dpop?.client.mistake ?? null;
  return left === null
    ? null
    : `--dpop-mistake ${left} was not made: no request of this run carried the DPoP-bound access token (RFC 9449 §7). Make it on a resource call: oauth-lab call --dpop --dpop-mistake ${left}, or flow oauth2 with the openid scope (UserInfo).`;
}

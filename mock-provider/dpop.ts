import { DPOP_ALGS } from '../shared/dpop/dpop-key';
import { judgeDpopProof, proofKey } from '../shared/dpop/verify';
import { decodeJwt } from '../shared/oidc/jwt';
import { verifyJwsSync } from '../platform/node/jws-verify';
import type { ProviderContext } from './context';
import { header, headerValues, type ProviderRequest } from './http';
import { NonceMemory } from './nonces';
import type { DpopRole } from './state';

/**
 * DPoP at the mock (RFC 9449 (https://www.rfc-editor.org/rfc/rfc9449)): the proof of a request checked by the one
 * verifier (shared/dpop/verify.ts), its jti remembered against replay, and the server's nonce handed out on a
 * switch. Used by the token endpoint (§5) and the protected resources (§7).
 */
export type DpopOutcome =
  | { readonly ok: true; readonly jkt: string | null }
  | {
      readonly ok: false;
      readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce';
      readonly description: string;
      /** The DPoP-Nonce to send with the refusal (§8, §9), when the nonce switch is on. */
      readonly nonce: string | null;
    };

export interface DpopDemand {
  readonly at: DpopRole;
  /** Refuse a request without a proof (a client that requires DPoP, a DPoP-bound token). */
  readonly required: boolean;
  readonly accessToken: string | null;
  readonly boundJkt: string | null;
  /** Why a proof is required, said when none was sent. */
  readonly why: string;
}

/** The role's current nonce, a new one once the current is as old as a proof may be; the previous stays accepted. */
function serverNonce(ctx: ProviderContext, role: DpopRole): { current: string; previous: string | null } {
  const now = ctx.clock.now();
  const n = ctx.state.dpopNonces.get(role);
  if (n && now - n.issuedAt < ctx.settings.switches.dpopProofLifetime * 1000) return n;
  const fresh = { current: ctx.state.newSecret(16), previous: n?.current ?? null, issuedAt: now };
  ctx.state.dpopNonces.set(role, fresh);
  return fresh;
}

/**
 * The request's target URI as the client addressed it (its Host), without query (§4.3 check 9): https on the
 * mutual-TLS port (the endpoints' mtls_endpoint_aliases, RFC 8705 §5), http on the other.
 */
const targetUri = (req: ProviderRequest, ctx: ProviderContext) =>
  `${req.mtls ? 'https' : 'http'}://${header(req, 'host') ?? ctx.listenAuthority()}${req.path}`;

export function checkDpop(req: ProviderRequest, ctx: ProviderContext, demand: DpopDemand): DpopOutcome {
  const sw = ctx.settings.switches;
  const nonce = sw.dpopNonce ? serverNonce(ctx, demand.at) : null;
  const refuse = (error: 'invalid_dpop_proof' | 'use_dpop_nonce', description: string): DpopOutcome => ({
    ok: false,
    error,
    description,
    nonce: nonce?.current ?? null,
  });
  const proofs = headerValues(req, 'dpop');
  if (proofs.length > 1) return refuse('invalid_dpop_proof', 'Send exactly one DPoP header (RFC 9449 §4.3 check 1).');
  const proof = proofs[0];
  if (proof === undefined)
    return demand.required
      ? refuse('invalid_dpop_proof', `No DPoP header: ${demand.why}; send a DPoP proof (RFC 9449 §4).`)
      : { ok: true, jkt: null };
  // RFC 9449 §11.1: iat is judged against the time the client can know, the real clock (as oauth_timestamp is,
  // clock.ts): the mock's moved clock simulates its own lifetimes, not a client clock an hour ahead.
  const nowSeconds = ctx.clock.clientNowSeconds();
  const key = proofKey(proof);
  const signature =
    key && (DPOP_ALGS as readonly string[]).includes(key.alg) ? verifyJwsSync(proof.trim(), key.alg, key.jwk) : null;
  const claims = proofClaims(proof);
  const iat = typeof claims.iat === 'number' ? claims.iat : nowSeconds;
  const replayKey = (jti: string) => NonceMemory.key('dpop', '', 0, jti);
  const v = judgeDpopProof(
    proof,
    {
      method: req.method,
      url: targetUri(req, ctx),
      accessToken: demand.accessToken,
      boundJkt: demand.boundJkt,
      // Either nonce handed out is accepted: the one the proof carries when it is one of them.
      nonce: nonce && nonce.previous !== null && claims.nonce === nonce.previous ? nonce.previous : nonce?.current,
      nowSeconds,
      maxAgeSeconds: sw.dpopProofLifetime,
      // A jti forgotten because the table was full may have been used by any proof up to the floor's iat.
      jtiSeen: (jti) => ctx.state.dpopJtis.has(replayKey(jti)) || iat <= ctx.state.dpopJtis.floor,
    },
    ctx.crypto,
    signature
  );
  if (!v.ok) {
    const nonceOnly = v.mistakes.every((m) => m.id === 'nonce-missing' || m.id === 'nonce-wrong');
    const first = v.mistakes[0]!;
    const more =
      v.mistakes.length > 1
        ? ` (and ${v.mistakes
            .slice(1)
            .map((m) => m.id)
            .join(', ')})`
        : '';
    return refuse(
      nonceOnly ? 'use_dpop_nonce' : 'invalid_dpop_proof',
      `DPoP proof refused, ${first.id}: ${first.title} (${first.section}). ${first.detail}${more}`
    );
  }
  // Used jti values leave by the iat window; a memory full of live ones refuses rather than forgets (§11.1).
  const oldest = nowSeconds - sw.dpopProofLifetime;
  if (!ctx.state.dpopJtis.hasRoom(oldest))
    return refuse(
      'invalid_dpop_proof',
      `DPoP proof refused: the mock's memory of used jti values is full (${ctx.state.dpopJtis.size} proofs within the last ${sw.dpopProofLifetime} s, switch nonceMemory), so it cannot tell this proof from a replay (RFC 9449 §11.1). Try again once older proofs leave the window, or raise nonceMemory.`
    );
  ctx.state.dpopJtis.remember(replayKey(String(claims.jti)), iat, oldest);
  return { ok: true, jkt: v.thumbprint };
}

/** The proof's claims when they decode (the verifier names why when they do not). */
function proofClaims(proof: string): Readonly<Record<string, unknown>> {
  try {
    return decodeJwt(proof, 'dpop').payload;
  } catch {
    return {};
  }
}

/** The DPoP-Nonce header of a refusal, when there is a nonce to send. */
export const nonceHeaders = (o: { readonly nonce: string | null }): [string, string][] =>
  o.nonce === null ? [] : [['DPoP-Nonce', o.nonce]];

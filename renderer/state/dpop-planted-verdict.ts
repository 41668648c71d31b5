import { joseVerifier } from '../../platform/jose';
import type { PlantedDpopMistake } from '../../shared/dpop/planted-mistakes';
import { verifyDpopProof, type DpopVerification } from '../../shared/dpop/verify';
import { headerValue, type Exchange, type RawRequest } from '../../shared/http';
import { decodeJwt } from '../../shared/oidc/jwt';
import type { CryptoPort } from '../../shared/ports';

/** A DPoP mistake the page made on purpose on a leg, what the server did with it, and the DPoP verifier's verdict. */
export interface PlantedDpopVerdict {
  readonly mistake: PlantedDpopMistake;
  /** The answer to the request that carried it: refused when an error status (RFC 9449 §7.1, §5). */
  readonly status: number;
  /** The verifier's verdict on that proof as sent (shared/dpop/verify.ts), against what the server knew. */
  readonly verification: DpopVerification;
}

/** What the server held when it judged the proof: the token it went with, the key that token is bound to, its nonce. */
export interface ServerView {
  readonly accessToken: string | null;
  readonly boundJkt: string | null;
  readonly nonce: string | null;
}

/**
 * The proof that carried the planted mistake (the leg's last: the replay of reused-jti, the single send otherwise)
 * checked by the one verifier, as the Debugger's DPoP tab checks a pasted proof: each mistake named with its section
 * (RFC 9449 §4.3). A jti is seen when an earlier proof of the leg carried it (the replayed one, §11.1).
 */
export async function plantedDpopVerdict(
  mistake: PlantedDpopMistake,
  sent: readonly RawRequest[],
  exchange: Exchange,
  server: ServerView,
  deps: { readonly crypto: CryptoPort; readonly now: () => number }
): Promise<PlantedDpopVerdict> {
  const proofOf = (r: RawRequest) => headerValue(r.headers, 'dpop') ?? '';
  const last = exchange.request;
  const earlier = sent.slice(0, -1).map((r) => jtiOf(proofOf(r)));
  const verification = await verifyDpopProof(
    proofOf(last),
    {
      method: last.method,
      url: last.url,
      accessToken: server.accessToken,
      boundJkt: server.boundJkt,
      nonce: server.nonce,
      nowSeconds: Math.floor(deps.now() / 1000),
      jtiSeen: (jti) => earlier.includes(jti),
    },
    deps.crypto,
    joseVerifier
  );
  return { mistake, status: exchange.response.status, verification };
}

/** The jti of a proof, read without judging it (the verifier names a proof that cannot be read). */
function jtiOf(proof: string): unknown {
  try {
    return decodeJwt(proof, 'dpop').payload.jti;
  } catch {
    return null;
  }
}

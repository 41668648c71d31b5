import type { DpopMistakeId } from './mistakes';

/**
 * DPoP mistakes a client makes on purpose, each sent once so the server's refusal can be seen: the
 * verifier's name for each (mistakes.ts), the one the refusal should give; what it is, in the words of a menu; and
 * whether it needs a proof bound to an access token (a resource call, RFC 9449 §7) or a server that asks for nonces
 * (§8, §9). Made by the one builder (proof.ts) and client (dpop-client.ts) for the CLI and the app alike.
 */
export const PLANTED_DPOP = {
  'htu-query': { refusedAs: 'htu-query', title: 'The query left in htu', needs: null },
  'htm-wrong': { refusedAs: 'htm-wrong', title: 'The wrong method in htm', needs: null },
  'iat-stale': { refusedAs: 'iat-stale', title: 'A stale iat (an hour old)', needs: null },
  'iat-future': { refusedAs: 'iat-future', title: 'An iat an hour ahead', needs: null },
  'ath-missing': { refusedAs: 'ath-missing', title: 'ath missing', needs: 'token' },
  'ath-wrong': { refusedAs: 'ath-wrong', title: 'ath over the wrong token', needs: 'token' },
  'nonce-missing': { refusedAs: 'nonce-missing', title: "The server's nonce ignored", needs: 'nonce' },
  'nonce-wrong': { refusedAs: 'nonce-wrong', title: "A nonce other than the server's", needs: 'nonce' },
  'reused-jti': { refusedAs: 'jti-reused', title: 'A reused jti (the accepted proof sent again)', needs: null },
  'another-key': { refusedAs: 'jkt-mismatch', title: 'Another key than the bound one', needs: 'token' },
} as const satisfies Record<string, { refusedAs: DpopMistakeId; title: string; needs: 'token' | 'nonce' | null }>;
export type PlantedDpopMistake = keyof typeof PLANTED_DPOP;
export const PLANTED_DPOP_MISTAKES = Object.keys(PLANTED_DPOP) as readonly PlantedDpopMistake[];

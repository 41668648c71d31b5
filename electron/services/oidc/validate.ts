import { checkDiscoveryDocument, DISCOVERY_KINDS, traceIdToken, wellKnownUrl, type DiscoveryKind, type DiscoveryResult, type IdTokenExpectations, type IdTokenTrace } from '../../../shared/oidc';
import { nodeCrypto } from '../node-crypto';
import type { SendOptions } from '../transport';
import { fetchJson } from './fetch-json';
import { joseVerifier } from './jose-port';

/** The id_token trace with the app host's effects: jose for signatures, node:crypto for hashes, the transport for the JWKS. */
export function validateIdToken(idToken: string, expectations: IdTokenExpectations, send: SendOptions = {}): Promise<IdTokenTrace> {
  return traceIdToken(idToken, expectations, { jose: joseVerifier, crypto: nodeCrypto, fetchJwks: (uri) => fetchJson(uri, send) });
}

export interface Discovered extends DiscoveryResult {
  /** The document as fetched, or null when it could not be fetched. */
  readonly document: unknown;
  /** Well-known URLs tried before this one, and why they gave nothing. */
  readonly tried: readonly string[];
}

/**
 * Fetches and checks the metadata of an issuer: the OpenID Connect document first, then RFC 8414's (or only the
 * kind asked for). Each failed fetch is a check that says why, so a caller sees both attempts.
 */
export async function discover(issuer: string, kinds: readonly DiscoveryKind[] = DISCOVERY_KINDS, send: SendOptions = {}): Promise<Discovered> {
  const tried: string[] = [];
  for (const kind of kinds) {
    const url = wellKnownUrl(issuer, kind);
    let document: unknown;
    try {
      document = await fetchJson(url, send);
    } catch (e) {
      tried.push(`GET ${url}: ${(e as Error).message}.`);
      continue;
    }
    return { ...checkDiscoveryDocument(document, issuer, kind, url), document, tried };
  }
  const kind = kinds[kinds.length - 1]!;
  return { kind, url: wellKnownUrl(issuer, kind), ok: false, endpoints: null, document: null, tried, checks: [{ name: 'fetch', ok: false, message: `No metadata document at ${kinds.map((k) => wellKnownUrl(issuer, k)).join(' or ')}: ${tried.join(' ')}` }] };
}

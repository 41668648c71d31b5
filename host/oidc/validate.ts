import {
  discoverIssuer,
  DISCOVERY_KINDS,
  traceIdToken,
  type Discovered,
  type DiscoveryKind,
  type IdTokenExpectations,
  type IdTokenTrace,
} from '../../shared/oidc';
import { nodeCrypto } from '../node-crypto';
import type { SendOptions } from '../transport';
import { fetchJson } from './fetch-json';
import { joseVerifier } from '../../platform/jose';

/** The id_token trace with the app host's effects: jose for signatures, node:crypto for hashes, the transport for the JWKS. */
export function validateIdToken(
  idToken: string,
  expectations: IdTokenExpectations,
  send: SendOptions = {}
): Promise<IdTokenTrace> {
  return traceIdToken(idToken, expectations, {
    jose: joseVerifier,
    crypto: nodeCrypto,
    fetchJwks: (uri) => fetchJson(uri, send),
  });
}

/** Discovery (shared/oidc discoverIssuer) with the documents fetched through the app's transport. */
export function discover(
  issuer: string,
  kinds: readonly DiscoveryKind[] = DISCOVERY_KINDS,
  send: SendOptions = {}
): Promise<Discovered> {
  return discoverIssuer(issuer, (url) => fetchJson(url, send), kinds);
}

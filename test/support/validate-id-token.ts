import { traceIdToken, type IdTokenExpectations, type IdTokenTrace } from '../../shared/oidc';
import { nodeCrypto } from '../../platform/node/node-crypto';
import type { SendOptions } from '../../platform/node/transport';
import { fetchJson } from '../../host/oidc/fetch-json';
import { joseVerifier } from '../../platform/jose';

/**
 * The id_token trace with the app host's effects (jose for signatures, node:crypto for hashes, the transport for the
 * JWKS), for tests that check an id_token on its own; the flows check theirs through the flow driver's OpenID legs.
 */
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

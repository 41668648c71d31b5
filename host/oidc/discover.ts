import { discoverIssuer, DISCOVERY_KINDS, type Discovered, type DiscoveryKind } from '../../shared/oidc';
import type { SendOptions } from '../../platform/node/transport';
import { fetchJson } from './fetch-json';

/** Discovery (shared/oidc discoverIssuer) with the documents fetched through the app's transport. */
export function discover(
  issuer: string,
  kinds: readonly DiscoveryKind[] = DISCOVERY_KINDS,
  send: SendOptions = {}
): Promise<Discovered> {
  return discoverIssuer(issuer, (url) => fetchJson(url, send), kinds);
}
